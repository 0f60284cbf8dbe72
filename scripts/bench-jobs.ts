// npm run bench:jobs [-- --assets 1000000 --requests 400 --chunk 100 --pause 2000 --missing 10000]
// Does the palette backfill, running on the job queue, slow serving down? GET /api/assets p95
// (varied searches) through the built server, first without the backfill, then with it
// running, side by side in one run with the load average beside each figure; into
// docs/performance.md. Target: with the backfill, p95 within 1.5x of without (decision 88).
//
// It works on a copy of the search bench's database (`stock_bench_<N>`, made by
// `npm run bench:search -- --assets <N> --reuse`), never on that database itself: the copy
// (`stock_bench_jobs_<N>`, CREATE DATABASE ... TEMPLATE) loses the palettes of its first
// --missing assets, whose thumbnails are written to a scratch folder, and is dropped at the
// end unless --keep.
import { linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import pg from 'pg'
import { sql } from 'kysely'
import { createDatabase } from '#db/client'
import { parseConfig } from '~/config.server'
import { jobTable } from '~/jobs.server'
import { PALETTE_CHUNK, PALETTE_PAUSE_MS, sendPaletteBackfill } from '~/domain/catalogue/palette.server'
import { createJobQueue, type JobQueue } from '~/platform/job-queue.server'
import { createLocalStorage } from '~/platform/storage.server'
import { startBuiltServer, writePerformanceSection } from './bench-support'
import { isReachable, serverUrl, withDatabase } from '../tests/support/database-url'

const { values: args } = parseArgs({
  options: {
    assets: { type: 'string' },
    requests: { type: 'string' },
    chunk: { type: 'string' },
    pause: { type: 'string' },
    missing: { type: 'string' },
    port: { type: 'string' },
    keep: { type: 'boolean' },
    'no-report': { type: 'boolean' },
  },
})
const ASSETS = Number(args.assets ?? process.env.BENCH_ASSETS ?? 1_000_000)
const REQUESTS = Number(args.requests ?? 400)
const CHUNK = Number(args.chunk ?? PALETTE_CHUNK)
const PAUSE_MS = Number(args.pause ?? PALETTE_PAUSE_MS)
/** Assets whose palette the copy loses (more than a run's backfill reaches). */
const MISSING = Number(args.missing ?? 10_000)
const PORT = Number(args.port ?? process.env.BENCH_PORT ?? 3291)
/** Two clients, each waiting for its answer before the next request. */
const CLIENTS = 2

const SEARCHES = [
  'q=robot',
  'q=glossy+cube',
  'q=rob',
  'q=shpere',
  'q=neon&sort=alphabetical',
  'q=glass&sort=downloads',
  'q=planet&page=2',
  'q=glossy+robot+toy',
  'sort=newest',
  'sort=downloads&page=3',
  'category=Robots',
  'asset_type=audio',
  'color=blue',
  'q=robot&color=red',
  'tags=cute,pastel',
  'q=aurora',
]

const ms = (value: number) => `${value.toFixed(1)} ms`
const load = () => loadavg()[0]!.toFixed(2)
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** The copy of the search bench's database, made from it as a template. */
async function copyDatabase(source: string, target: string): Promise<void> {
  await admin(async (client) => {
    const exists = await client.query('select 1 from pg_database where datname = $1', [source])
    if (!exists.rowCount)
      throw new Error(
        `No ${source}: run npm run bench:search -- --assets ${ASSETS} --reuse first (it makes and keeps it).`,
      )
    await client.query(`drop database if exists "${target}" with (force)`)
    // A template must have no other session; the search bench may be using it: wait a little.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database "${target}" template "${source}"`)
        return
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error
        await new Promise((resolve) => setTimeout(resolve, 3_000))
      }
    }
  })
}

