import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScratchDatabase, isReachable, serverUrl } from '../support/database-url'
import { startBuiltServer, waitForStatus, type BuiltServerProcess } from '../support/built-server'
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy'

// The process survives its database, tested from outside:
// the built server talks to PostgreSQL through a TCP proxy that the test cuts, freezes and
// restores. Every request answers 503 with a clear message within 3 s, the process lives on,
// nothing is half-written, and service resumes by itself within 5 s.

const PROXY_PORT = Number(process.env.DB_FAULT_PROXY_PORT ?? 3441)
const SECRET = 'fault-test-secret-fault-test-secret-123'

describe('the database goes away and comes back', async () => {
  const usePostgres = await isReachable(serverUrl())
  let drop: (() => Promise<void>) | undefined
  let proxy: TcpProxy
  let server: BuiltServerProcess

  beforeAll(async () => {
    if (!usePostgres) return
    const scratch = await createScratchDatabase('stock_fault')
    drop = scratch.drop
    const target = new URL(scratch.url)
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) }, PROXY_PORT)
    server = startBuiltServer({
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      DATABASE_URL: proxy.url(scratch.url),
      SECURE_COOKIES: 'false',
      RATE_LIMIT_SCALE: '100',
    })
    await waitForStatus(`${server.base}/readyz`, 200, 60_000)
  }, 90_000)

  afterAll(async () => {
    if (process.env.DEBUG_FAULT) console.log(server?.output())
    await server?.stop()
    await proxy?.close()
    await drop?.()
  })

  const register = (email: string) =>
    fetch(`${server.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.base },
      body: JSON.stringify({ email, password: 'a-good-password-1', full_name: 'Fault Tester' }),
    })

  async function timed(path: string, init?: RequestInit) {
    const started = Date.now()
    const res = await fetch(`${server.base}${path}`, { ...init, signal: AbortSignal.timeout(10_000) })
    const body = await res.text()
    return { status: res.status, body, ms: Date.now() - started, type: res.headers.get('content-type') ?? '' }
  }

  /** Every kind of request answers 503, clearly, within 3 s; liveness stays 200. */
  async function expectUnavailable(email: string) {
    const pages = ['/', '/explore', '/blog', '/login', '/pricing', '/admin/dashboard']
    const api = ['/api/assets', '/api/assets/tags', '/api/blogs', '/api/auth/me']
    for (const path of pages) {
      const res = await timed(path)
      expect(res.status, path).toBe(503)
      expect(res.ms, path).toBeLessThan(3_000)
      expect(res.body, path).toContain('The database is not answering right now')
    }
    for (const path of api) {
      const res = await timed(path)
      expect(res.status, path).toBe(503)
      expect(res.ms, path).toBeLessThan(3_000)
      expect(res.type, path).toContain('application/json')
      expect(JSON.parse(res.body).error, path).toContain('The database is not answering')
    }
    const ready = await timed('/readyz')
    expect(ready.status).toBe(503)
    expect(ready.ms).toBeLessThan(3_000)
    const live = await timed('/healthz')
    expect(live.status).toBe(200)
    expect(JSON.parse(live.body).database).toBe('unavailable')

    // A write during the outage answers 503 and leaves nothing behind (checked after restore).
    const started = Date.now()
    const write = await register(email)
    expect(write.status).toBe(503)
    expect(Date.now() - started).toBeLessThan(3_000)
    expect((await write.json()).error).toContain('The database is not answering')
  }

  async function expectResumesWithin(ms: number, email: string) {
    const started = Date.now()
    for (;;) {
      const res = await fetch(`${server.base}/api/assets`).catch(() => null)
      if (res?.status === 200) break
      await res?.body?.cancel()
      if (Date.now() - started > ms) throw new Error(`service did not resume within ${ms} ms`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(Date.now() - started).toBeLessThan(ms)
    expect((await timed('/')).status).toBe(200)
    expect((await timed('/readyz')).status).toBe(200)
    // Nothing half-written: the registration refused during the outage left no account.
    const again = await register(email)
    expect(again.status).toBe(201)
    await fetch(`${server.base}/api/auth/logout`, {
      method: 'POST',
      headers: {
        Origin: server.base,
        Cookie: again.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      },
    })
  }

  it.runIf(usePostgres)(
    'cut: connections reset and refused',
    async () => {
      expect((await timed('/api/assets')).status).toBe(200)
      await proxy.cut()
      await expectUnavailable('cut@example.com')
      await proxy.restore()
      await expectResumesWithin(5_000, 'cut@example.com')
      expect(server.child.exitCode).toBeNull()
      // A second, longer outage under load: the process still lives.
      await proxy.cut()
      const burst = await Promise.all(Array.from({ length: 30 }, () => timed('/explore')))
      for (const res of burst) {
        expect(res.status).toBe(503)
        expect(res.ms).toBeLessThan(3_000)
      }
      await proxy.restore()
      await fetch(`${server.base}/api/auth/logout`, { method: 'POST', headers: { Origin: server.base } }).then((r) =>
        r.body?.cancel(),
      )
      // (the account from the first round exists: register answers 409 now, not 500)
      await waitForStatus(`${server.base}/readyz`, 200, 5_000)
      expect((await register('cut@example.com')).status).toBe(409)
      expect(server.child.exitCode).toBeNull()
    },
    60_000,
  )

  it.runIf(usePostgres)(
    'frozen: connections accepted, nothing ever answered',
    async () => {
      const email = `frozen-${Date.now()}@example.com`
      expect((await timed('/explore')).status).toBe(200)
      proxy.freeze()
      // An anonymous page the shared cache confirmed less than PAGE_CACHE_CHECK_MS (2 s) ago may
      // still be served from it; after that, everything answers 503.
      await new Promise((resolve) => setTimeout(resolve, 2_100))
      await expectUnavailable(email)
      await proxy.restore()
      await expectResumesWithin(5_000, email)
      expect(server.child.exitCode).toBeNull()
      expect(server.output()).not.toMatch(/uncaught|unhandled/i)
    },
    60_000,
  )
})
