import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, migrateToLatest, type DB } from '#db/client'
import { makeUser } from '../support/factories'
import { createSession } from '~/domain/accounts/sessions.server'
import { startBuiltServer, waitForStatus, type BuiltServerProcess } from '../support/built-server'
import { createScratchDatabase, isReachable, serverUrl } from '../support/database-url'

// The built server's answers to what HTTP allows and browsers read: absolute-form targets,
// CONNECT, the Permissions-Policy, no caching of anything a session can change, and expected
// refusals logged below error level. Raw sockets where fetch cannot say it.
const usePostgres = await isReachable(serverUrl())

/** Writes `head` as it is and resolves with the whole answer the server sends before closing. */
function raw(base: string, head: string): Promise<string> {
  const url = new URL(base)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(head))
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}
const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)
const headerOf = (answer: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'im').exec(answer.split('\r\n\r\n')[0])?.[1]?.trim()

describe.skipIf(!usePostgres)('the HTTP door of the built server', () => {
  let server: BuiltServerProcess
  let db: DB
  let dropDb: () => Promise<void>
  let host = ''
  let cookie = ''
  let bearer = ''

  beforeAll(async () => {
    const scratch = await createScratchDatabase('stock_httpdoor')
    dropDb = scratch.drop
    db = createDatabase({ url: scratch.url })
    await migrateToLatest(db)
    server = startBuiltServer({
      NODE_ENV: 'production',
      SESSION_SECRET: 'http-door-secret-http-door-secret-1',
      DATABASE_URL: scratch.url,
      SEED_ON_EMPTY: 'false',
    })
    host = new URL(server.base).host
    await waitForStatus(`${server.base}/readyz`, 200, 90_000)
    const admin = await makeUser(db, { role: 'admin' })
    cookie = `__session=${(await createSession(db, admin.id)).token}`
    bearer = `Bearer ${(await createSession(db, admin.id)).token}`
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
    await db?.destroy()
    await dropDb?.()
  })

  it('answers an absolute-form target naming this site like its path; another host is refused with 400', async () => {
    const absolute = await raw(
      server.base,
      `GET http://${host}/login?redirect=/explore HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    )
    expect(statusOf(absolute)).toBe(200)
    expect(absolute).toContain('Sign in')
    const path = await raw(
      server.base,
      `GET /login?redirect=/explore HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    )
    expect(statusOf(path)).toBe(200)
    const foreign = await raw(
      server.base,
      `GET http://evil.example/login HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    )
    expect(statusOf(foreign)).toBe(400)
    const api = await raw(
      server.base,
      `GET http://${host}/api/assets?limit=1 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
    )
    expect(statusOf(api)).toBe(200)
    // None of them is a server error in the status page's error rate.
    const status = await fetch(`${server.base}/api/admin/status`, { headers: { authorization: bearer } })
    expect(status.status).toBe(200)
    expect((await status.json()).details.errorRatePercent).toBe(0)
  })

  it('answers CONNECT with 405 and Allow, not an empty reply', async () => {
    const answer = await raw(server.base, `CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n`)
    expect(statusOf(answer)).toBe(405)
    expect(headerOf(answer, 'Allow')).toBe('GET, HEAD, POST, OPTIONS')
  })

  it('sends a deny-by-default Permissions-Policy on every answer', async () => {
    for (const path of ['/', '/api/assets?limit=1', '/no-such-page', '/healthz', '/favicon.svg']) {
      const res = await fetch(`${server.base}${path}`)
      const policy = res.headers.get('permissions-policy') ?? ''
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()'])
        expect(policy, path).toContain(feature)
    }
  })

  it('marks every answer to a signed-in request private, no-store; anonymous pages keep their caching', async () => {
    for (const path of ['/profile', '/profile/account', '/admin', '/explore.data', '/explore']) {
      const res = await fetch(`${server.base}${path}`, { headers: { cookie }, redirect: 'manual' })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe('private, no-store')
    }
    const me = await fetch(`${server.base}/api/auth/me`, { headers: { authorization: bearer } })
    expect(me.status).toBe(200)
    expect(me.headers.get('cache-control')).toMatch(/no-store/)
    const anonymous = await fetch(`${server.base}/explore`)
    expect(anonymous.status).toBe(200)
    expect(anonymous.headers.get('cache-control') ?? '').not.toMatch(/private|no-store/)
  })

  it('logs a 404 and a refused cross-site post below error level', async () => {
    const before = server.output().length
    expect((await fetch(`${server.base}/no-such-page`)).status).toBe(404)
    expect((await fetch(`${server.base}/no-such-page.data`)).status).toBe(404)
    expect((await fetch(`${server.base}/api/no-such-call`)).status).toBe(404)
    expect((await fetch(`${server.base}/admin/nope`, { headers: { cookie } })).status).toBe(404)
    expect((await fetch(`${server.base}/assets/999999`)).status).toBe(404)
    expect((await fetch(`${server.base}/blog/no-such-post`)).status).toBe(404)
    expect((await fetch(`${server.base}/api/assets/999999`)).status).toBe(404)
    const crossSite = (path: string) =>
      fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=a&email=a%40example.com&message=hello',
        redirect: 'manual',
      })
    for (const path of ['/contact', '/contact.data', '/api/auth/login', '/login']) {
      const res = await crossSite(path)
      expect(res.status, path).toBeGreaterThanOrEqual(400)
      expect(res.status, path).toBeLessThan(500)
    }
    // Lines are written as they happen; give the last ones a moment.
    await new Promise((resolve) => setTimeout(resolve, 200))
    const errors = server
      .output()
      .slice(before)
      .split('\n')
      .filter((line) => line.includes('"level":"error"') || (line.trim() && !line.startsWith('{')))
    expect(errors).toEqual([])
  })
})
