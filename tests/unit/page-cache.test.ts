import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { describe, expect, it } from 'vitest'
import { createPageCache, hashNoncedScripts } from '../../server/page-cache'

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('hashNoncedScripts', () => {
  it("hashes only the render's own inline scripts and removes the nonce", () => {
    const html =
      '<html><head><script nonce="N1">own()</script><link rel="modulepreload" href="/a.js" nonce="N1"></head><body><p>x</p><script>injected()</script><script nonce="other">forged()</script></body></html>'
    const { html: out, hashes } = hashNoncedScripts(html, 'N1')
    expect(hashes).toEqual([sha('own()')])
    expect(out).not.toContain('N1')
    expect(out).toContain('<script>own()</script>')
    expect(out).toContain('<script>injected()</script>')
  })
})

describe('createPageCache', () => {
  async function serve(options: { version: () => Promise<string> }) {
    let renders = 0
    const cache = createPageCache({
      render: async (_req, res) => {
        renders++
        return new Response(
          `<html><script nonce="${String(res.locals.cspNonce)}">go()</script>render ${renders}</html>`,
          { headers: { 'Content-Type': 'text/html; charset=utf-8' } },
        )
      },
      version: options.version,
      policy: (hashes) => `script-src 'self' ${hashes.join(' ')}`,
      checkEveryMs: 0,
    })
    const app = express()
    let nonce = 0
    app.use((_req, res, next) => {
      res.locals.cspNonce = `n${++nonce}`
      next()
    })
    app.use(cache.middleware)
    app.use((_req, res) => void res.status(503).send('fallback'))
    const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s))
    })
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return { base, renders: () => renders, close: () => new Promise((resolve) => server.close(resolve)) }
  }

  it('renders once per version, and again when the version moves', async () => {
    let version = '1'
    const s = await serve({ version: async () => version })
    try {
      const first = await fetch(`${s.base}/explore?q=a`)
      expect(first.headers.get('x-page-cache')).toBe('miss')
      expect(first.headers.get('content-security-policy')).toBe(`script-src 'self' ${sha('go()')}`)
      const second = await fetch(`${s.base}/explore?q=a`)
      expect(second.headers.get('x-page-cache')).toBe('hit')
      expect(await second.text()).toContain('render 1')
      version = '2'
      expect(await (await fetch(`${s.base}/explore?q=a`)).text()).toContain('render 2')
      // Signed-in requests and other paths are not the cache's business (the app marks a
      // signed-in answer private, no-store: tests/integration/http-door.test.ts).
      const signedIn = await fetch(`${s.base}/explore?q=a`, { headers: { cookie: '__session=abc' } })
      expect(signedIn.headers.get('x-page-cache')).toBeNull()
      expect(await signedIn.text()).toBe('fallback')
      expect(await (await fetch(`${s.base}/profile`)).text()).toBe('fallback')
      expect(s.renders()).toBe(2)
      // The colour-scheme cookie themes the HTML: a page per scheme, each kept.
      const dark = await fetch(`${s.base}/explore?q=a`, { headers: { cookie: 'color-scheme=dark' } })
      expect(dark.headers.get('x-page-cache')).toBe('miss')
      expect(
        (await fetch(`${s.base}/explore?q=a`, { headers: { cookie: 'other=1; color-scheme=dark' } })).headers.get(
          'x-page-cache',
        ),
      ).toBe('hit')
      expect(
        (await fetch(`${s.base}/explore?q=a`, { headers: { cookie: 'color-scheme=light' } })).headers.get(
          'x-page-cache',
        ),
      ).toBe('miss')
      expect((await fetch(`${s.base}/explore?q=a`)).headers.get('x-page-cache')).toBe('hit')
      expect(s.renders()).toBe(4)
    } finally {
      await s.close()
    }
  })

  it('steps aside when the database does not answer', async () => {
    const s = await serve({ version: () => Promise.reject(new Error('connection refused')) })
    try {
      const res = await fetch(`${s.base}/`)
      expect(res.status).toBe(503)
      expect(await res.text()).toBe('fallback')
    } finally {
      await s.close()
    }
  })
})

describe('createPageCache: what a render leaves beside its page', () => {
  it('tells every GET served from the cache, waiters on the render included, what the render noted; not the miss, not HEAD', async () => {
    const hits: unknown[] = []
    let release: () => void = () => {}
    const rendered = new Promise<void>((resolve) => {
      release = resolve
    })
    const cache = createPageCache({
      render: async (req, res) => {
        await rendered
        res.locals.search = req.path === '/explore' ? { query: String(req.query.q) } : undefined
        return new Response('<html>page</html>', { headers: { 'Content-Type': 'text/html; charset=utf-8' } })
      },
      version: async () => '1',
      policy: () => "script-src 'self'",
      checkEveryMs: 0,
      note: (res) => res.locals.search ?? null,
      onHit: (_req, note) => hits.push(note),
    })
    const app = express()
    app.use(cache.middleware)
    const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s))
    })
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      // Two at once: one renders (the loader records it), the other waits for that render.
      const both = Promise.all([fetch(`${base}/explore?q=lamp`), fetch(`${base}/explore?q=lamp`)])
      await new Promise((resolve) => setTimeout(resolve, 50))
      release()
      const states = (await both).map((r) => r.headers.get('x-page-cache')).sort()
      expect(states).toEqual(['hit', 'miss'])
      expect(hits).toEqual([{ query: 'lamp' }])
      await fetch(`${base}/explore?q=lamp`)
      await fetch(`${base}/explore?q=lamp`, { method: 'HEAD' })
      expect(hits).toEqual([{ query: 'lamp' }, { query: 'lamp' }])
      // A page without a note (the home page) tells nothing.
      await fetch(`${base}/`)
      await fetch(`${base}/`)
      expect(hits).toHaveLength(2)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
