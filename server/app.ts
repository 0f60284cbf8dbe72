// The Express app: security headers, compression, static files, request logs, the start-up
// gate, then React Router. Built by Vite together with the app, so there is one copy of every
// module (config included) and production runs it with plain `node`.
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import express, { type Request as ExpressRequest, type Response as ExpressResponse } from 'express'
import compression from 'compression'
import { createRequestHandler } from '@react-router/express'
import { createRequestHandler as createFetchHandler, type ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { DATABASE_UNAVAILABLE } from '#db/availability'
import { databaseAnswers, isDatabaseAvailable } from '#db/client'
import type { Config } from '~/config.server'
import { onCatalogueChange } from '~/domain/catalogue/catalogue-cache.server'
import { sharedCatalogueVersion } from '~/domain/catalogue/shared-results.server'
import { log } from '~/platform/log.server'
import { recordRequest } from '~/platform/metrics.server'
import { createLoadContext, type Services } from '~/web/context.server'
import { recordSearch } from '~/web/search-log.server'
import type { SearchRecord } from '~/domain/analytics/searches.server'
import type { StartupProgress } from './bootstrap'
import {
  acceptAbsoluteTargets,
  answerFault,
  capBodies,
  checkHostAndTarget,
  closeConnections,
  coalesceFlushes,
  gatePages,
  methodGate,
  PERMISSIONS_POLICY,
} from './guards'
import { imagesMiddleware } from './images'
import { createPageCache } from './page-cache'
import { createRenderGate } from './admission'
import { recordAssetEvent } from '~/domain/analytics/asset-events.server'
import { classifyRequest } from '~/web/asset-views.server'
import { startupPage } from './startup-page'

/** What the app knows of its own start: services once ready, and how far preparation got. */
export interface StartupState {
  services: Services | null
  progress: StartupProgress
  /**
   * Set once SIGTERM arrived: readiness turns red so a load balancer stops sending traffic, and
   * every answer closes its connection; requests already received are still served as usual.
   */
  stopping: boolean
}

/**
 * `scripts` is how inline scripts are allowed: a per-request nonce for rendered pages, or the
 * hashes of exactly the page's own inline scripts for a page served from the page cache.
 */
function contentSecurityPolicy(
  config: Config,
  scripts: { nonce: string } | { hashes: string[] },
  dev: boolean,
  framing: 'none' | 'anyone' = 'none',
): string {
  const formTargets = ["'self'", ...config.formActionOrigins]
  return [
    "default-src 'self'",
    'nonce' in scripts
      ? `script-src 'self' 'nonce-${scripts.nonce}' 'strict-dynamic'`
      : ['script-src', "'self'", ...scripts.hashes].join(' '),
    // Mantine sets style attributes and a variables <style>; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: http://localhost:*' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formTargets.join(' ')}`,
    framing === 'anyone' ? 'frame-ancestors *' : "frame-ancestors 'none'",
  ].join('; ')
}

/** The embeddable players: the only pages another site may put in a frame (digits only: no path tricks). */
const EMBEDDABLE_PATH = /^\/embed\/assets\/\d{1,9}$/

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
    const embeddable = EMBEDDABLE_PATH.test(req.path)
    res.setHeader(
      'Content-Security-Policy',
      contentSecurityPolicy(config, { nonce }, dev, embeddable ? 'anyone' : 'none'),
    )
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    if (!embeddable) res.setHeader('X-Frame-Options', 'DENY')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY)
    if (config.isProduction) res.setHeader('Strict-Transport-Security', 'max-age=31536000')
    res.on('finish', () => {
      const durationMs = Math.round((performance.now() - started) * 10) / 10
      // Probes and the start-up page are not the API's work: they would skew p95 and the 5xx rate.
      if (!res.locals.unmetered) recordRequest({ durationMs, status: res.statusCode })
      if (config.logRequests) {
        // The path only: query strings can carry one-time tokens.
        log.info('request', { method: req.method, path: req.path, status: res.statusCode, durationMs })
      }
    })
    next()
  })
  // The door's checks (server/guards.ts): connections closing after early answers and while
  // stopping, the target's form, Host, clean text in the URL.
  app.use(closeConnections(() => state.stopping))
  app.use(acceptAbsoluteTargets(new URL(config.appUrl).host))
  app.use(checkHostAndTarget(Boolean(config.TRUST_PROXY)))
  app.use(compression())
  app.use(coalesceFlushes)

  const build = vite
    ? () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
    : once(() => import('virtual:react-router/server-build') as Promise<ServerBuild>)
  const loadContext = (req: ExpressRequest, res: ExpressResponse, noteSearch?: (search: SearchRecord) => void) =>
    createLoadContext(state.services as Services, {
      nonce: String(res.locals.cspNonce),
      ip: req.ip ?? 'unknown',
      noteSearch,
    })

  // Views and preview plays, counted here, before the page cache, so a cached page counts too
  // (decision 91); written after the response, in batches.
  app.use((req, res, next) => {
    const services = state.services
    if (services) {
      const query = req.originalUrl.indexOf('?')
      const event = classifyRequest({
        method: req.method,
        path: req.path,
        query: new URLSearchParams(query < 0 ? '' : req.originalUrl.slice(query + 1)),
        header: (name) => req.get(name),
      })
      if (event)
        res.on('finish', () => {
          if (res.statusCode < 400) recordAssetEvent(services.db, event)
        })
    }
    next()
  })

  // At most MAX_RENDERING page renders at once, the page cache's included (decision 94).
  const renderGate = createRenderGate(dev ? 0 : (config.MAX_RENDERING ?? defaultRenderCap(config.SERVER_PROCESSES)))

  // Anonymous home, explore and asset pages from a shared cache (server/page-cache.ts).
  if (!dev && (config.PAGE_CACHE ?? true)) {
    const renderPage = derivedOnce(build, vite, (b) => createFetchHandler(b, 'production'))
    const pageCache = createPageCache({
      render: (req, res) =>
        renderGate.run(() =>
          renderPage(
            toFetchRequest(req, res),
            loadContext(req, res, (search) => {
              res.locals.search = search
            }),
          ),
        ),
      version: () => sharedCatalogueVersion((state.services as Services).db),
      policy: (hashes) => contentSecurityPolicy(config, { hashes }, dev),
      checkEveryMs: config.PAGE_CACHE_CHECK_MS,
      // An explore page served from the cache is a search too (decision 90).
      note: (res) => res.locals.search ?? null,
      onHit: (req, search) =>
        recordSearch((state.services as Services).db, (name) => req.get(name), search as SearchRecord),
    })
    onCatalogueChange(pageCache.changed)
    app.use((req, res, next) =>
      state.services && isDatabaseAvailable(state.services.db) ? pageCache.middleware(req, res, next) : next(),
    )
  }

  // Thumbnails and previews stream from storage without going through React Router.
  app.use(
    '/images',
    imagesMiddleware(() => state.services?.storage ?? null),
  )

  if (vite) app.use(vite.middlewares)
  else if (clientDir) {
    // Every built and public file has an extension: a page's path (an asset page's /assets/42
    // among them) skips the disk lookups, a stat each.
    const withExtension =
      (serve: express.RequestHandler): express.RequestHandler =>
      (req, res, next) =>
        path.extname(req.path) ? serve(req, res, next) : next()
    // Hashed file names: a file never changes under its name.
    app.use(
      '/assets',
      withExtension(
        express.static(path.join(clientDir, 'assets'), {
          immutable: true,
          maxAge: '1y',
          index: false,
          redirect: false,
        }),
      ),
    )
    app.use(withExtension(express.static(clientDir, { maxAge: '1h', index: false, redirect: false })))
  }

  // Liveness: the process serves requests. Readiness (below) says whether it can do its job.
  app.get('/healthz', (_req, res) => {
    res.locals.unmetered = true
    res.setHeader('Cache-Control', 'no-store')
    // Liveness never waits on the database (a restart would not bring it back); it reports
    // what the monitor last knew. Readiness is the one that turns red.
    const database = state.services
      ? isDatabaseAvailable(state.services.db)
        ? 'available'
        : 'unavailable'
      : 'starting'
    res.json({ status: 'ok', ready: Boolean(state.services) && !state.stopping, database })
  })
  app.get('/readyz', async (_req, res) => {
    res.locals.unmetered = true
    res.setHeader('Cache-Control', 'no-store')
    if (state.stopping) return void res.status(503).json({ status: 'stopping' })
    if (!state.services) return void res.status(503).json({ status: 'starting', progress: state.progress })
    if (!(await databaseAnswers(state.services.db)))
      return void res
        .status(503)
        .json({ status: 'unavailable', database: 'not answering', error: DATABASE_UNAVAILABLE })
    res.json({ status: 'ready' })
  })

  // Until migrations and the demo seed are done, every other request gets a 503 that says why.
  app.use((req, res, next) => {
    if (state.services) return next()
    answerStarting(req, res, state.progress)
  })

  app.use(methodGate(build))
  app.use(capBodies(build))
  app.use(gatePages(build, renderGate))
  app.all(
    '/{*path}',
    derivedOnce(build, vite, (b) =>
      createRequestHandler({ build: b, mode: dev ? 'development' : 'production', getLoadContext: loadContext }),
    ),
  )
  app.use(answerFault)
  return app
}

