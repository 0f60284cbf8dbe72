// The door's checks before React Router sees a request: a request target in path form (an
// absolute one naming us is read as its path), no CONNECT, a Host header that makes a URL, a
// request target of clean text, a method the matched route takes, a body no larger than the
// route takes, and `Connection: close` on any answer sent before the request body was read or while stopping.
// Refusals are 4xx
// with a clear message (JSON under /api/), and every fault that still reaches Express is
// logged as one JSON line and answered without a stack.
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { matchRoutes, type ServerBuild } from 'react-router'
import { DATABASE_UNAVAILABLE, isConnectionFailure } from '#db/availability'
import { log } from '~/platform/log.server'
import { formatMegabytes } from '~/web/http.server'
import { MAX_BODY_BYTES } from '~/lib/constants'
import { BAD_TEXT, isCleanRequestTarget } from '~/web/text.server'
import { errorMessage, errorStack } from '~/lib/errors'
import type { RenderGate } from './admission'

const isApi = (req: ExpressRequest) => req.path === '/api' || req.path.startsWith('/api/')

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A refusal in the form the caller reads: JSON `{error}` for the API, a small page otherwise. */
export function refuse(
  req: ExpressRequest,
  res: ExpressResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
  res.setHeader('Cache-Control', 'no-store')
  if (isApi(req)) return void res.status(status).json({ error: message })
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status}</title></head><body><main><h1>${status}</h1><p>${escapeHtml(message)}</p><p><a href="/">Go to the home page</a></p></main></body></html>`,
    )
}

/** Whether a Host (or X-Forwarded-Host) value names a host and port a URL can carry. */
export function isValidHost(host: string | undefined): boolean {
  if (!host) return false
  try {
    const url = new URL(`http://${host}`)
    return (
      url.host === host.toLowerCase() || (url.hostname === host.toLowerCase().replace(/:80$/, '') && url.port === '')
    )
  } catch {
    return false
  }
}

/**
 * Marks two kinds of answer with `Connection: close`. One that goes out before the request body
 * was read: the rest of the body is still on the wire, so the connection cannot carry another
 * request. And every answer once the server is stopping: the connection closes after it. Either
 * way a client that reuses connections learns to open a new one rather than be reset. An answer
 * that goes out before the body was read closes by a lingering close: a client still sending its
 * body (a 401 before an upload was read, a 413 on its declared length) would otherwise be reset
 * mid-write and could lose the answer.
 */
export function closeConnections(stopping: () => boolean) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const writeHead = res.writeHead
    res.writeHead = function (this: ExpressResponse, ...args: Parameters<typeof writeHead>) {
      const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined
      const bodyUnread = hasBody && !req.complete
      if (!this.headersSent && (stopping() || bodyUnread)) this.setHeader('Connection', 'close')
      if (bodyUnread && req.socket) lingerOnClose(req.socket, req)
      return writeHead.apply(this, args)
    } as typeof writeHead
    next()
  }
}

/**
 * An absolute-form target (`GET http://host/login`, which HTTP/1.1 servers must accept) is
 * answered like its path form when it names this site's host (the Host header's or the app
 * URL's); any other target not starting with `/` is refused with 400.
 */
export function acceptAbsoluteTargets(appHost: string) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.url.startsWith('/')) return next()
    const target = URL.canParse(req.url) ? new URL(req.url) : null
    const ours = [req.headers.host?.toLowerCase(), appHost.toLowerCase()]
    if (!target || !['http:', 'https:'].includes(target.protocol) || !ours.includes(target.host))
      return refuse(req, res, 400, 'The request target must be a path on this site.')
    req.url = `${target.pathname}${target.search}`
    req.originalUrl = req.url
    next()
  }
}

/** What CONNECT (a proxy's tunnel, which this site is not) gets, instead of an empty reply. */
export function refuseConnect(_req: IncomingMessage, socket: Duplex) {
  const body = 'This site is not a proxy: CONNECT is not allowed.\n'
  socket.end(
    [
      'HTTP/1.1 405 Method Not Allowed',
      'Allow: GET, HEAD, POST, OPTIONS',
      'Content-Type: text/plain; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `Permissions-Policy: ${PERMISSIONS_POLICY}`,
      'Cache-Control: no-store',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  )
}

/**
 * Browser features no page of the site uses, switched off for it and anything it embeds
 * (checkout is a redirect to Stripe, not an embedded payment form).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')

/** 400 for a Host header that is not a host (`x:99999`, `a b`) and for text that is not clean in the URL. */
export function checkHostAndTarget(trustProxy: boolean) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined
    if (
      !isValidHost(req.headers.host) ||
      (forwarded !== undefined && !isValidHost(String(forwarded).split(',')[0]?.trim()))
    ) {
      return refuse(req, res, 400, 'The Host header is not a valid host name.')
    }
    if (!isCleanRequestTarget(req.originalUrl)) return refuse(req, res, 400, BAD_TEXT)
    next()
  }
}

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: RouteNode[] }
const trees = new WeakMap<object, RouteNode[]>()

