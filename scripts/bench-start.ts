// `npm run bench:start`: the first-start timeline of the built server on an empty database:
// when the port answers, how the demo catalogue fills ('n of 160' on the 503 page), when it is
// complete (/readyz 200), and how fast a second start on the same data is ready. Writes the
// figures into docs/performance.md.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { writePerformanceSection } from './bench-support'

const BASE_PORT = Number(process.env.BENCH_PORT ?? 3444)
const IMAGE_SIZE = process.env.DEMO_IMAGE_SIZE ?? '1024'
const adminUrl =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

interface Timeline {
  portMs: number
  marks: { ms: number; done: number }[]
  readyMs: number
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
      DEMO_IMAGE_SIZE: IMAGE_SIZE,
      ...env,
    },
    stdio: 'ignore',
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const base = `http://127.0.0.1:${port}`
  let portMs = -1
  const marks: { ms: number; done: number }[] = []
  const deadline = started + 600_000
  for (;;) {
    if (performance.now() > deadline) throw new Error('not ready within 10 minutes')
    try {
      const res = await fetch(`${base}/explore`)
      const ms = Math.round(performance.now() - started)
      if (portMs < 0) portMs = ms
      if (res.status === 200) {
        await res.body?.cancel()
        const ready = await fetch(`${base}/readyz`)
        if (ready.ok) {
          child.kill('SIGTERM')
          return { portMs, marks, readyMs: ms, exitCode: await exited }
        }
      } else {
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

const loads: number[] = []
setInterval(() => loads.push(loadavg()[0]!), 5_000).unref()
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const rows: string[] = []
function record(label: string, t: Timeline) {
  const marks = t.marks.map((m) => `${m.done} at ${s(m.ms)}`).join(', ') || '-'
  rows.push(`| ${label} | ${s(t.portMs)} | ${marks} | ${s(t.readyMs)} | ${t.exitCode} |`)
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
}

writePerformanceSection('start', [
  `## First start (npm run bench:start), measured ${new Date().toISOString().slice(0, 10)}`,
  '',
  `The built server on an empty database, demo mode, ${IMAGE_SIZE} px renders, this machine (2 cores shared with other work; load average during the run ${loads.length ? `${Math.min(...loads).toFixed(0)} to ${Math.max(...loads).toFixed(0)}` : 'not sampled'}). "Port answering" is the first HTTP answer (the 503 start-up page); "catalogue complete" is the first 200 from /explore with /readyz green. A second start reuses the data.`,
  '',
  '| start | port answering | progress (demo assets) | catalogue complete | exit code on SIGTERM |',
  '| --- | --- | --- | --- | --- |',
  ...rows,
])
