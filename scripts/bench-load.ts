// npm run bench:load [-- --assets 1000000 --duration 30 --clients 50 --compare 10 --port 3900 --processes 2]
// The built server (NODE_ENV=production, page cache on, as the Dockerfile runs it) on the search
// bench's database (stock_bench_<N>: `npm run bench:search -- --assets N --reuse` makes it).
// 1. Side by side, in one run, each for --compare seconds at 10 connections: GET /api/assets
//    with words, then the signed-in pages and asset pages for random ids with the same words,
//    then the API again; each page's rate as a share of the API's (the mean of its two runs).
// 2. The mixed workload: --clients clients for --duration seconds, each request drawn at random:
//    anonymous and signed-in searches (varied words, typos, several words, pages 1-3), API
//    searches, asset pages for random published ids (anonymous and signed in), profiles.
// Figures per class, with the load average, go to docs/performance.md. The workload (users,
// targets, mix, driver) is in scripts/bench-workload.ts; `bench:jobs -- --mixed` runs the same mix
// in windows without and with the palette backfill.
// --processes N: the server with SERVER_PROCESSES=N (decision 101); its CPU is that of all of
// them, and its figures get a section of their own.
// --uncapped: a second server on --port + 1 with no render cap (MAX_RENDERING=0, decision 94);
// the mixed workload alternates between the two in 10 s slices, so both meet the same load.
// Targets: signed-in explore >= 50% of the API's rate, asset pages >= 100%; mixed p90 < 150 ms,
// p99 < 400 ms, no errors.
// The database is only read, except for the bench's own users (bench-load-N@example.test), their
// sessions and favourites, kept between runs: the catalogue and its version are never touched.
import { readFileSync } from 'node:fs'
import os from 'node:os'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { cpuMeter, startBuiltServer, writePerformanceSection } from './bench-support'
import {
  closeClients,
  drive,
  MIX_WEIGHTS,
  merge,
  mixedFigures,
  percentile,
  prepareWorkload,
  type Stats,
  type Target,
  USERS,
  WORDS,
} from './bench-workload'
import { isReachable, serverUrl, withDatabase } from '../tests/support/database-url'

const { values: args } = parseArgs({
  options: {
    assets: { type: 'string' },
    duration: { type: 'string' },
    clients: { type: 'string' },
    compare: { type: 'string' },
    port: { type: 'string' },
    only: { type: 'string' },
    'no-report': { type: 'boolean' },
    uncapped: { type: 'boolean' },
    processes: { type: 'string' },
  },
})
const ASSETS = Number(args.assets ?? process.env.BENCH_ASSETS ?? 100_000)
const DURATION = Number(args.duration ?? 30)
const CLIENTS = Number(args.clients ?? 50)
const COMPARE_S = Number(args.compare ?? 10)
const COMPARE_CONNECTIONS = 10
const PORT = Number(args.port ?? process.env.BENCH_PORT ?? 3900)
const PROCESSES = Number(args.processes ?? 1)
/** The length of each alternating slice of the mixed workload with --uncapped. */
const SLICE_S = 10

/**
 * The machine's CPU counters over all cores (/proc/stat: user, nice, system, idle, iowait, irq,
 * softirq, steal): idle with I/O wait, time taken by other guests of the host, and the total.
 */
function machineCpu(): { idle: number; steal: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number)
  return { idle: fields[3]! + fields[4]!, steal: fields[7] ?? 0, total: fields.reduce((a, b) => a + b, 0) }
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')