/** Thumbnails of the first `count` assets: a few distinct pictures, hard-linked under each key. */
async function writeThumbnails(storageDir: string, keys: string[]): Promise<void> {
  const sources: string[] = []
  const colours = ['#d32f2f', '#1565c0', '#388e3c', '#fdd835', '#8e24aa', '#ff7043', '#26a69a', '#5d4037']
  for (const [i, colour] of colours.entries()) {
    const file = path.join(storageDir, `source-${i}.png`)
    const picture = await sharp({ create: { width: 256, height: 256, channels: 4, background: colour } })
      .composite([
        {
          input: await sharp({ create: { width: 96, height: 96, channels: 4, background: colours[(i + 3) % 8]! } })
            .png()
            .toBuffer(),
          left: 80,
          top: 80,
        },
      ])
      .png()
      .toBuffer()
    writeFileSync(file, picture)
    sources.push(file)
  }
  keys.forEach((key, i) => {
    const file = path.join(storageDir, ...key.split('/'))
    mkdirSync(path.dirname(file), { recursive: true })
    linkSync(sources[i % sources.length]!, file)
  })
}

/** GET /api/assets over the searches, CLIENTS at a time; each answer read whole. */
async function measure(
  base: string,
): Promise<{ p50: number; p95: number; p99: number; failed: number; slowest: string }> {
  for (const search of SEARCHES) await (await fetch(`${base}/api/assets?${search}`)).text() // warm up
  const times: number[] = []
  const bySearch = new Map<string, number[]>()
  let failed = 0
  let next = 0
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = next++; i < REQUESTS; i = next++) {
        const start = performance.now()
        try {
          const res = await fetch(`${base}/api/assets?${SEARCHES[i % SEARCHES.length]}`)
          await res.text()
          if (!res.ok) failed++
        } catch {
          failed++
        }
        const took = performance.now() - start
        times.push(took)
        const search = SEARCHES[i % SEARCHES.length]!
        bySearch.set(search, [...(bySearch.get(search) ?? []), took])
      }
    }),
  )
  const slowest = [...bySearch]
    .map(([search, list]) => ({ search, p95: percentile(list, 95) }))
    .sort((a, b) => b.p95 - a.p95)
    .slice(0, 3)
    .map((s) => `${s.search} ${ms(s.p95)}`)
    .join(', ')
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), failed, slowest }
}

interface Phase {
  label: string
  slowest: string
  p50: number
  p95: number
  p99: number
  failed: number
  loadBefore: string
  loadAfter: string
  filled: number
  seconds: number
}

