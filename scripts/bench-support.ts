// What the benchmark scripts share: the built server on a scratch database, and the report.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

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
