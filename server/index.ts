// The server entry, built by Vite with the app into build/server/index.js and run by plain
// `node`: with no arguments it serves the site; with a command it runs that command
// (`migrate`, `seed`, `admin:create --email ...`), on the same start-up code.
// First of all, React's production build is chosen (react-production.ts): an import before it
// would load React with the development build outside production.
import './react-production'
import { realpathSync } from 'node:fs'
import type { Server } from 'node:http'
import { Server as NetServer } from 'node:net'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ViteDevServer } from 'vite'
import { ConfigError, configWarnings, getConfig, type Config } from '~/config.server'
import { isConnectionFailure } from '#db/client'
import { log } from '~/platform/log.server'
import { endProvenanceTools } from '~/platform/provenance.server'
import { settleAfterResponse } from '~/platform/after-response.server'
import { flushBatches } from '~/platform/batched-writes.server'
import { createApp, type StartupState } from './app'
import { openServices, prepareDatabase } from './bootstrap'
import { removeStaleStaging } from '~/web/multipart.server'
import { runCommand } from './cli'
import { isServerProcess, listensBeforeReady, reportReady, runPrimary } from './cluster'
import { refuseConnect } from './guards'
import { errorMessage, errorStack } from '~/lib/errors'

/** Of the shutdown budget, this much is kept for closing the pool and ExifTool after the last answer. */
const CLOSING_RESERVE_MS = 2_000
/** While stopping, the open connections are looked at this often. */
const DRAIN_TICK_MS = 100
/**
 * While stopping, idle connections close once no request began or ended for this long: a
 * client on a loaded machine can take a few hundred milliseconds between connecting and
 * sending its request (100 ms reset uploads in a test run beside other work).
 */
const IDLE_QUIET_MS = 500
/** How long a running job may take to finish at shutdown before it is left to a retry. */
const JOB_STOP_MS = 3_000
/**
 * Connections still arriving this long after SIGTERM are refused even if the queue never empties
 * (at most half the time before requests are cut). Taking a burst of 50 took 0.9-1.5 s with the
 * cores starved (load 5 on two): at 1 s the last few were reset.
 */
const QUEUE_LIMIT_MS = 3_000
/**
 * One of several server processes is handed its connections by the first over IPC, not by
 * its own listen queue: a quiet spell is then this long, not a turn of the event loop.
 */
const HANDED_QUIET_MS = 25
const RETRY_MS = 2_000