function routeTree(build: ServerBuild): RouteNode[] {
  const cached = trees.get(build.routes)
  if (cached) return cached
  const nodes = new Map<string, RouteNode>()
  for (const route of Object.values(build.routes)) {
    if (route)
      nodes.set(route.id, {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        children: [],
      })
  }
  const roots: RouteNode[] = []
  for (const route of Object.values(build.routes)) {
    if (!route) continue
    const node = nodes.get(route.id)!
    const parent = route.parentId ? nodes.get(route.parentId) : undefined
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  trees.set(build.routes, roots)
  return roots
}

type RouteModule = {
  default?: unknown
  loader?: { methods?: string[] }
  action?: unknown
  handle?: { maxBodyBytes?: number }
}

/** `page`: the route renders React (a component), unlike the API, files and other resource routes. */
type RouteInfo = { id: string | undefined; methods: string[]; maxBodyBytes: number; page: boolean }

// matchRoutes flattens and ranks the whole route tree on every call (5% of a signed-in page's
// CPU under load, decision 92): the answer is kept per path, numbers as one ('/assets/1' and
// '/assets/2' match the same route), a bounded number of paths per build.
const routesOfPaths = new WeakMap<ServerBuild['routes'], Map<string, RouteInfo>>()
const KEPT_PATHS = 10_000

function routeFor(build: ServerBuild, pathname: string): RouteInfo {
  let known = routesOfPaths.get(build.routes)
  if (!known) {
    known = new Map()
    routesOfPaths.set(build.routes, known)
  }
  const shape = pathname.replace(/\/\d+(?=\/|$)/g, '/0')
  let info = known.get(shape)
  if (!info) {
    info = matchRoute(build, pathname)
    if (known.size >= KEPT_PATHS) known.clear()
    known.set(shape, info)
  }
  return info
}

function matchRoute(build: ServerBuild, pathname: string): RouteInfo {
  // React Router's data requests (`/explore.data`, `/_root.data`) go to the page's route.
  let path = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
  if (path === '/_root') path = '/'
  const matches = matchRoutes(routeTree(build) as unknown as Parameters<typeof matchRoutes>[0], path)
  const leaf = matches?.at(-1)?.route as RouteNode | undefined
  const module = leaf ? (build.routes[leaf.id]?.module as RouteModule | undefined) : undefined
  const id = leaf?.id
  // The upload doors declare their own cap on their route module's handle.
  const maxBodyBytes = module?.handle?.maxBodyBytes ?? MAX_BODY_BYTES
  if (!module) return { id, methods: ['GET', 'HEAD'], maxBodyBytes, page: true }
  // A JSON route made by apiRoute() carries its list on its loader.
  if (Array.isArray(module.loader?.methods)) return { id, methods: module.loader.methods, maxBodyBytes, page: false }
  const methods = module.action ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD']
  return { id, methods, maxBodyBytes, page: Boolean(module.default) }
}

/**
 * Caps a request body while it streams in, before React Router reads it: the matched route's
 * cap, MAX_BODY_BYTES unless it declares its own. Bytes are counted as the connection hands
 * them to the request; past the cap none are taken in (they are dropped as they arrive, memory
 * stays flat, for as long as the lingering close drains), a 413 goes out at once with
 * `Connection: close`, and once it is sent the body fails for whoever reads it, so no one takes
 * a cut-off body for a whole one.
 */
export function capBodies(build: () => Promise<ServerBuild>) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next()
    try {
      const limit = routeFor(await build(), req.path).maxBodyBytes
      // Nothing has read the body yet: what the connection has handed over waits in the buffer.
      let received = req.readableLength
      let refused = false
      const push = req.push
      req.push = function (this: ExpressRequest, chunk: unknown, encoding?: BufferEncoding) {
        // Past the cap, or once an answer has gone out before the body was read, the rest is
        // dropped as it arrives: the connection keeps reading (memory stays flat), so the
        // lingering close can drain it and the client reads its answer.
        if (chunk === null) return push.call(this, chunk, encoding)
        if (refused || res.headersSent) return true
        received += (chunk as Buffer).length
        if (received <= limit) return push.call(this, chunk, encoding)
        refused = true
        refuseOverCap(req, res, limit)
        return true
      }
      next()
    } catch (error) {
      next(error)
    }
  }
}

/** How long a refused upload's connection keeps draining after its 413 before it is closed. */
const LINGER_MS = 2000
/**
 * A client that sent nothing for this long has sent its whole body (long enough to outlast a
 * slow link's pause, a retransmission among them).
 */
const QUIET_MS = 500

/**
 * A lingering close: once the answer is out, the connection sends its FIN but keeps reading (and
 * dropping) what the client is still sending, for up to LINGER_MS. Closing at once, with unread
 * bytes on the socket, makes the kernel send a reset, and a client still writing its body may
 * then lose the 413 it was sent.
 */
