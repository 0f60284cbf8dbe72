// The server entry, built by Vite with the app into build/server/index.js and run by plain
// `node`: with no arguments it serves the site; with a command it runs that command
// (`migrate`, `seed`, `admin:create --email ...`), on the same start-up code.
import { realpathSync } from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ViteDevServer } from 'vite'
import { ConfigError, getConfig, type Config } from '~/config.server'
import { isConnectionFailure } from '#db/client'
import { log } from '~/platform/log.server'
import { endProvenanceTools } from '~/platform/provenance.server'
import { settleAfterResponse } from '~/platform/after-response.server'
import { sweepStorage } from '~/platform/storage-cleanup.server'
import { createApp, type StartupState } from './app'
import { openServices, prepareDatabase } from './bootstrap'
import { removeStaleStaging } from '~/web/multipart.server'
import { runCommand } from './cli'
import { refuseConnect } from './guards'
import { errorMessage, errorStack } from '~/lib/errors'

const SHUTDOWN_GRACE_MS = 8_000
const RETRY_MS = 2_000
/** Files whose removal failed, or uploads that never committed, are swept this often. */
const SWEEP_INTERVAL_MS = 10 * 60_000

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
 * while migrations or the demo seed run. SIGTERM drains requests in flight and exits 0.
 */
export async function startServer(options: { vite?: ViteDevServer } = {}): Promise<RunningServer> {
  const config = loadConfig()
  const state: StartupState = { services: null, progress: { phase: 'connecting' }, stopping: false }
  const here = path.dirname(fileURLToPath(import.meta.url))
  const app = createApp({
    config,
    state,
    vite: options.vite,
    clientDir: options.vite ? undefined : path.resolve(here, '../client'),
  })

  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(config.PORT, config.HOST, () => resolve(listening))
  })
  server.on('connect', refuseConnect)
  log.info('listening', { url: config.appUrl, port: config.PORT })

  const services = openServices(config)
  const stale = await removeStaleStaging()
  if (stale.length) log.info('removed staging folders left by an earlier process', { folders: stale.length })
  let sweeper: ReturnType<typeof setInterval> | undefined
  const ready = (async () => {
    for (;;) {
      try {
        await prepareDatabase(services, { onProgress: (progress) => (state.progress = progress) })
        state.services = services
        log.info('ready')
        sweeper = setInterval(() => {
          sweepStorage(services.db, services.storage).catch(() => {})
        }, SWEEP_INTERVAL_MS)
        sweeper.unref()
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

  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= (async () => {
      state.stopping = true
      clearInterval(sweeper)
      log.info('shutting down: draining requests in flight')
      const drained = new Promise<void>((resolve) => server.close(() => resolve()))
      // Keep-alive connections close as soon as their request in flight is answered.
      server.closeIdleConnections()
      const sweep = setInterval(() => server.closeIdleConnections(), 100)
      const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
      await drained
      clearInterval(sweep)
      clearTimeout(timer)
      // A reset email still being written goes out before the database closes.
      await settleAfterResponse()
      await services.db.destroy().catch(() => {})
      await endProvenanceTools().catch(() => {})
      log.info('stopped')
    })()
    return closing
  }
  return { server, state, ready, close }
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
  const running = await startServer()
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      running.close().then(
        () => process.exit(0),
        () => process.exit(1),
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
