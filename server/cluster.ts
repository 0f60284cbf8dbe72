// SERVER_PROCESSES above 1 (decision 101): this process forks that many server processes,
// which share the port (node:cluster hands each new connection to the next one in turn), and
// only watches them. Each is an instance as several containers would be: the caches, the
// sign-in throttle and the quota already hold across instances through the database.
//
// - Jobs run in the first process only, so background work keeps the pace one instance gives it.
// - SIGTERM or SIGINT here is passed on; each process answers what it already received, as one
//   process alone does, and this one exits once they all have (0 when every one exited 0).
// - A process that stops on its own is started again; one that fails before it listens, or
//   too often, stops the whole server with its exit code (a bad setting will not loop).
import cluster, { type Worker } from 'node:cluster'
import type { Config } from '~/config.server'
import { log } from '~/platform/log.server'

/** Restarts within this window that mean something is wrong at every start. */
const RESTART_WINDOW_MS = 60_000
const MAX_RESTARTS = 5
/** After the processes' own shutdown budget, this long before they are killed. */
const KILL_GRACE_MS = 2_000

export function isServerProcess(): boolean {
  return cluster.isWorker
}

/**
 * Alone, or as the first of several at the server's start, a process opens the port at once and
 * answers the start-up page until it is ready; the others start only then, and they and any
 * started again join once ready, so none answers 503 beside one that is ready.
 */
export function listensBeforeReady(): boolean {
  return !cluster.isWorker || (process.env.SERVER_PROCESS === '1' && !process.env.SERVER_PROCESS_RESTARTED)
}

export function runPrimary(config: Pick<Config, 'SERVER_PROCESSES' | 'SHUTDOWN_TIMEOUT_MS' | 'runJobs'>): void {
  let stopping = false
  const restarts: number[] = []
  const listening = new Set<number>()
  const slots = new Map<number, number>()

  const fork = (slot: number, restarted = false) => {
    // Only the first runs jobs; RUN_JOBS=false for the server keeps it off in all of them.
    const worker = cluster.fork({
      RUN_JOBS: slot === 0 && config.runJobs ? 'true' : 'false',
      SERVER_PROCESS: String(slot + 1),
      ...(restarted ? { SERVER_PROCESS_RESTARTED: '1' } : {}),
    })
    slots.set(worker.id, slot)
    worker.once('listening', () => listening.add(worker.id))
    return worker
  }

  const stopAll = (exitCode: number) => {
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w))
    stopping = true
    for (const worker of workers) worker.process.kill('SIGTERM')
    let code = exitCode
    const left = new Set(workers.map((w) => w.id))
    const done = () => {
      log.info('stopped', { processes: config.SERVER_PROCESSES })
      process.exit(code)
    }
    if (left.size === 0) return done()
    cluster.on('exit', (worker, exit, signal) => {
      // Stopped by the signal itself: one still starting has no handler for it yet.
      if (exit !== 0 && signal !== 'SIGTERM') code = code || 1
      left.delete(worker.id)
      if (left.size === 0) done()
    })
    setTimeout(() => {
      log.error('server processes still running after the shutdown budget: killed', { processes: left.size })
      for (const worker of workers) if (left.has(worker.id)) worker.process.kill('SIGKILL')
      code = 1
    }, config.SHUTDOWN_TIMEOUT_MS + KILL_GRACE_MS).unref()
  }

  cluster.on('exit', (worker, exitCode, signal) => {
    if (stopping) return
    const slot = slots.get(worker.id) ?? 0
    slots.delete(worker.id)
    const now = Date.now()
    restarts.push(now)
    while (restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift()
    if (!listening.has(worker.id) || restarts.length > MAX_RESTARTS) {
      log.error('server process failed: stopping', { pid: worker.process.pid, exitCode, signal })
      stopAll(exitCode || 1)
      return
    }
    log.error('server process ended: starting another', { pid: worker.process.pid, exitCode, signal })
    fork(slot, true)
  })

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (stopping) return
      log.info('shutting down the server processes', { processes: config.SERVER_PROCESSES })
      stopAll(0)
    })
  }
  log.info('starting server processes', { processes: config.SERVER_PROCESSES })
  // The first alone until one is ready: it shows the start-up page meanwhile, and a process
  // still starting never shares the port with one that is ready.
  let othersStarted = false
  cluster.on('message', (_worker, message: unknown) => {
    if (stopping || othersStarted || (message as { ready?: boolean } | null)?.ready !== true) return
    othersStarted = true
    for (let slot = 1; slot < config.SERVER_PROCESSES; slot++) fork(slot)
  })
  fork(0)
}

/** A server process tells the first process it is ready (see runPrimary). */
export function reportReady(): void {
  if (cluster.isWorker) process.send?.({ ready: true })
}
