// A shared cache of whole anonymous pages (home, explore, asset pages), so a busy catalogue
// page costs a map lookup instead of a database query and a React render.
//
// - Only GET requests without a session cookie, and only 200 HTML answers that set no cookie.
//   Signed-in requests always render (the root middleware marks them private, no-store).
// - Freshness: every entry remembers the catalogue version (migration 0005) it was rendered
//   under; the version is re-read at most every `checkEveryMs`, and at once after a write made
//   by this process. So a change made by any instance shows within a few seconds.
// - CSP: a cached page is served to many visitors, so it cannot carry a per-request nonce.
//   When a page is stored, every inline script that carries the render's nonce is hashed and
//   the nonce removed; the cached page's policy allows exactly those hashes (and 'self').
//   An inline script injected into the page never had the nonce, so it is never hashed and
//   stays blocked.
// - The colour-scheme cookie themes the server HTML, so it is part of the key:
//   one entry per URL and scheme (system, light, dark).
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { gzip as gzipCallback } from 'node:zlib'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { isConnectionFailure } from '#db/availability'
import { COLOR_SCHEME_COOKIE, parseColorScheme } from '~/lib/color-scheme'

export interface PageCacheOptions {
  /** Renders the request through React Router with this response's nonce. */
  render(req: ExpressRequest, res: ExpressResponse): Promise<Response>
  /** The catalogue version now (a database read). */
  version(): Promise<string>
  /** The Content-Security-Policy of a cached page, given the hashes of its inline scripts. */
  policy(scriptHashes: string[]): string
  checkEveryMs: number
  /** Longest life of an entry whatever the version (download counts are not versioned). */
  ttlMs?: number
  maxBytes?: number
  /** What the render left to keep beside the page (the search an explore page shows). */
  note?(res: ExpressResponse): unknown
  /** A GET answered from the cache, which the app never saw: told what was kept beside the page. */
  onHit?(req: ExpressRequest, note: unknown): void
}

interface Entry {
  version: string
  at: number
  headers: [string, string][]
  policy: string
  body: Buffer
  gzip: Buffer
  note: unknown
}

/** Pages anyone sees alike: home, explore (any query) and an asset page. */
const CACHEABLE_PATH = /^\/(?:explore\/?|assets\/\d+\/?)?$/
const SESSION_COOKIE = /(?:^|;\s*)__session=/
/** A CDN may keep a page briefly; with the instances' own check, a change shows within 10 s. */
export const CACHED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5'
const DROPPED_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'cache-control',
  'content-security-policy',
  'vary',
  'transfer-encoding',
  'connection',
])

// Compressed on libuv's thread pool: a page stored on its first visit (a crawler's walk through
// asset pages, mostly) no longer spends the event loop's time on gzip.
const compress = promisify(gzipCallback)

const SCHEME_COOKIE = new RegExp(`(?:^|;\\s*)${COLOR_SCHEME_COOKIE}=([^;]*)`)

/** The cache key: the URL and the colour scheme the page is rendered in. */
export function pageCacheKey(req: ExpressRequest): string {
  return `${parseColorScheme(SCHEME_COOKIE.exec(req.headers.cookie ?? '')?.[1])} ${req.originalUrl}`
}

export function isSignedInRequest(req: ExpressRequest): boolean {
  return SESSION_COOKIE.test(req.headers.cookie ?? '')
}

