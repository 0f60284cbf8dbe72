// Starts the built server for the end-to-end tests on a database of its own: a fresh one on
// the PostgreSQL server (dropped on exit), or embedded PGlite when none answers.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startFakeGoogle } from '../tests/fakes/google.mjs'
import { startFakeStripe } from '../tests/fakes/stripe.mjs'

const serverUrl =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const dataDir = mkdtempSync(path.join(tmpdir(), 'stock-e2e-'))
const port = process.env.E2E_PORT ?? '3210'

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

let databaseUrl = ''
const dbName = `stock_e2e_${Date.now().toString(36)}`
try {
  await adminQuery(`create database "${dbName}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${dbName}`
  databaseUrl = url.toString()
} catch {
  console.warn('[e2e] No PostgreSQL server answers: using embedded PGlite.')
}

// Files live in an S3 bucket, as when several instances run: s3rver, a real S3
// protocol server, on the next free port of the range. E2E_STORAGE=local keeps the folder.
let s3 = null
if ((process.env.E2E_STORAGE ?? 's3') === 's3') {
  const { default: S3rver } = await import('s3rver')
  const s3Port = Number(process.env.E2E_S3_PORT ?? Number(port) + 3)
  const bucket = 'stock-e2e'
  const server = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    directory: path.join(dataDir, 's3'),
    silent: true,
    configureBuckets: [{ name: bucket }],
  })
  await server.run()
  s3 = {
    server,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  }
}

// Tests read the outbox (reset emails) and set up data through this database (and the bucket).
mkdirSync('.tmp', { recursive: true })
writeFileSync(`.tmp/e2e-${port}.json`, JSON.stringify({ databaseUrl, s3: s3?.env ?? null }))

// Local fakes of the outside services: never the real Google or Stripe in tests.
const google = await startFakeGoogle({ port: Number(process.env.E2E_GOOGLE_PORT ?? Number(port) + 1) })
const stripe = await startFakeStripe({ port: Number(process.env.E2E_STRIPE_PORT ?? Number(port) + 2) })

const child = spawn(process.execPath, [path.join(process.env.BUILD_DIR ?? 'build', 'server/index.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-1234',
    LOG_REQUESTS: 'false',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    // Many sign-ins from one address in a few minutes: keep the limits, raise the ceilings.
    RATE_LIMIT_SCALE: '50',
    // The status screen's figures are tested, not this machine's speed under a parallel run.
    STATUS_P95_THRESHOLD_MS: '10000',
    // Smaller demo files: the same catalogue, seeded in a fraction of the time.
    DEMO_IMAGE_SIZE: '384',
    ...google.env,
    // Stripe keys, the API base and the checkout origin (FORM_ACTION_ORIGINS) all point at the fake.
    ...stripe.env,
    ...(s3?.env ?? {}),
  },
})

// Playwright stops this process with SIGTERM (gracefulShutdown in playwright.config.ts): the
// server drains and exits, then the database and the temporary folder go, so a test run leaves
// the machine as it found it.
let cleaning = false
const childExited = new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)))
async function cleanup(code) {
  if (cleaning) return
  cleaning = true
  if (child.exitCode === null) child.kill('SIGTERM')
  await Promise.race([childExited, new Promise((resolve) => setTimeout(resolve, 9000))])
  if (child.exitCode === null) child.kill('SIGKILL')
  await google.close().catch(() => {})
  await stripe.close().catch(() => {})
  await s3?.server.close().catch(() => {})
  if (databaseUrl) await adminQuery(`drop database if exists "${dbName}" with (force)`).catch(() => {})
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(`.tmp/e2e-${port}.json`, { force: true })
  process.exit(code)
}
childExited.then((code) => cleanup(code))
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void cleanup(0))