/** The Fetch Request React Router expects, for a GET or HEAD the page cache renders itself. */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else if (value !== undefined) headers.set(name, value)
  }
  const controller = new AbortController()
  res.on('close', () => controller.abort())
  return new Request(new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`), {
    method: req.method,
    headers,
    signal: controller.signal,
  })
}

function answerStarting(req: ExpressRequest, res: ExpressResponse, progress: StartupProgress) {
  res.locals.unmetered = true
  res.setHeader('Retry-After', '5')
  res.setHeader('Cache-Control', 'no-store')
  const message =
    progress.phase === 'seeding'
      ? `Preparing the demo catalogue: ${progress.done} of ${progress.total}`
      : 'The site is starting'
  if (req.path.startsWith('/api/')) {
    res.status(503).json({ error: `${message}. Please try again in a few seconds.` })
    return
  }
  res.status(503).type('html').send(startupPage(message))
}

/**
 * One render per core keeps every core busy; one more covers the time a render waits for the
 * database. Measured on 2 cores (decision 94): 3 beat 2, 4, 6 and 12. Several server processes
 * (decision 101) share the cores: each counts its share.
 */
function defaultRenderCap(processes: number): number {
  return Math.ceil(os.availableParallelism() / processes) + 1
}

/**
 * React Router handed a function for the build derives its routes and static handler from it on
 * every request (5% of an asset page's CPU); handed the build itself, once. Built, the handler is
 * made once from the loaded build; under Vite it keeps the function, so edits are picked up.
 */
function derivedOnce<A extends unknown[], R>(
  build: () => Promise<ServerBuild>,
  vite: unknown,
  make: (build: ServerBuild | (() => Promise<ServerBuild>)) => (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  if (vite) return make(build)
  let handler: Promise<(...args: A) => Promise<R>> | undefined
  return async (...args) => {
    handler ??= build().then(make, (error: unknown) => {
      handler = undefined
      throw error
    })
    return (await handler)(...args)
  }
}

/** The built app is imported once: a dynamic import per request still costs a module lookup. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined
      throw error
    })
    return made
  }
}