export function createPageCache(options: PageCacheOptions) {
  const ttlMs = options.ttlMs ?? 60_000
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024
  const entries = new Map<string, Entry>()
  let bytes = 0
  const rendering = new Map<string, Promise<Entry | null>>()
  let known: { version: string; at: number } | null = null
  let checking: Promise<string> | null = null

  function currentVersion(): Promise<string> {
    if (known && Date.now() - known.at < options.checkEveryMs) return Promise.resolve(known.version)
    checking ??= options
      .version()
      .then((version) => {
        known = { version, at: Date.now() }
        return version
      })
      .finally(() => {
        checking = null
      })
    return checking
  }

  function remove(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= entry.body.length + entry.gzip.length
    entries.delete(key)
  }

  function store(key: string, entry: Entry) {
    remove(key)
    entries.set(key, entry)
    bytes += entry.body.length + entry.gzip.length
    // Oldest first: a Map iterates in insertion order.
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break
      remove(oldest)
    }
  }

  async function renderEntry(
    req: ExpressRequest,
    res: ExpressResponse,
    version: string,
  ): Promise<{ entry: Entry | null; response: Response; body: Buffer }> {
    const response = await options.render(req, res)
    const body = Buffer.from(await response.arrayBuffer())
    const cacheControl = response.headers.get('cache-control') ?? ''
    const cacheable =
      response.status === 200 &&
      (response.headers.get('content-type') ?? '').startsWith('text/html') &&
      !response.headers.has('set-cookie') &&
      !/private|no-store/.test(cacheControl)
    if (!cacheable) return { entry: null, response, body }
    const { html, hashes } = hashNoncedScripts(body.toString('utf8'), String(res.locals.cspNonce))
    const plain = Buffer.from(html)
    const headers: [string, string][] = []
    response.headers.forEach((value, name) => {
      if (!DROPPED_HEADERS.has(name)) headers.push([name, value])
    })
    const entry: Entry = {
      version,
      at: Date.now(),
      headers,
      policy: options.policy(hashes),
      body: plain,
      gzip: await compress(plain),
      note: options.note?.(res) ?? null,
    }
    return { entry, response, body }
  }

  function send(req: ExpressRequest, res: ExpressResponse, entry: Entry, state: 'hit' | 'miss') {
    res.status(200)
    for (const [name, value] of entry.headers) res.setHeader(name, value)
    res.setHeader('Content-Security-Policy', entry.policy)
    res.setHeader('Cache-Control', CACHED_PAGE_CACHE_CONTROL)
    res.setHeader('Vary', 'Cookie, Accept-Encoding')
    res.setHeader('X-Page-Cache', state)
    // A hit never reaches the loader: what it would have recorded (a search) is told here.
    if (state === 'hit' && req.method === 'GET' && entry.note !== null) options.onHit?.(req, entry.note)
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
    if (gzip) res.setHeader('Content-Encoding', 'gzip')
    const body = gzip ? entry.gzip : entry.body
    res.setHeader('Content-Length', String(body.length))
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  async function sendResponse(res: ExpressResponse, response: Response, body: Buffer) {
    res.status(response.status)
    for (const [name, value] of response.headers)
      if (name !== 'set-cookie' && name !== 'content-length') res.setHeader(name, value)
    const cookies = response.headers.getSetCookie()
    if (cookies.length) res.setHeader('Set-Cookie', cookies)
    res.end(body)
  }

  const middleware = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !CACHEABLE_PATH.test(req.path)) return next()
    // Personal pages are never kept by this cache.
    if (isSignedInRequest(req)) return next()
    let version: string
    try {
      version = await currentVersion()
    } catch {
      // The database does not answer: no caching; the app answers as it does without a cache.
      return next()
    }
    try {
      const key = pageCacheKey(req)
      const cached = entries.get(key)
      if (cached && cached.version === version && Date.now() - cached.at < ttlMs) return send(req, res, cached, 'hit')
      if (req.method === 'HEAD') return next()
      const pending = rendering.get(key)
      if (pending) {
        // Another request is rendering this page: wait for it rather than render it again.
        const entry = await pending
        return entry ? send(req, res, entry, 'hit') : next()
      }
      const rendered = renderEntry(req, res, version)
      const shared = rendered.then(
        (r) => r.entry,
        () => null,
      )
      rendering.set(key, shared)
      try {
        const { entry, response, body } = await rendered
        if (!entry) return void (await sendResponse(res, response, body))
        store(key, entry)
        send(req, res, entry, 'miss')
      } finally {
        rendering.delete(key)
      }
    } catch (error) {
      // The database is away (the version check failed): React Router answers the page itself,
      // with the 503 every other page gives meanwhile.
      if (isConnectionFailure(error)) return next()
      next(error)
    }
  }

  return {
    middleware,
    /** Re-read the version on the next request (a write by this process). */
    changed() {
      known = null
    },
    clear() {
      entries.clear()
      bytes = 0
    },
  }
}

/** Hashes the inline scripts that carry this render's nonce, and removes the nonce everywhere. */
export function hashNoncedScripts(html: string, nonce: string): { html: string; hashes: string[] } {
  const hashes = new Set<string>()
  const attribute = ` nonce="${nonce}"`
  const out = html.replace(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi, (whole, attrs: string, content: string) => {
    if (!nonce || !attrs.includes(attribute)) return whole
    if (content) hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`)
    return `<script${attrs.replace(attribute, '')}>${content}</script>`
  })
  return { html: nonce ? out.split(attribute).join('') : out, hashes: [...hashes] }
}