function loadConfig(): Config {
  try {
    return getConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

/** Errors that mean "the database is not there yet": worth waiting for, not worth dying of. */
function isConnectionError(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code
  // 3D000: the database is not created yet; 57014: a statement timed out waiting for a lock.
  return isConnectionFailure(error) || ['3D000', '57014'].includes(code ?? '')
}

export interface RunningServer {
  server: Server
  state: StartupState
  /** Resolves once migrations and the demo seed are done. */
  ready: Promise<void>
  close(): Promise<void>
}

/**
 * Listens at once, then prepares the database behind a 503 page, so the port never stays shut
 * while migrations or the demo seed run. SIGTERM answers every request already received and
 * exits 0 within SHUTDOWN_TIMEOUT_MS.
 */
export async function startServer(
  options: {
    vite?: ViteDevServer
    /** SIGTERM and SIGINT drain the server, then end the process. */
    stopOnSignals?: boolean
  } = {},
): Promise<RunningServer> {
  const config = loadConfig()
  // Opened first: embedded PGlite starts in its own thread while this one goes on.
  const services = openServices(config)
  // The app's own code, loaded before the port opens: on the server's thread it takes a moment
  // in which nothing else is answered, better spent now than in a visitor's first request.
  if (!options.vite) await import('virtual:react-router/server-build')
  const state: StartupState = { services: null, progress: { phase: 'connecting' }, stopping: false }
  const here = path.dirname(fileURLToPath(import.meta.url))
  const app = createApp({
    config,
    state,
    vite: options.vite,
    clientDir: options.vite ? undefined : path.resolve(here, '../client'),
  })

  // Requests in flight, and when one last began or ended: the drain waits for a quiet spell.
  let inFlight = 0
  let lastActivity = 0
  let connections = 0
  let server: Server | undefined
  const listen = async (): Promise<Server> => {
    const listening = await new Promise<Server>((resolve) => {
      const opened = app.listen(config.PORT, config.HOST, () => resolve(opened))
    })
    server = listening
    listening.on('connect', refuseConnect)
    listening.on('connection', () => connections++)
    listening.on('request', (_req, res) => {
      inFlight++
      lastActivity = performance.now()
      res.once('close', () => {
        inFlight--
        lastActivity = performance.now()
      })
    })
    // From the moment a request can arrive, a signal drains it: installed any later, a SIGTERM
    // in between would end the process with that request unanswered.
    if (options.stopOnSignals) stopOnSignals(close)
    log.info('listening', { url: config.appUrl, port: config.PORT })
    for (const { message, ...fields } of configWarnings(config)) log.warn(message, fields)
    return listening
  }

  let closing: Promise<void> | undefined
  function close(): Promise<void> {
    // Only ever called once listening (by the signal handlers, or after startServer returned).
    const listener = server
    if (!listener) return Promise.resolve()
    closing ??= (async () => {
      const stopped = performance.now()
      const budgetMs = config.SHUTDOWN_TIMEOUT_MS
      state.stopping = true
      log.info('shutting down: answering the requests already received', { budgetMs })
      // Connections the kernel accepted wait in the listen queue, and closing the listener
      // resets them; libuv takes one per turn of the event loop: turn it until a turn takes none.
      const queueLimitMs = Math.min(QUEUE_LIMIT_MS, (budgetMs - CLOSING_RESERVE_MS) / 2)
      for (let quietTurns = 0; quietTurns < 2 && performance.now() - stopped < queueLimitMs; ) {
        const before = connections
        await new Promise((resolve) =>
          isServerProcess() ? setTimeout(resolve, HANDED_QUIET_MS) : setImmediate(resolve),
        )
        quietTurns = connections === before ? quietTurns + 1 : 0
      }
      // The listener only: http.Server.close() also drops every connection without a request
      // in progress, among them those whose request is on the wire or not read yet.
      const drained = new Promise<void>((resolve) => NetServer.prototype.close.call(listener, () => resolve()))
      // Requests on open connections are still answered (with `Connection: close`); idle
      // connections close once no request began or ended for IDLE_QUIET_MS, by when one already
      // sent on them would have been read.
      const sweep = setInterval(() => {
        if (inFlight === 0 && performance.now() - lastActivity >= IDLE_QUIET_MS) listener.closeIdleConnections()
      }, DRAIN_TICK_MS)
      const cut = setTimeout(() => {
        log.warn('shutting down: cutting requests still running', { requests: inFlight })
        listener.closeAllConnections()
      }, budgetMs - CLOSING_RESERVE_MS)
      await drained
      clearInterval(sweep)
      clearTimeout(cut)
      // The pool closes after the last answer; the monitor stops probing before it does.
      const cleanup = (async () => {
        // A reset email still being written goes out before the database closes.
        await settleAfterResponse()
        // Searches and views still waiting in their batch are written.
        await flushBatches().catch(() => {})
        // A job still running is given a moment; one cut short is retried by another instance.
        await services.jobs.stop(JOB_STOP_MS).catch(() => {})
        await services.db.destroy().catch(() => {})
        await endProvenanceTools().catch(() => {})
      })()
      let overrun: ReturnType<typeof setTimeout> | undefined
      const outOfTime = new Promise<never>((_, reject) => {
        overrun = setTimeout(
          () => reject(new Error('the database pool or ExifTool did not close within the shutdown budget')),
          Math.max(budgetMs - (performance.now() - stopped), 0),
        )
      })
      try {
        await Promise.race([cleanup, outOfTime])
      } finally {
        clearTimeout(overrun)
      }
      log.info('stopped', { ms: Math.round(performance.now() - stopped) })
    })()
    return closing
  }
  const early = listensBeforeReady()
  const opened = early ? await listen() : undefined

  const stale = await removeStaleStaging()
  if (stale.length) log.info('removed staging folders left by an earlier process', { folders: stale.length })
  const ready = (async () => {
    for (;;) {
      try {
        await prepareDatabase(services, { deferAdmin: true, onProgress: (progress) => (state.progress = progress) })
        state.services = services
        log.info('ready')
        reportReady()
        // The workers, among them the storage sweep every ten minutes (a cron job, where each
        // instance used to run its own timer).
        services.jobs
          .open()
          .then(() => (config.runJobs ? services.jobs.work() : undefined))
          .catch((error: unknown) => log.error('job queue not started', { error: errorMessage(error) }))
        return
      } catch (error) {
        if (state.stopping) return
        if (!isConnectionError(error)) throw error
        log.warn('database not reachable yet; retrying', {
          error: errorMessage(error),
        })
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS))
      }
    }
  })()
  ready.catch((error: unknown) => {
    log.error('start-up failed', { error: errorStack(error) })
    process.exit(1)
  })
  // Another server process's share of the connections comes once it can answer them: with the
  // port already open, a 503 start-up page from it would be a failure beside a ready one.
  const listening: Server = opened ?? (await ready.then(() => listen()))
  return { server: listening, state, ready, close }
}

/** Serves the site, or runs the command given (see cli.ts). */
export async function main(argv: string[]): Promise<void> {
  if (argv.length > 0) {
    // admin:create reads ADMIN_PASSWORD alone (no ADMIN_EMAIL beside it): hand it over, then
    // parse the rest of the configuration without it.
    const password = argv[0] === 'admin:create' ? process.env.ADMIN_PASSWORD : undefined
    if (password !== undefined && !process.env.ADMIN_EMAIL) delete process.env.ADMIN_PASSWORD
    process.exitCode = await runCommand(loadConfig(), argv, { password })
    return
  }
  if (!isServerProcess()) {
    const config = loadConfig()
    if (config.SERVER_PROCESSES > 1) return runPrimary(config)
  }
  await startServer({ stopOnSignals: true })
}

/** SIGTERM or SIGINT: `close`, then exit 0 (1 when the shutdown could not finish). */
function stopOnSignals(close: () => Promise<void>): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error('shutdown unfinished', { error: errorMessage(error) })
          process.exit(1)
        },
      )
    })
  }
}

const entry = process.argv[1]
if (entry && import.meta.url === pathToFileURL(realpathSync(entry)).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(errorMessage(error))
    process.exit(1)
  })
}