async function main() {
  if (!(await isReachable(serverUrl())))
    throw new Error(`No PostgreSQL server at ${new URL(serverUrl()).host}; set TEST_DATABASE_URL.`)
  const url = withDatabase(serverUrl(), `stock_bench_${ASSETS}`)
  if (!(await isReachable(url)))
    throw new Error(`No database stock_bench_${ASSETS}: npm run bench:search -- --assets ${ASSETS} --reuse makes it.`)
  const probe = new pg.Client({ connectionString: url })
  await probe.connect()
  const { targets, cookies, spread, choose, warmUp } = await prepareWorkload(url, ASSETS)

  const server = await startBuiltServer(PORT, url, { NODE_ENV: 'production', SERVER_PROCESSES: String(PROCESSES) })
  const uncapped = args.uncapped
    ? await startBuiltServer(PORT + 1, url, { NODE_ENV: 'production', MAX_RENDERING: '0' })
    : null
  const report: string[] = []
  try {
    const base = `http://127.0.0.1:${PORT}`
    console.log(`${ASSETS.toLocaleString('en-US')} assets; server ${base} (${PROCESSES} process(es)); load ${load()}`)
    // Warm-up: every class once or twice, not measured.
    await warmUp(PORT)
    const meter = await cpuMeter(server.pid!, probe, `stock_bench_${ASSETS}`)

    const compared: {
      name: string
      rate: number
      p50: number
      p99: number
      errors: number
      cpu: number
      dbCpu: number
      ratio?: number
      cpuRatio?: number
    }[] = []
    const only = args.only?.split(',')
    const runOne = async (target: Target) => {
      await meter.lap()
      const stats = (await drive(PORT, COMPARE_S, COMPARE_CONNECTIONS, () => target, cookies)).get(target.name)!
      const cpu = await meter.lap()
      const row = {
        name: target.name,
        rate: stats.times.length / COMPARE_S,
        p50: percentile(stats.times, 50),
        p99: percentile(stats.times, 99),
        errors: stats.errors,
        // CPU per request, app and database together.
        cpu: (cpu.app + cpu.db) / Math.max(1, stats.times.length),
        dbCpu: cpu.db / Math.max(1, stats.times.length),
      }
      console.log(
        `${row.name.padEnd(40)} ${row.rate.toFixed(0).padStart(6)} req/s  p50 ${row.p50.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms  errors ${row.errors}  CPU ${row.cpu.toFixed(1)} ms/req (database ${row.dbCpu.toFixed(1)})  (load ${load()})`,
      )
      return row
    }
    const loadBefore = load()
    if (COMPARE_S > 0) {
      // --only for profiling one page: the API runs only when it is named (or nothing is).
      const withApi = !only || only.includes('api')
      const skipped = {
        name: targets.api.name,
        rate: Number.NaN,
        p50: 0,
        p99: 0,
        errors: 0,
        cpu: Number.NaN,
        dbCpu: Number.NaN,
      }
      const apiFirst = withApi ? await runOne(targets.api) : skipped
      const pages: (keyof typeof targets)[] = [
        'explore',
        'browse',
        'home',
        'profile',
        'favorites',
        'collections',
        'asset',
        'signedAsset',
      ]
      const rows = []
      for (const key of pages) if (!only || only.includes(key)) rows.push(await runOne(targets[key]))
      const apiLast = withApi ? await runOne(targets.api) : skipped
      const apiRate = (apiFirst.rate + apiLast.rate) / 2
      const apiCpu = (apiFirst.cpu + apiLast.cpu) / 2
      compared.push(
        { ...apiFirst, name: `${apiFirst.name}, first` },
        ...rows.map((r) => ({ ...r, ratio: r.rate / apiRate, cpuRatio: apiCpu / r.cpu })),
        { ...apiLast, name: `${apiLast.name}, last` },
      )
      for (const r of rows)
        console.log(
          `${r.name}: ${((r.rate / apiRate) * 100).toFixed(0)}% of the API's rate; the API's CPU per request is ${((apiCpu / r.cpu) * 100).toFixed(0)}% of its`,
        )
    }
    const loadAfterCompare = load()

    // The mixed workload.
    const loadBeforeMix = load()
    let mixed: Map<string, Stats>
    let free: Map<string, Stats> | null = null
    let mixCpu: { app: number; db: number; driver: number; elapsed: number; idle: number; steal: number } | null = null
    if (uncapped) {
      await warmUp(PORT + 1)
      // Alternating slices: neither server gets the quieter minutes.
      mixed = new Map()
      free = new Map()
      for (let done = 0; done < DURATION; done += SLICE_S) {
        const seconds = Math.min(SLICE_S, DURATION - done)
        merge(free, await drive(PORT + 1, seconds, CLIENTS, choose, cookies))
        merge(mixed, await drive(PORT, seconds, CLIENTS, choose, cookies))
      }
    } else {
      await meter.lap()
      const driverBefore = process.cpuUsage()
      const machineBefore = machineCpu()
      const started = performance.now()
      mixed = await drive(PORT, DURATION, CLIENTS, choose, cookies)
      const elapsed = performance.now() - started
      const machine = machineCpu()
      const driver = process.cpuUsage(driverBefore)
      const cpu = await meter.lap()
      mixCpu = {
        app: cpu.app,
        db: cpu.db,
        driver: (driver.user + driver.system) / 1000,
        elapsed,
        idle: (machine.idle - machineBefore.idle) / (machine.total - machineBefore.total),
        steal: (machine.steal - machineBefore.steal) / (machine.total - machineBefore.total),
      }
    }
    const loadAfterMix = load()
    const { times: all, errors, ...figures } = mixedFigures(mixed)
    const total = { rate: all.length / DURATION, ...figures }
    // Where the cores went during the mix: the server, the database and this driver, per request.
    const cpuLine = mixCpu
      ? (() => {
          const n = Math.max(1, all.length)
          const { app, db, driver, elapsed, idle, steal } = mixCpu
          // Over the run's real length (the last requests finish after DURATION), as idle and steal are.
          const share = ((app + db + driver) / (os.availableParallelism() * elapsed)) * 100
          return `CPU per request in the mix: server ${(app / n).toFixed(1)} ms, database ${(db / n).toFixed(1)} ms, this load generator ${(driver / n).toFixed(1)} ms (together ${share.toFixed(0)}% of the machine's ${os.availableParallelism()} cores over the run; the cores were idle ${(idle * 100).toFixed(0)}% of it, and taken by the host's other guests ${(steal * 100).toFixed(0)}%)`
        })()
      : null
    if (cpuLine) console.log(cpuLine)
    const line = (name: string, times: number[], errs: number) =>
      `| ${name} | ${times.length} | ${(times.length / DURATION).toFixed(0)} | ${percentile(times, 50).toFixed(0)} ms | ${percentile(times, 90).toFixed(0)} ms | ${percentile(times, 99).toFixed(0)} ms | ${errs} |`
    for (const s of mixed.values())
      console.log(
        `${s.name.padEnd(40)} n ${s.times.length}  p50 ${percentile(s.times, 50).toFixed(1)}  p90 ${percentile(s.times, 90).toFixed(1)}  p99 ${percentile(s.times, 99).toFixed(1)}  errors ${s.errors} ${[...s.statuses].map(([k, v]) => `${k}:${v}`).join(' ')}`,
      )
    const summary = (stats: Map<string, Stats>) => {
      const x = mixedFigures(stats)
      return `${(x.times.length / DURATION).toFixed(0)} requests/s, p50 ${x.p50.toFixed(0)} ms, p90 ${x.p90.toFixed(0)} ms, p99 ${x.p99.toFixed(0)} ms, ${x.errors} errors`
    }
    const apiOf = (stats: Map<string, Stats>) => {
      const api = stats.get(targets.api.name)?.times ?? []
      return `the API's p50 ${percentile(api, 50).toFixed(0)} ms, p99 ${percentile(api, 99).toFixed(0)} ms`
    }
    if (free) {
      for (const x of free.values())
        console.log(
          `uncapped ${x.name.padEnd(40)} n ${x.times.length}  p50 ${percentile(x.times, 50).toFixed(1)}  p90 ${percentile(x.times, 90).toFixed(1)}  p99 ${percentile(x.times, 99).toFixed(1)}  errors ${x.errors}`,
        )
      console.log(`mixed without the render cap: ${summary(free)}; ${apiOf(free)}`)
      console.log(`mixed with it: ${summary(mixed)}; ${apiOf(mixed)}`)
    }
    console.log(
      `mixed: ${total.rate.toFixed(0)} req/s, p50 ${total.p50.toFixed(1)} ms, p90 ${total.p90.toFixed(1)} ms, p99 ${total.p99.toFixed(1)} ms, errors ${errors} (load ${loadBeforeMix} → ${loadAfterMix})`,
    )

    report.push(
      `## Load (npm run bench:load -- --assets ${ASSETS}${PROCESSES > 1 ? ` --processes ${PROCESSES}` : ''}), measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      '',
      `${ASSETS.toLocaleString('en-US')} assets (the search bench's database), the built server with NODE_ENV=production and the page cache on${PROCESSES > 1 ? `, as ${PROCESSES} server processes (SERVER_PROCESSES=${PROCESSES}, decision 101; CPU is theirs together)` : ', one server process'}, client and server on the same 2 shared cores. Load average (1, 5, 15 min): ${loadBefore} before the side-by-side runs, ${loadAfterCompare} after them; ${loadBeforeMix} before the mixed run, ${loadAfterMix} after it.`,
      '',
    )
    if (compared.length) {
      report.push(
        `Side by side, one run, ${COMPARE_CONNECTIONS} connections, ${COMPARE_S} s each; the same ${WORDS.length} searches (pages 1-3) for the API and the explore pages; asset pages for ${spread.length.toLocaleString('en-US')} published ids spread over the catalogue; ${USERS} signed-in users with favourites.`,
        '',
        "| target | req/s | p50 | p99 | errors | CPU per request (app + database) | rate as a share of the API's | API's CPU per request as a share of this one's |",
        '| --- | --- | --- | --- | --- | --- | --- | --- |',
        ...compared.map(
          (r) =>
            `| ${r.name} | ${r.rate.toFixed(0)} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms | ${r.errors} | ${r.cpu.toFixed(1)} ms | ${r.ratio === undefined ? '' : `${(r.ratio * 100).toFixed(0)}%`} | ${r.cpuRatio === undefined ? '' : `${(r.cpuRatio * 100).toFixed(0)}%`} |`,
        ),
        '',
        "Targets: signed-in explore with words at 50% or more of the API's rate (the other signed-in pages likewise), asset pages at 100% or more.",
        '',
      )
    }
    report.push(
      `Mixed workload: ${CLIENTS} clients, ${DURATION} s, closed loop; each request drawn at random (weights: ${MIX_WEIGHTS}).`,
      '',
      '| class | requests | req/s | p50 | p90 | p99 | errors |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...[...mixed.values()].map((s) => line(s.name, s.times, s.errors)),
      line('**all**', all, errors),
      '',
      `- **Mixed: ${total.rate.toFixed(0)} requests/s, p50 ${total.p50.toFixed(0)} ms, p90 ${total.p90.toFixed(0)} ms, p99 ${total.p99.toFixed(0)} ms, ${errors} errors** (targets: p90 under 150 ms, p99 under 400 ms, no errors).`,
    )
    if (cpuLine) report.push(`- ${cpuLine}.`)
    if (free)
      report.push(
        `- The same server with no render cap (MAX_RENDERING=0, decision 94), run in alternating ${SLICE_S} s slices with the one above (the figures above are the capped server's slices): ${summary(free)}; ${apiOf(free)}. With the cap: ${summary(mixed)}; ${apiOf(mixed)}.`,
      )
    if (!args['no-report'])
      writePerformanceSection(`load-${ASSETS}${PROCESSES > 1 ? `-processes-${PROCESSES}` : ''}`, report)
  } finally {
    server.stop()
    uncapped?.stop()
    closeClients()
    await probe.end()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
