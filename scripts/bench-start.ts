// `npm run bench:start`: the first-start timeline of the built server on an empty database,
// embedded PGlite and then PostgreSQL: when the port answers, how the demo catalogue fills
// ('n of N' on the 503 page), when it is complete (/readyz 200), the longest any request waited
// for its answer meanwhile, and how fast a second start on the same data serves a real page.
// Writes the figures, with the load average of each run, into docs/performance.md.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { writePerformanceSection } from './bench-support'

const BASE_PORT = Number(process.env.BENCH_PORT ?? 3444)
/** The demo's picture size: the app's own default unless DEMO_IMAGE_SIZE says otherwise. */
const IMAGE_SIZE = process.env.DEMO_IMAGE_SIZE
const adminUrl =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

interface Timeline {
  portMs: number
  marks: { ms: number; done: number }[]
  readyMs: number
  /** The longest wait for an answer while starting (the start-up page, /healthz). */
  longestWaitMs: number
  load: { min: number; max: number }
  exitCode: number | null
}

async function timeStart(port: number, env: Record<string, string>): Promise<Timeline> {
  const entry = path.join(process.env.BUILD_DIR ?? 'build', 'server/index.js')
  if (!existsSync(entry)) throw new Error('Build first: npx react-router build')
  const started = performance.now()
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_REQUESTS: 'false',
      LOG_SILENT: '1',
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
      ...(IMAGE_SIZE ? { DEMO_IMAGE_SIZE: IMAGE_SIZE } : {}),
      ...env,
    },
    stdio: 'ignore',
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const base = `http://127.0.0.1:${port}`
  let portMs = -1
  const marks: { ms: number; done: number }[] = []
  const deadline = started + 600_000
  const runLoads: number[] = [loadavg()[0]!]
  const sampling = setInterval(() => runLoads.push(loadavg()[0]!), 5_000)
  // Liveness asked on the side, as a load balancer would: its waits count too.
  let longestWaitMs = 0
  let starting = true
  const probing = (async () => {
    while (starting) {
      const sent = performance.now()
      try {
        const res = await fetch(`${base}/healthz`)
        await res.body?.cancel()
        longestWaitMs = Math.max(longestWaitMs, performance.now() - sent)
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  })()
  for (;;) {
    if (performance.now() > deadline) {
      starting = false
      clearInterval(sampling)
      child.kill('SIGTERM')
      await exited
      throw new Error('not ready within 10 minutes')
    }
    const sent = performance.now()
    try {
      const res = await fetch(`${base}/explore`)
      const ms = Math.round(performance.now() - started)
      if (portMs < 0) portMs = ms
      if (res.status === 200) {
        starting = false
        await res.body?.cancel()
        const ready = await fetch(`${base}/readyz`)
        if (ready.ok) {
          await probing
          clearInterval(sampling)
          child.kill('SIGTERM')
          const load = { min: Math.min(...runLoads), max: Math.max(...runLoads) }
          return { portMs, marks, readyMs: ms, longestWaitMs, load, exitCode: await exited }
        }
      } else {
        longestWaitMs = Math.max(longestWaitMs, performance.now() - sent)
        const match = /Preparing the demo catalogue: (\d+) of \d+/.exec(await res.text())
        const done = match ? Number(match[1]) : 0
        if (done > 0 && marks.at(-1)?.done !== done && (marks.length === 0 || ms - marks.at(-1)!.ms >= 30_000))
          marks.push({ ms, done })
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
  } catch {
    return null
  }
  const name = `stock_bench_start_${Date.now().toString(36)}`
  await client.query(`create database "${name}"`)
  await client.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`drop database if exists "${name}" with (force)`)
      await c.end()
    },
  }
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const rows: string[] = []
function record(label: string, t: Timeline) {
  const marks = t.marks.map((m) => `${m.done} at ${s(m.ms)}`).join(', ') || '-'
  const load =
    t.load.min === t.load.max ? t.load.min.toFixed(1) : `${t.load.min.toFixed(1)} to ${t.load.max.toFixed(1)}`
  rows.push(
    `| ${label} | ${load} | ${s(t.portMs)} | ${marks} | ${s(t.readyMs)} | ${s(t.longestWaitMs)} | ${t.exitCode} |`,
  )
  console.log(rows.at(-1))
}

const pgliteDir = mkdtempSync(path.join(tmpdir(), 'bench-start-'))
try {
  record('PGlite, empty', await timeStart(BASE_PORT, { DATA_DIR: pgliteDir }))
  record('PGlite, second start', await timeStart(BASE_PORT, { DATA_DIR: pgliteDir }))
} finally {
  rmSync(pgliteDir, { recursive: true, force: true })
}
const scratch = await scratchPostgres()
if (scratch) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-start-'))
  try {
    record('PostgreSQL, empty', await timeStart(BASE_PORT + 1, { DATA_DIR: dataDir, DATABASE_URL: scratch.url }))
    record('PostgreSQL, second start', await timeStart(BASE_PORT + 1, { DATA_DIR: dataDir, DATABASE_URL: scratch.url }))
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    await scratch.drop()
  }
} else {
  rows.push('| PostgreSQL | - | not measured: no server answered at the URL given | | | | |')
  console.log(rows.at(-1))
}

writePerformanceSection('start', [
  `## First start (npm run bench:start), measured ${new Date().toISOString().slice(0, 10)}`,
  '',
  `The built server on an empty database, demo mode, ${IMAGE_SIZE ? `DEMO_IMAGE_SIZE ${IMAGE_SIZE}` : 'the default DEMO_IMAGE_SIZE'}, this machine (${availableParallelism()} cores shared with other work; the load average is the one-minute figure sampled during each run). "Port answering" is the first HTTP answer (the 503 start-up page); "catalogue complete" is the first 200 from /explore with /readyz green (for a second start, which reuses the data, the first real page); "longest wait" is the longest any request (the start-up page, /healthz) waited for its answer before that.`,
  '',
  '| start | load average | port answering | progress (demo assets) | catalogue complete | longest wait | exit code on SIGTERM |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...rows,
])
