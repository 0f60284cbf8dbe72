// Screenshots of an upload's processing (decision 087) at phone and desktop width, light and
// dark, into docs/screenshots/: the upload page right after an upload, /admin/assets with files
// processing and failed (with Retry), and /admin/system-status with queued and failed jobs.
// Every state is real. It runs the built server (npm run build first) on a PostgreSQL database
// of its own (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), three times:
//   1. with jobs: the demo catalogue is seeded;
//   2. with jobs, while the storage folder's public/ is a file: an upload's job fails writing
//      its previews, is retried by the queue and fails for good (a failed job); a file that only
//      starts like a WAV fails at its decode (a failed asset);
//   3. without jobs (RUN_JOBS=false), storage mended: new uploads stay queued, 'Processing…'.
// Usage: node scripts/screenshots-processing.mjs [port]
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { chromium } from '@playwright/test'

const port = Number(process.argv[2] ?? 3590)
const base = `http://127.0.0.1:${port}`
const out = 'docs/screenshots'
mkdirSync(out, { recursive: true })
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
const dbName = `stock_shots_${Date.now().toString(36)}`
const dataDir = mkdtempSync(path.join(tmpdir(), 'stock-shots-'))
const storageDir = path.join(dataDir, 'storage')

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}
await adminQuery(`create database "${dbName}"`)
const url = new URL(serverUrl)
url.pathname = `/${dbName}`

async function start(runJobs) {
  const child = spawn(process.execPath, ['build/server/index.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      STORAGE_DIR: storageDir,
      DATABASE_URL: url.toString(),
      SESSION_SECRET: 'shots-secret-shots-secret-shots-secret-1',
      LOG_REQUESTS: 'false',
      LOG_LEVEL: 'error',
      DEMO_IMAGE_SIZE: '384',
      RUN_JOBS: runJobs ? 'true' : 'false',
    },
  })
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/readyz`).then(
      (res) => res.ok,
      () => false,
    )
    if (ok) break
    if (i > 600) throw new Error('the server did not get ready')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return {
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

let token = ''
async function login() {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo-admin-password' }),
  })
  token = (await res.json()).token
}
async function upload(name, type, data, title) {
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(data)], { type }), name)
  form.set('title', title)
  form.set('category', 'Uploads')
  const res = await fetch(`${base}/api/admin/assets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`)
  return (await res.json()).id
}
const picture = (background) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background } })
    .png()
    .toBuffer()
function tone(seconds) {
  const rate = 22_050
  const n = Math.round(seconds * rate)
  const data = Buffer.alloc(44 + n * 2)
  data.write('RIFF', 0, 'latin1')
  data.writeUInt32LE(36 + n * 2, 4)
  data.write('WAVEfmt ', 8, 'latin1')
  data.writeUInt32LE(16, 16)
  data.writeUInt16LE(1, 20)
  data.writeUInt16LE(1, 22)
  data.writeUInt32LE(rate, 24)
  data.writeUInt32LE(rate * 2, 28)
  data.writeUInt16LE(2, 32)
  data.writeUInt16LE(16, 34)
  data.write('data', 36, 'latin1')
  data.writeUInt32LE(n * 2, 40)
  for (let i = 0; i < n; i++) data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 330 * i) / rate)), 44 + i * 2)
  return data
}

let server
try {
  // 1. The demo catalogue.
  server = await start(true)
  await server.stop()

  // 2. A storage that cannot take previews: a failed job, and a file that does not decode.
  renameSync(path.join(storageDir, 'public'), path.join(storageDir, 'public.kept'))
  writeFileSync(path.join(storageDir, 'public'), 'not a folder')
  server = await start(true)
  await login()
  await upload('lamp.png', 'image/png', await picture('#c8902a'), 'Brass desk lamp')
  const fakeWav = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(4000, 7)])
  await upload('field-recording.wav', 'audio/wav', fakeWav, 'Field recording (broken)')
  // The queue tries twice more (about 15 s, then 30 s or so) before the job fails for good.
  for (let i = 0; ; i++) {
    const status = await (
      await fetch(`${base}/api/admin/status`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
    if (status.jobs.counts.failed >= 1) break
    if (i > 240) throw new Error('the job did not fail')
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  await server.stop()

  // 3. Storage mended, no workers: what is uploaded now waits in the queue.
  rmSync(path.join(storageDir, 'public'))
  renameSync(path.join(storageDir, 'public.kept'), path.join(storageDir, 'public'))
  server = await start(false)
  await login()
  await upload('teal-vase.png', 'image/png', await picture('#2a9d8f'), 'Teal ceramic vase')
  await upload('harbour-bells.wav', 'audio/wav', tone(3), 'Harbour bells')

  const files = path.join(dataDir, 'pick')
  mkdirSync(files, { recursive: true })
  writeFileSync(path.join(files, 'copper-kettle.png'), await picture('#b87333'))
  writeFileSync(path.join(files, 'night-rain.wav'), tone(2))

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--headless=new'],
  })
  const variants = [390, 1440].flatMap((width) => ['light', 'dark'].map((scheme) => ({ width, scheme })))
  async function open({ width, scheme }) {
    const context = await browser.newContext({
      viewport: { width, height: width < 500 ? 844 : 900 },
      isMobile: width < 500,
      hasTouch: width < 500,
    })
    await context.addCookies([
      { name: 'color-scheme', value: scheme, url: base },
      { name: '__session', value: token, url: base },
    ])
    const page = await context.newPage()
    const visit = async (pathname) => {
      await page.goto(base + pathname)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      await page.waitForTimeout(400)
    }
    return { context, page, visit }
  }
  // The assets, newest first (processing, and failed with Retry), and the jobs.
  for (const variant of variants) {
    const { context, page, visit } = await open(variant)
    const name = `${variant.width}-${variant.scheme}`
    await visit('/admin/assets')
    await page.screenshot({ path: `${out}/admin-assets-processing-${name}.png` })
    await visit('/admin/system-status')
    await page.screenshot({ path: `${out}/system-status-jobs-${name}.png`, fullPage: true })
    await context.close()
  }
  // The upload page right after files were dropped: stored, waiting for their processing.
  for (const variant of variants) {
    const { context, page, visit } = await open(variant)
    await visit('/admin/upload')
    await page
      .locator('input[name=files]')
      .setInputFiles([path.join(files, 'copper-kettle.png'), path.join(files, 'night-rain.wav')])
    await page.locator('[data-processing=processing]').nth(1).waitFor()
    await page.waitForTimeout(400)
    await page.screenshot({
      path: `${out}/upload-progress-${variant.width}-${variant.scheme}.png`,
      fullPage: variant.width < 500,
    })
    await context.close()
  }
  await browser.close()
} finally {
  await server?.stop().catch(() => {})
  await adminQuery(`drop database if exists "${dbName}" with (force)`).catch(() => {})
  rmSync(dataDir, { recursive: true, force: true })
}
