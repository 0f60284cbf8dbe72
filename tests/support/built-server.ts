import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach } from 'vitest'
import { createScratchDatabase } from './database-url'

// The production server as it really runs: plain `node build/server/index.js` (npm test builds
// first), on a port of its own, with a temporary data folder removed on stop.

export const BUILT_ENTRY = path.join(process.env.BUILD_DIR ?? 'build', 'server/index.js')

export interface BuiltServerProcess {
  base: string
  child: ChildProcess
  output(): string
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>
}

// Ports 3700-3899 in ten blocks of twenty, one per vitest worker (VITEST_POOL_ID is 1, 2, …):
// test files running side by side never pick the same port, which random starts could (two
// workers starting two apart collided on the second server). A worker's own servers take
// turns through its block; a stopped server's port is free again.
const PORT_BLOCK = 20
const portBlock = (Math.max(Number(process.env.VITEST_POOL_ID ?? 1), 1) - 1) % 10
let started = 0
const nextPort = () => 3700 + portBlock * PORT_BLOCK + (started++ % PORT_BLOCK)

export function startBuiltServer(env: Record<string, string>): BuiltServerProcess {
  if (!existsSync(BUILT_ENTRY))
    throw new Error(`No build at ${BUILT_ENTRY}: run \`npx react-router build\` (npm test does).`)
  const port = nextPort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stock-built-'))
  let log = ''
  const child = spawn(process.execPath, [BUILT_ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_REQUESTS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      const code = await exited
      rmSync(dataDir, { recursive: true, force: true })
      return code
    },
  }
}

/**
 * The processes of a built server under /proc, found by the port in their environment (the pid
 * the test's child has may be another namespace's), with which of several server processes each
 * is (null for the first process of all).
 */
export function processesOnPort(port: string): { proc: string; pid: number; serverProcess: number | null }[] {
  const found: { proc: string; pid: number; serverProcess: number | null }[] = []
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')
      if (!env.includes(`PORT=${port}`)) continue
      const slot = env.find((line) => line.startsWith('SERVER_PROCESS='))
      found.push({ proc: `/proc/${pid}`, pid: Number(pid), serverProcess: slot ? Number(slot.split('=')[1]) : null })
    } catch {
      // gone, or not ours
    }
  }
  if (found.length === 0) throw new Error(`no process listens on ${port}`)
  return found
}

/** Polls until `check` holds (or the time runs out, naming `what` was waited for). */
export async function waitUntil(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`waited ${timeoutMs} ms for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Polls a URL until it answers with the status wanted (or the time runs out). */
export async function waitForStatus(url: string, status: number, timeoutMs = 60_000): Promise<number> {
  const started = Date.now()
  for (;;) {
    try {
      const res = await fetch(url)
      await res.body?.cancel()
      if (res.status === status) return Date.now() - started
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/**
 * For a describe block: built servers and scratch databases that its tests start, stopped and
 * dropped after each test (last first), with `later` for anything else to undo.
 */
export function builtServerHarness(prefix: string, usePostgres: boolean) {
  const cleanups: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  return {
    /** A scratch database's URL ('' without PostgreSQL: the server then uses PGlite). */
    async scratch(): Promise<string> {
      if (!usePostgres) return ''
      const db = await createScratchDatabase(prefix)
      cleanups.push(db.drop)
      return db.url
    },
    start(env: Record<string, string>): BuiltServerProcess {
      const server = startBuiltServer(env)
      cleanups.push(() => server.stop())
      return server
    },
    later(cleanup: () => Promise<unknown>) {
      cleanups.push(cleanup)
    },
  }
}

/**
 * Waits until an uploaded asset's processing (the job 'process-upload', decision 087) is done on
 * a running server, and answers the asset as GET /api/admin/assets/{id} shows it then.
 */
export async function waitUntilProcessed(
  base: string,
  token: string,
  id: number,
  timeoutMs = 30_000,
): Promise<{ id: number; thumbnail: string; image: string; processing: { state: string; error: string | null } }> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const res = await fetch(`${base}/api/admin/assets/${id}`, { headers: { authorization: `Bearer ${token}` } })
    const asset = await res.json()
    if (asset.processing?.state !== 'processing') return asset
    if (Date.now() > until) throw new Error(`asset ${id} still processing after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
