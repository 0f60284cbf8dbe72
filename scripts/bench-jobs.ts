// npm run bench:jobs [-- --assets 1000000 --requests 800 --rounds 4 --chunk 200 --pause 1000 --missing 10000]
// npm run bench:jobs -- --mixed [--assets 1000000 --window 30 --clients 50 --rounds 4 ...]
// Does the palette backfill, running on the job queue, slow serving down? GET /api/assets p95
// (varied searches) through the built server, in windows without and with the backfill
// running, alternating on one server, with the load average beside each figure; into
// docs/performance.md. Target: with the backfill, p95 within 1.5x of without (decision 88).
// --mixed: bench:load's mixed workload instead (scripts/bench-workload.ts: --clients clients in a
// closed loop, --window seconds a window, the page cache on as bench:load has it); per window
// requests/s, p50, p90, p99, errors, load and palettes filled; the target: the p90 over the
// windows with the backfill within 1.5x of the p90 over those without. Its own section.
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
import { PALETTE_CHUNK, PALETTE_PAUSE_MS, paletteBackfill } from '~/domain/catalogue/palette.server'
import { createJobQueue, type JobQueue } from '~/platform/job-queue.server'
import { createLocalStorage } from '~/platform/storage.server'
import { startBuiltServer, writePerformanceSection } from './bench-support'
import {
  closeClients,
  drive,
  MIX_WEIGHTS,
  mixedFigures,
  percentile,
  prepareWorkload,
  type Stats,
} from './bench-workload'
import { isReachable, serverUrl, withDatabase } from '../tests/support/database-url'

const { values: args } = parseArgs({
  options: {
    assets: { type: 'string' },
    requests: { type: 'string' },
    chunk: { type: 'string' },
    pause: { type: 'string' },
    missing: { type: 'string' },
    rounds: { type: 'string' },
    port: { type: 'string' },
    keep: { type: 'boolean' },
    'no-report': { type: 'boolean' },
    mixed: { type: 'boolean' },
    window: { type: 'string' },
    clients: { type: 'string' },
  },
})
/** bench:load's mixed workload in the windows instead of GET /api/assets. */
const MIXED = Boolean(args.mixed)
const ASSETS = Number(args.assets ?? process.env.BENCH_ASSETS ?? 1_000_000)
const REQUESTS = Number(args.requests ?? 800)
const CHUNK = Number(args.chunk ?? PALETTE_CHUNK)
const PAUSE_MS = Number(args.pause ?? PALETTE_PAUSE_MS)
/** Assets whose palette the copy loses (more than a run's backfill reaches). */
const MISSING = Number(args.missing ?? 10_000)
const PORT = Number(args.port ?? process.env.BENCH_PORT ?? 3291)
/** Clients, each waiting for its answer before the next request: 2 for the API, 50 with --mixed. */
const CLIENTS = Number(args.clients ?? (MIXED ? 50 : 2))
/** With --mixed, the length of a window in seconds (the API's windows are --requests long). */
const WINDOW_S = Number(args.window ?? 30)
/** Pairs of windows, without and with the backfill (in turn first). */
const ROUNDS = Number(args.rounds ?? 4)

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
  // Not 'q=robot&color=red': on the copy, with palettes missing, it takes about 1 s (10 ms on
  // the search bench's own database), with or without the backfill, and at one request in 16
  // it alone would be the p95.
  'tags=cute,pastel',
  'q=aurora',
]

const ms = (value: number) => `${value.toFixed(1)} ms`
const load = () => loadavg()[0]!.toFixed(2)

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
async function measure(base: string): Promise<{ failed: number; slowest: string; times: number[] }> {
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
  return { failed, slowest, times }
}

type Workload = Awaited<ReturnType<typeof prepareWorkload>>

