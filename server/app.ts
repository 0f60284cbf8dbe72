// The Express app: security headers, compression, static files, request logs, the start-up
// gate, then React Router. Built by Vite together with the app, so there is one copy of every
// module (config included) and production runs it with plain `node`.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from 'express'
import compression from 'compression'
import { createRequestHandler } from '@react-router/express'
import type { ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { DATABASE_UNAVAILABLE } from '#db/availability'
import { databaseAnswers, isDatabaseAvailable } from '#db/client'
import type { Config } from '~/config.server'
import { log } from '~/domain/log.server'
import { recordRequest } from '~/domain/metrics.server'
import { createLoadContext, type Services } from '~/web/context.server'
import type { StartupProgress } from './bootstrap'
import { startupPage } from './startup-page'

/** What the app knows of its own start: services once ready, and how far preparation got. */
export interface StartupState {
  services: Services | null
  progress: StartupProgress
  /** Set once SIGTERM arrived: readiness turns red so a load balancer stops sending traffic. */
  stopping: boolean
}

function contentSecurityPolicy(config: Config, nonce: string, dev: boolean): string {
  const formTargets = ["'self'", ...config.formActionOrigins]
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // Mantine sets style attributes and a variables <style>; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: http://localhost:*' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formTargets.join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ')
}

export interface AppOptions {
  config: Config
  state: StartupState
  /** The built client files (production); absent in development, where Vite serves them. */
  clientDir?: string
  vite?: ViteDevServer
}

export function createApp({ config, state, clientDir, vite }: AppOptions): express.Express {
  const dev = Boolean(vite)
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.TRUST_PROXY ?? false)

  app.use((req, res, next) => {
    const started = performance.now()
    const nonce = randomBytes(16).toString('base64')
    res.locals.cspNonce = nonce
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(config, nonce, dev))
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    res.setHeader('X-Frame-Options', 'DENY')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    if (config.isProduction) res.setHeader('Strict-Transport-Security', 'max-age=31536000')
    res.on('finish', () => {
      const durationMs = Math.round((performance.now() - started) * 10) / 10
      // Probes and the start-up page are not the API's work: they would skew p95 and the 5xx rate.
      if (!res.locals.unmetered) recordRequest({ durationMs, status: res.statusCode })
      if (config.LOG_REQUESTS ?? true) {
        // The path only: query strings can carry one-time tokens.
        log.info('request', { method: req.method, path: req.path, status: res.statusCode, durationMs })
      }
    })
    next()
  })
  app.use(compression())

  if (vite) app.use(vite.middlewares)
  else if (clientDir) {
    // Hashed file names: a file never changes under its name.
    app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }))
    app.use(express.static(clientDir, { maxAge: '1h', index: false, redirect: false }))
  }

  // Liveness: the process serves requests. Readiness (below) says whether it can do its job.
  app.get('/healthz', (_req, res) => {
    res.locals.unmetered = true
    res.setHeader('Cache-Control', 'no-store')
    // Liveness never waits on the database (a restart would not bring it back); it reports
    // what the monitor last knew. Readiness is the one that turns red.
    const database = state.services ? (isDatabaseAvailable(state.services.db) ? 'available' : 'unavailable') : 'starting'
    res.json({ status: 'ok', ready: Boolean(state.services) && !state.stopping, database })
  })
  app.get('/readyz', async (_req, res) => {
    res.locals.unmetered = true
    res.setHeader('Cache-Control', 'no-store')
    if (state.stopping) return void res.status(503).json({ status: 'stopping' })
    if (!state.services) return void res.status(503).json({ status: 'starting', progress: state.progress })
    if (!(await databaseAnswers(state.services.db))) return void res.status(503).json({ status: 'unavailable', database: 'not answering', error: DATABASE_UNAVAILABLE })
    res.json({ status: 'ready' })
  })

  // Until migrations and the demo seed are done, every other request gets a 503 that says why.
  app.use((req, res, next) => {
    if (state.services) return next()
    answerStarting(req, res, state.progress)
  })

  const build = vite
    ? () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
    : () => import('virtual:react-router/server-build') as Promise<ServerBuild>
  app.all(
    '/{*path}',
    createRequestHandler({
      build,
      mode: dev ? 'development' : 'production',
      getLoadContext: (req, res) => createLoadContext(state.services as Services, { nonce: String(res.locals.cspNonce), ip: req.ip ?? 'unknown' }),
    }),
  )
  return app
}

function answerStarting(req: ExpressRequest, res: ExpressResponse, progress: StartupProgress) {
  res.locals.unmetered = true
  res.setHeader('Retry-After', '5')
  res.setHeader('Cache-Control', 'no-store')
  const message = progress.phase === 'seeding'
    ? `Preparing the demo catalogue: ${progress.done} of ${progress.total}`
    : 'The site is starting'
  if (req.path.startsWith('/api/')) {
    res.status(503).json({ error: `${message}. Please try again in a few seconds.` })
    return
  }
  res.status(503).type('html').send(startupPage(message))
}