async function main() {
  if (!(await isReachable(serverUrl())))
    throw new Error(`No PostgreSQL server at ${new URL(serverUrl()).host}; set TEST_DATABASE_URL.`)
  const source = `stock_bench_${ASSETS}`
  const target = `stock_bench_jobs_${ASSETS}`
  const url = withDatabase(serverUrl(), target)
  let t = performance.now()
  await copyDatabase(source, target)
  console.log(`Copied ${source} to ${target} in ${((performance.now() - t) / 1000).toFixed(1)} s`)
  const storageDir = mkdtempSync(path.join(tmpdir(), 'bench-jobs-'))
  const db = createDatabase({ url })
  try {
    t = performance.now()
    const rows = await db.selectFrom('assets').select(['id', 'thumb_png_key']).orderBy('id').limit(MISSING).execute()
    const last = rows.at(-1)!.id
    // Past the app's statement timeout: a pool of its own without one.
    const untimed = new pg.Client({ connectionString: url })
    await untimed.connect()
    await untimed.query(
      `update assets set palette = null, colour_swatches = '{}', has_transparency = null where id <= $1`,
      [last],
    )
    await untimed.end()
    await writeThumbnails(
      storageDir,
      rows.flatMap((row) => (row.thumb_png_key ? [row.thumb_png_key] : [])),
    )
    console.log(
      `Palettes of the first ${rows.length.toLocaleString('en-US')} assets cleared, their thumbnails written, in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    )
    const missing = async () =>
      Number(
        (
          await sql<{
            n: number
          }>`select count(*)::int as n from assets where palette is null and id <= ${last}`.execute(db)
        ).rows[0]!.n,
      )
    const env = { PAGE_CACHE: 'false', NODE_ENV: 'production', STORAGE_DIR: storageDir }

    const phase = async (label: string, runJobs: boolean): Promise<Phase> => {
      const server = await startBuiltServer(PORT, url, { ...env, RUN_JOBS: String(runJobs) })
      try {
        if (runJobs) {
          // Until the first chunk is written: the backfill is under way.
          const before = await missing()
          for (let i = 0; i < 100 && (await missing()) === before; i++)
            await new Promise((resolve) => setTimeout(resolve, 300))
        }
        const filledBefore = await missing()
        const loadBefore = load()
        const start = performance.now()
        const figures = await measure(server.base)
        const seconds = (performance.now() - start) / 1000
        const phaseResult = {
          label,
          ...figures,
          loadBefore,
          loadAfter: load(),
          filled: filledBefore - (await missing()),
          seconds,
        }
        console.log(`  slowest searches (p95): ${figures.slowest}`)
        console.log(
          `${label.padEnd(34)} p50 ${ms(phaseResult.p50)}  p95 ${ms(phaseResult.p95)}  p99 ${ms(phaseResult.p99)}  failed ${phaseResult.failed}  load ${loadBefore} → ${phaseResult.loadAfter}  palettes filled meanwhile ${phaseResult.filled} in ${seconds.toFixed(1)} s`,
        )
        return phaseResult
      } finally {
        server.stop()
        await new Promise((resolve) => setTimeout(resolve, 2_000))
      }
    }

    // Without: no workers (RUN_JOBS=false); the start-up still queues the backfill.
    const without = await phase('without the backfill', false)
    // With: the chain sent afresh with this run's chunk and pause; the server's own start-up
    // send then finds it waiting and adds nothing.
    await sql`drop schema if exists pgboss cascade`.execute(db)
    const config = parseConfig({ NODE_ENV: 'test', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret' })
    const storage = createLocalStorage(storageDir)
    const queue: JobQueue = createJobQueue({
      db,
      url,
      jobs: jobTable,
      services: () => ({ db, storage, config, jobs: queue }),
    })
    await sendPaletteBackfill(queue, { chunk: CHUNK, pauseMs: PAUSE_MS })
    await queue.stop()
    const during = await phase(`with the backfill (chunk ${CHUNK}, pause ${PAUSE_MS} ms)`, true)
    // Without again, after: how much the machine itself moved meanwhile.
    await sql`drop schema if exists pgboss cascade`.execute(db)
    const after = await phase('without the backfill, again', false)
    const ratio = during.p95 / Math.max(without.p95, after.p95)
    console.log(`p95 with / without (the higher of the two): ${ratio.toFixed(2)} (target ≤ 1.5)`)
    if (!args['no-report']) report([without, during, after], ratio)
  } finally {
    await db.destroy()
    rmSync(storageDir, { recursive: true, force: true })
    if (!args.keep) await admin((client) => client.query(`drop database if exists "${target}" with (force)`))
  }
}

function report(phases: Phase[], ratio: number) {
  const row = (p: Phase) =>
    `| ${p.label} | ${ms(p.p50)} | ${ms(p.p95)} | ${ms(p.p99)} | ${p.failed} | ${p.loadBefore} → ${p.loadAfter} | ${p.filled.toLocaleString('en-US')} in ${p.seconds.toFixed(0)} s |`
  writePerformanceSection(`jobs-${ASSETS}`, [
    `## Serving while the palette backfill runs, ${ASSETS.toLocaleString('en-US')} assets (npm run bench:jobs), measured ${new Date().toISOString().slice(0, 10)}`,
    '',
    `GET /api/assets over ${SEARCHES.length} varied searches (words, typos, sorts, pages, category, type, colour, tags), ${REQUESTS} requests from ${CLIENTS} clients each waiting for its answer, through the built server (NODE_ENV=production, page cache off) on a copy of the search bench's database whose first ${MISSING.toLocaleString('en-US')} assets lost their palettes (their thumbnails on local storage). 'Without': RUN_JOBS=false; 'with': the backfill chain on the job queue, measured once its first chunk was written. Load average (1 min) before → after each phase, on 2 cores shared with other agents' builds and tests.`,
    '',
    '| phase | p50 | p95 | p99 | failed | load | palettes filled meanwhile |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...phases.map(row),
    '',
    `- **p95 with the backfill / without (the higher of the two runs without): ${ratio.toFixed(2)}** (target: at most 1.5; [decision 88](decisions/088-background-work-that-serving-does-not-feel.md)).`,
  ])
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
