// What the benchmark scripts share: the built server on a scratch database, and the report.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type pg from 'pg'

export interface BuiltServer {
  base: string
  /** The server's process id (bench:load reads its CPU time). */
  pid: number | undefined
  stop(): void
}

/** Starts the built app (no demo seed) on 127.0.0.1 and waits until /readyz answers. */
export async function startBuiltServer(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<BuiltServer> {
  const buildDir = process.env.BUILD_DIR ?? 'build'
  if (!existsSync(path.join(buildDir, 'server/index.js'))) throw new Error('Build first: npx react-router build')
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-'))
  const child = spawn(process.execPath, [path.join(process.env.BUILD_DIR ?? 'build', 'server/index.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_REQUESTS: 'false',
      LOG_SILENT: '1',
      SEED_ON_EMPTY: 'false',
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
      ...env,
    },
    stdio: 'ignore',
  })
  const stop = () => {
    child.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, pid: child.pid, stop }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  stop()
  throw new Error('The built server did not answer /readyz within a minute.')
}

/** Replaces (or appends) the section between `<!-- bench:NAME start/end -->` in docs/performance.md. */
export function writePerformanceSection(name: string, lines: string[]): void {
  const file = 'docs/performance.md'
  const start = `<!-- bench:${name} start -->`
  const end = `<!-- bench:${name} end -->`
  const section = [start, ...lines, end].join('\n')
  let text = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Performance\n\nFigures from the benchmark scripts (`npm run bench:*`), not from timed tests.\n'
  text = text.includes(start)
    ? text.replace(new RegExp(`${start}[\\s\\S]*${end}`), section)
    : `${text.trimEnd()}\n\n${section}\n`
  writeFileSync(file, text)
  console.log(`Wrote ${file}`)
}

/** The search benches' shared mix: common and rare words, prefixes, typos (alone and beside a word), several words. */
export const SEARCH_MIX = [
  'robot',
  'sphere',
  'glossy cube',
  'glossy robot toy',
  'neon cat retro render',
  'rob',
  'neo',
  'robto',
  'shpere',
  'glossy robto',
  'aurora',
] as const

/** A process's /proc/<pid>/stat fields after its name (state first); null when it is gone. */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  } catch {
    return null
  }
}

/** CPU time (user + system) of a process so far, in ms; 0 when it is gone. */
function cpuMs(pid: number): number {
  const fields = statFields(pid)
  return fields ? (Number(fields[11]) + Number(fields[12])) * 10 : 0 // clock ticks of 10 ms
}

/** CPU time of a process and of the processes it started (the server processes, decision 101). */
function treeCpuMs(pid: number): number {
  let total = cpuMs(pid)
  for (const name of readdirSync('/proc')) {
    if (/^\d+$/.test(name) && Number(statFields(name)?.[1]) === pid) total += cpuMs(Number(name))
  }
  return total
}

/**
 * CPU spent by the app and its database connections: a figure the other work on the machine
 * changes far less than a rate does (it is what each request costs, not how fast it got a core).
 */
export async function cpuMeter(appPid: number, probe: pg.Client, database: string) {
  const backends = async () =>
    (
      await probe.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      )
    ).rows.map((r) => r.pid)
  const read = async () => {
    const pids = await backends()
    return { app: treeCpuMs(appPid), db: new Map(pids.map((pid) => [pid, cpuMs(pid)])) }
  }
  let before = await read()
  return {
    async lap() {
      const now = await read()
      let db = 0
      for (const [pid, ms] of now.db) db += ms - (before.db.get(pid) ?? 0)
      const lap = { app: now.app - before.app, db }
      before = now
      return lap
    },
  }
}