function lingerOnClose(socket: Socket, req: ExpressRequest) {
  socket.destroySoon = function (this: Socket) {
    this.end()
    // The request stream may have been paused by whoever began to read it: resumed, the
    // connection reads on, and the body cap (capBodies) drops what arrives.
    req.resume()
    this.on('data', () => {})
    this.resume()
    // Closed once the answer has left and the client has gone quiet (its body all sent) or
    // closed its side: nothing is left unread, so nothing resets. At the latest after LINGER_MS.
    let closing = false
    const close = () => {
      if (closing) return
      closing = true
      if (this.writableFinished) this.destroy()
      else this.once('finish', () => this.destroy())
    }
    this.once('end', close)
    let seen = this.bytesRead
    const quiet = setInterval(() => {
      if (this.bytesRead === seen) close()
      seen = this.bytesRead
    }, QUIET_MS)
    const timer = setTimeout(() => this.destroy(), LINGER_MS)
    quiet.unref()
    timer.unref()
    this.once('close', () => {
      clearInterval(quiet)
      clearTimeout(timer)
    })
  }
}

function refuseOverCap(req: ExpressRequest, res: ExpressResponse, limit: number) {
  if (req.socket) lingerOnClose(req.socket, req)
  if (!res.headersSent)
    refuse(req, res, 413, `The request body is larger than ${formatMegabytes(limit)}.`, { Connection: 'close' })
  // The body fails for its reader now; the connection itself is left to close after the answer
  // (destroying it here would cut the answer off). The listener keeps an unread body from throwing.
  req.on('error', () => {})
  req.emit('error', Object.assign(new Error('The request body is over its cap.'), { status: 413 }))
}

/** 405 with Allow for any method the matched route does not take (TRACE included); OPTIONS gets the list. */
export function methodGate(build: () => Promise<ServerBuild>) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const route = routeFor(await build(), req.path)
      // Under /api/ a path no call claims is a JSON 404, not the site's page.
      if (isApi(req) && route.id === 'routes/not-found')
        return refuse(req, res, 404, 'No API call at this path. See /api/openapi.json.')
      const allowed = route.methods
      if (allowed.includes(req.method)) return next()
      const allow = allowed.join(', ')
      if (req.method === 'OPTIONS') {
        res.setHeader('Allow', allow)
        return void res.status(204).end()
      }
      refuse(req, res, 405, `Method not allowed. Use ${allowed.filter((m) => m !== 'HEAD').join(' or ')}.`, {
        Allow: allow,
      })
    } catch (error) {
      next(error)
    }
  }
}

/**
 * React Router's Express adapter flushes after every chunk React writes (a few KB each): with
 * compression on, each flush is a gzip sync flush and a socket write of its own, 15% of a
 * signed-in page's CPU in a profile (decision 94). The flushes asked for in one turn of the
 * event loop become one, at the end of the turn: a page written in one go is compressed in one
 * go, and a streamed part that arrives later still leaves at once.
 */
export function coalesceFlushes(_req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  const target = res as ExpressResponse & { flush?: () => void }
  const flush = target.flush
  if (typeof flush === 'function') {
    let pending = false
    target.flush = () => {
      if (pending) return
      pending = true
      setImmediate(() => {
        pending = false
        if (!res.writableEnded) flush.call(res)
      })
    }
  }
  next()
}

/**
 * Page renders (GET or HEAD of a route with a component, its `.data` request too) pass through
 * the render gate (server/admission.ts, decision 94); the API, files and form posts do not.
 */
export function gatePages(build: () => Promise<ServerBuild>, gate: RenderGate) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    try {
      if (!routeFor(await build(), req.path).page) return next()
    } catch (error) {
      return next(error)
    }
    gate.middleware(req, res, next)
  }
}

/** The last handler: a fault that escaped everything else, logged as JSON, answered without a stack. */
export function answerFault(error: unknown, req: ExpressRequest, res: ExpressResponse, _next: NextFunction) {
  if (isConnectionFailure(error)) {
    log.warn('database unavailable', { method: req.method, path: req.path })
    if (res.headersSent) return void res.end()
    return refuse(req, res, 503, DATABASE_UNAVAILABLE, { 'Retry-After': '5' })
  }
  const status =
    (error as { status?: number; statusCode?: number })?.status ?? (error as { statusCode?: number })?.statusCode
  const clientError = typeof status === 'number' && status >= 400 && status < 500
  if (clientError)
    log.warn('request refused', {
      method: req.method,
      path: req.path,
      status,
      error: errorMessage(error),
    })
  else
    log.error('unhandled server error', {
      method: req.method,
      path: req.path,
      error: errorStack(error),
    })
  if (res.headersSent) return void res.end()
  refuse(
    req,
    res,
    clientError ? status : 500,
    clientError ? 'The request could not be read.' : 'Something went wrong on our side. Please try again.',
  )
}
