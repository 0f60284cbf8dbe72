// The HTTP server: security headers, compression, static files, request logs, then React Router.
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import express from 'express'
import compression from 'compression'
import { createRequestHandler } from '@react-router/express'
import type { ServerBuild } from 'react-router'
import { ConfigError, getConfig } from './app/config.server'

interface AppEntry {
  getLoadContext(request: { nonce: string; ip: string }): Promise<import('react-router').RouterContextProvider>
  prepare(): Promise<void>
  recordRequest(sample: { durationMs: number; status: number }): void
}

const here = path.dirname(fileURLToPath(import.meta.url))
const dev = process.argv.includes('--dev')
const buildDir = path.resolve(here, process.env.BUILD_DIR ?? 'build')

function contentSecurityPolicy(nonce: string): string {
  const config = getConfig()
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

async function main() {
  let config
  try {
    config = getConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.TRUST_PROXY ?? false)

  let entry: () => Promise<AppEntry>
  let build: () => Promise<ServerBuild>
  if (dev) {
    const vite = await import('vite')
    const viteServer = await vite.createServer({ server: { middlewareMode: true } })
    app.use(viteServer.middlewares)
    build = () => viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
  } else {
    const buildPath = path.join(buildDir, 'server/index.js')
    const loaded = (await import(buildPath)) as ServerBuild
    build = async () => loaded
  }
  entry = async () => (await build()).entry.module as unknown as AppEntry

  let recordRequest: AppEntry['recordRequest'] = () => {}
  app.use((req, res, next) => {
    const started = performance.now()
    const nonce = randomBytes(16).toString('base64')
    res.locals.cspNonce = nonce
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce))
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    res.setHeader('X-Frame-Options', 'DENY')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    if (config.isProduction) res.setHeader('Strict-Transport-Security', 'max-age=31536000')
    res.on('finish', () => {
      const durationMs = Math.round((performance.now() - started) * 10) / 10
      recordRequest({ durationMs, status: res.statusCode })
      if (config.LOG_REQUESTS ?? true) {
        // The path only: query strings can carry one-time tokens.
        console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', message: 'request', method: req.method, path: req.path, status: res.statusCode, durationMs }))
      }
    })
    next()
  })
  app.use(compression())

  if (!dev) {
    // Hashed file names: a file never changes under its name.
    app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }))
    app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h', index: false, redirect: false }))
  }

  app.all(
    '/{*path}',
    createRequestHandler({
      build,
      mode: dev ? 'development' : 'production',
      getLoadContext: async (req, res) =>
        (await entry()).getLoadContext({ nonce: String(res.locals.cspNonce), ip: req.ip ?? 'unknown' }),
    }),
  )

  const appEntry = await entry()
  recordRequest = appEntry.recordRequest
  await appEntry.prepare()
  app.listen(config.PORT, config.HOST, () => {
    console.log(`AI Stock Library listening on ${config.appUrl} (port ${config.PORT})`)
  })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
