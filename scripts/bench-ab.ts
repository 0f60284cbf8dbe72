// npm run bench:ab -- --before <build dir> [--after build] [--assets 1000000] [--only asset,signedAsset]
//   [--rounds 4] [--window 5] [--connections 4]
// Two builds of the app side by side on the search bench's database: each served by its own
// built server (NODE_ENV=production), the bench:load targets driven in alternating windows
// (before-after, then after-before, so a load that drifts weighs on both), and for each the
// rate and the CPU per request, the app's and its database connections'. A change's cost is
// read from the CPU per request, which the machine's other work moves far less than the rate.
// Make the before build with `BUILD_DIR=.tmp/before npx react-router build` on the older commit.
// Both servers share the database, so its CPU in a window includes the idle server's own few
// reads; a window with any failed request stops the run.
// Prints the figures; a decision or docs/performance.md quotes them.
import os from 'node:os'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { cpuMeter, startBuiltServer } from './bench-support'
import { drive, prepareWorkload, type Target } from './bench-workload'
import { serverUrl, withDatabase } from '../tests/support/database-url'

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string' },
    assets: { type: 'string' },
    only: { type: 'string' },
    rounds: { type: 'string' },
    window: { type: 'string' },
    connections: { type: 'string' },
    port: { type: 'string' },
  },
})
if (!args.before) throw new Error('--before <build dir> is required (BUILD_DIR=.tmp/before npx react-router build)')
const ASSETS = Number(args.assets ?? process.env.BENCH_ASSETS ?? 100_000)
const ROUNDS = Number(args.rounds ?? 4)
const WINDOW_S = Number(args.window ?? 5)
const CONNECTIONS = Number(args.connections ?? 4)
const PORT = Number(args.port ?? 3960)
const builds = [
  { label: 'before', dir: args.before },
  { label: 'after', dir: args.after ?? 'build' },
]

async function main() {
  const database = `stock_bench_${ASSETS}`
  const url = withDatabase(serverUrl(), database)
  const probe = new pg.Client({ connectionString: url })
  await probe.connect()
  const servers = []
  try {
    for (const [i, build] of builds.entries()) {
      // startBuiltServer serves BUILD_DIR's build.
      process.env.BUILD_DIR = build.dir
      const server = await startBuiltServer(PORT + i, url, { NODE_ENV: 'production' })
      servers.push({ ...build, port: PORT + i, server })
    }
    const workload = await prepareWorkload(url, ASSETS)
    const names = Object.keys(workload.targets)
    const keys = (args.only ?? 'asset,signedAsset').split(',').map((key) => {
      if (!names.includes(key)) throw new Error(`--only: '${key}' is none of ${names.join(', ')}`)
      return key as keyof typeof workload.targets
    })
    for (const s of servers) await workload.warmUp(s.port)
    console.log(
      `${ASSETS.toLocaleString('en-US')} assets; ${ROUNDS} rounds of ${WINDOW_S} s windows, ${CONNECTIONS} connections`,
    )
    const totals = new Map<string, { requests: number; app: number; db: number; seconds: number }>()
    for (let round = 0; round < ROUNDS; round++) {
      for (const s of round % 2 ? [...servers].reverse() : servers) {
        for (const key of keys) {
          const target: Target = workload.targets[key]
          const meter = await cpuMeter(s.server.pid!, probe, database)
          const started = performance.now()
          const stats = await drive(s.port, WINDOW_S, CONNECTIONS, () => target, workload.cookies)
          const seconds = (performance.now() - started) / 1000
          const cpu = await meter.lap()
          const requests = [...stats.values()].reduce((sum, x) => sum + x.times.length, 0)
          // A build that fails its requests would look cheap: its figures mean nothing.
          const errors = [...stats.values()].reduce((sum, x) => sum + x.errors, 0)
          if (errors > 0) throw new Error(`${target.name} (${s.label}): ${errors} failed requests`)
          const name = `${target.name} (${s.label})`
          const total = totals.get(name) ?? { requests: 0, app: 0, db: 0, seconds: 0 }
          totals.set(name, {
            requests: total.requests + requests,
            app: total.app + cpu.app,
            db: total.db + cpu.db,
            seconds: total.seconds + seconds,
          })
          const perRequest = (ms: number) => (ms / Math.max(1, requests)).toFixed(1)
          console.log(
            `  ${name.padEnd(48)} ${(requests / seconds).toFixed(0).padStart(5)} req/s  CPU ${perRequest(cpu.app)} + ${perRequest(cpu.db)} ms/req  (load ${os.loadavg()[0]!.toFixed(1)})`,
          )
        }
      }
    }
    console.log('| page | build | req/s | CPU per request: app + database |')
    console.log('| --- | --- | --- | --- |')
    for (const [name, t] of totals) {
      const [page, build] = [name.slice(0, name.lastIndexOf(' (')), name.slice(name.lastIndexOf('(') + 1, -1)]
      const n = Math.max(1, t.requests)
      console.log(
        `| ${page} | ${build} | ${(t.requests / t.seconds).toFixed(1)} | ${(t.app / n).toFixed(1)} + ${(t.db / n).toFixed(1)} ms |`,
      )
    }
  } finally {
    for (const s of servers) s.server.stop()
    await probe.end()
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  },
)