/** bench:load's mixed workload for one window: CLIENTS clients in a closed loop for WINDOW_S seconds. */
async function measureMixed(
  workload: Workload,
): Promise<{ failed: number; classes: Map<string, Stats>; times: number[] }> {
  const classes = await drive(PORT, WINDOW_S, CLIENTS, workload.choose, workload.cookies)
  const { times, errors } = mixedFigures(classes)
  return { failed: errors, classes, times }
}

interface Phase {
  label: string
  running: boolean
  times: number[]
  failed: number
  loadBefore: string
  loadAfter: string
  filled: number
  seconds: number
  /** GET /api/assets: the three slowest searches (p95). */
  slowest?: string
  /** --mixed: the figures of each class. */
  classes?: Map<string, Stats>
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
    // The mixed workload as bench:load runs it (page cache on); the API's search without the cache.
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      STORAGE_DIR: storageDir,
      ...(MIXED ? {} : { PAGE_CACHE: 'false' }),
    }
    // bench:load's users, sessions and favourites, written in the copy.
    const workload = MIXED ? await prepareWorkload(url, ASSETS) : null

    // One server that works jobs; the backfill chain is started and stopped from here, so the
    // windows without and with it alternate on the same server and the same machine load.
    const server = await startBuiltServer(PORT, url, { ...env, RUN_JOBS: 'true' })
    const config = parseConfig({ NODE_ENV: 'test', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret' })
    const storage = createLocalStorage(storageDir)
    const queue: JobQueue = createJobQueue({
      db,
      url,
      jobs: jobTable,
      services: () => ({ db, storage, config, jobs: queue }),
    })
    const jobsOf = async (state: string) =>
      Number(
        (
          await sql<{ n: number }>`
            select count(*)::int as n from pgboss.job where name = 'palettes.backfill' and state::text = ${state}`.execute(
            db,
          )
        ).rows[0]!.n,
      )
    /** Withdraws the waiting chunk until none runs either (a running one sends the next). */
    const stopChain = async () => {
      for (;;) {
        await sql`delete from pgboss.job where name = 'palettes.backfill' and state::text in ('created', 'retry')`.execute(
          db,
        )
        if ((await jobsOf('active')) === 0 && (await jobsOf('created')) === 0) return
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }
    const startChain = async () => {
      const before = await missing()
      await paletteBackfill.send(queue, { chunk: CHUNK, pauseMs: PAUSE_MS })
      // Until its first chunk is written: the backfill is under way.
      for (let i = 0; i < 100 && (await missing()) === before; i++) await new Promise((r) => setTimeout(r, 200))
    }
    try {
      await queue.list() // the queue's schema, made by the server's start, opened here too
      await new Promise((resolve) => setTimeout(resolve, 2_000)) // the start-up's own send lands
      await stopChain() // the chain the server's own start sent
      await workload?.warmUp(PORT)
      const windows: Phase[] = []
      for (let round = 1; round <= ROUNDS; round++) {
        // Without then with, then with then without: a load that drifts through the run weighs
        // on both sides alike.
        for (const running of round % 2 === 1 ? [false, true] : [true, false]) {
          if (running) await startChain()
          else await stopChain()
          const filledBefore = await missing()
          const loadBefore = load()
          const start = performance.now()
          const figures = workload ? await measureMixed(workload) : await measure(server.base)
          const window: Phase = {
            label: `${running ? 'with' : 'without'} the backfill, round ${round}`,
            running,
            ...figures,
            loadBefore,
            loadAfter: load(),
            filled: filledBefore - (await missing()),
            seconds: (performance.now() - start) / 1000,
          }
          windows.push(window)
          const at = (p: number) => `p${p} ${ms(percentile(window.times, p))}`
          const after = `load ${loadBefore} → ${window.loadAfter}  palettes filled ${window.filled} in ${window.seconds.toFixed(1)} s`
          if (MIXED)
            console.log(
              `${window.label.padEnd(30)} ${(window.times.length / window.seconds).toFixed(0)} req/s  ${at(50)}  ${at(90)}  ${at(99)}  errors ${window.failed}  ${after}`,
            )
          else {
            console.log(`${window.label.padEnd(30)} ${at(50)}  ${at(95)}  ${at(99)}  failed ${window.failed}  ${after}`)
            console.log(`  slowest searches (p95): ${window.slowest}`)
          }
        }
      }
      await stopChain()
      const all = (running: boolean) => windows.filter((w) => w.running === running)
      const overall = (running: boolean) => {
        const times = all(running).flatMap((w) => w.times)
        const seconds = all(running).reduce((sum, w) => sum + w.seconds, 0)
        return {
          p50: percentile(times, 50),
          p90: percentile(times, 90),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          rate: times.length / seconds,
          errors: all(running).reduce((sum, w) => sum + w.failed, 0),
        }
      }
      const without = overall(false)
      const during = overall(true)
      const filled = all(true).reduce((sum, w) => sum + w.filled, 0)
      const seconds = all(true).reduce((sum, w) => sum + w.seconds, 0)
      const rate = filled / seconds
      if (MIXED) {
        const ratio = during.p90 / without.p90
        const classes = p90ByClass(windows)
        for (const c of classes)
          console.log(
            `  ${c.name.padEnd(40)} p90 without ${ms(c.without)}, with ${ms(c.during)}: ${(c.during / c.without).toFixed(2)}x`,
          )
        console.log(
          `All windows: without ${without.rate.toFixed(0)} req/s, p90 ${ms(without.p90)}; with ${during.rate.toFixed(0)} req/s, p90 ${ms(during.p90)}: ratio ${ratio.toFixed(2)} (target ≤ 1.5); backfill ${rate.toFixed(0)} assets/s`,
        )
        if (!args['no-report']) reportMixed(windows, classes, { without, during, ratio, rate })
      } else {
        const ratio = during.p95 / without.p95
        console.log(
          `All windows: without p95 ${ms(without.p95)}, with p95 ${ms(during.p95)}: ratio ${ratio.toFixed(2)} (target ≤ 1.5); backfill ${rate.toFixed(0)} assets/s`,
        )
        if (!args['no-report']) report(windows, { without, during, ratio, rate })
      }
    } finally {
      await queue.stop()
      server.stop()
      closeClients()
    }
  } finally {
    await db.destroy()
    rmSync(storageDir, { recursive: true, force: true })
    if (!args.keep) await admin((client) => client.query(`drop database if exists "${target}" with (force)`))
  }
}

function report(windows: Phase[], total: { without: Figures; during: Figures; ratio: number; rate: number }) {
  const row = (p: Phase) =>
    `| ${p.label} | ${ms(percentile(p.times, 50))} | ${ms(percentile(p.times, 95))} | ${ms(percentile(p.times, 99))} | ${p.failed} | ${p.loadBefore} → ${p.loadAfter} | ${p.filled.toLocaleString('en-US')} in ${p.seconds.toFixed(0)} s |`
  writePerformanceSection(`jobs-${ASSETS}`, [
    `## Serving while the palette backfill runs, ${ASSETS.toLocaleString('en-US')} assets (npm run bench:jobs), measured ${new Date().toISOString().slice(0, 10)}`,
    '',
    `GET /api/assets over ${SEARCHES.length} varied searches (words, typos, sorts, pages, category, type, colour, tags), ${REQUESTS} requests a window from ${CLIENTS} clients each waiting for its answer, through the built server (NODE_ENV=production, page cache off, RUN_JOBS on) on a copy of the search bench's database whose first ${MISSING.toLocaleString('en-US')} assets lost their palettes (their thumbnails on local storage). Windows without and with the backfill chain (chunk ${CHUNK}, pause ${PAUSE_MS} ms) alternate on the one server (without-with, then with-without, so a drifting load weighs on both), the chain started and withdrawn between them. Load average (1 min) before → after each window, on 2 cores shared with other agents' builds and tests.`,
    '',
    '| window | p50 | p95 | p99 | failed | load | palettes filled meanwhile |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...windows.map(row),
    '',
    `- **All windows: p95 without ${ms(total.without.p95)}, with the backfill ${ms(total.during.p95)}: ${total.ratio.toFixed(2)}x** (target: at most 1.5x; [decision 88](decisions/088-background-work-that-serving-does-not-feel.md)). p50 ${ms(total.without.p50)} and ${ms(total.during.p50)}.`,
    `- The backfill meanwhile: ${total.rate.toFixed(0)} assets a second (a million in about ${(1_000_000 / total.rate / 3600).toFixed(1)} hours).`,
  ])
}

/** --mixed: each class's p90 over the windows without the backfill and over those with it. */
function p90ByClass(windows: Phase[]): { name: string; without: number; during: number }[] {
  const timesOf = (running: boolean) => {
    const times = new Map<string, number[]>()
    for (const w of windows)
      if (w.running === running)
        for (const s of w.classes?.values() ?? []) times.set(s.name, [...(times.get(s.name) ?? []), ...s.times])
    return times
  }
  const without = timesOf(false)
  const during = timesOf(true)
  return [...without].map(([name, times]) => ({
    name,
    without: percentile(times, 90),
    during: percentile(during.get(name) ?? [], 90),
  }))
}

function reportMixed(
  windows: Phase[],
  classes: ReturnType<typeof p90ByClass>,
  total: { without: Figures; during: Figures; ratio: number; rate: number },
) {
  const row = (p: Phase) =>
    `| ${p.label} | ${(p.times.length / p.seconds).toFixed(0)} | ${ms(percentile(p.times, 50))} | ${ms(percentile(p.times, 90))} | ${ms(percentile(p.times, 99))} | ${p.failed} | ${p.loadBefore} → ${p.loadAfter} | ${p.filled.toLocaleString('en-US')} in ${p.seconds.toFixed(0)} s |`
  const { without: a, during: b } = total
  writePerformanceSection(`jobs-mixed-${ASSETS}`, [
    `## The mixed workload while the palette backfill runs, ${ASSETS.toLocaleString('en-US')} assets (npm run bench:jobs -- --mixed), measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `bench:load's mixed workload (${CLIENTS} clients, closed loop, weights: ${MIX_WEIGHTS}) for ${WINDOW_S} s a window, through the built server as bench:load runs it (NODE_ENV=production, page cache on) with RUN_JOBS on, on a copy of the search bench's database whose first ${MISSING.toLocaleString('en-US')} assets lost their palettes (their thumbnails on local storage). Windows without and with the backfill chain (chunk ${CHUNK}, pause ${PAUSE_MS} ms) alternate on the one server (without-with, then with-without, so a drifting load weighs on both), the chain started and withdrawn between them. Load average (1 min) before → after each window, client and server on 2 cores shared with other agents' builds and tests.`,
    '',
    '| window | req/s | p50 | p90 | p99 | errors | load | palettes filled meanwhile |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...windows.map(row),
    '',
    '| class | p90 without | p90 with the backfill | ratio |',
    '| --- | --- | --- | --- |',
    ...classes.map((c) => `| ${c.name} | ${ms(c.without)} | ${ms(c.during)} | ${(c.during / c.without).toFixed(2)}x |`),
    '',
    `- **All windows: p90 without ${ms(a.p90)}, with the backfill ${ms(b.p90)}: ${total.ratio.toFixed(2)}x** (target: at most 1.5x; [decision 88](decisions/088-background-work-that-serving-does-not-feel.md)). Without: ${a.rate.toFixed(0)} requests/s, p50 ${ms(a.p50)}, p99 ${ms(a.p99)}, ${a.errors} errors; with: ${b.rate.toFixed(0)} requests/s, p50 ${ms(b.p50)}, p99 ${ms(b.p99)}, ${b.errors} errors.`,
    `- The backfill meanwhile: ${total.rate.toFixed(0)} assets a second.`,
  ])
}

interface Figures {
  p50: number
  p90: number
  p95: number
  p99: number
  rate: number
  errors: number
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
