import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { createScratchDatabase, isReachable, serverUrl } from '../support/database-url'
import { startBuiltServer, waitForStatus, type BuiltServerProcess } from '../support/built-server'
import { multipart, png } from '../support/admin'

// The OpenAPI document is a contract: every documented operation is called through real HTTP
// against the built server, successes and errors alike, and each answer's body is validated
// (ajv) against the schema the document gives for its status. An undocumented status fails.

const SECRET = 'contract-secret-contract-secret-1234'
const ADMIN = { email: 'contract-admin@example.com', password: 'contract-admin-password' }
const USER = { email: 'contract-user@example.com', password: 'contract-user-password', full_name: 'Contract User' }

type Json = Record<string, any>
interface Call {
  method: string
  path: string
  /** The documented operation it exercises: `post /api/users/favorites/{id}`. */
  op: string
  json?: unknown
  body?: BodyInit
  type?: string
  auth?: boolean
}

describe('the OpenAPI document against live answers', async () => {
  const usePostgres = await isReachable(serverUrl())
  let server: BuiltServerProcess
  let drop: (() => Promise<void>) | undefined
  let doc: Json
  let token = ''
  let assetId = 0
  let slug = ''

  beforeAll(async () => {
    const db = usePostgres ? await createScratchDatabase('stock_contract') : undefined
    drop = db?.drop
    server = startBuiltServer({ NODE_ENV: 'production', SESSION_SECRET: SECRET, DATABASE_URL: db?.url ?? '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_ON_EMPTY: 'false' })
    await waitForStatus(`${server.base}/readyz`, 200, 90_000)
    doc = await (await fetch(`${server.base}/api/openapi.json`)).json()
    const json = (body: unknown, extra: Record<string, string> = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...extra }, body: JSON.stringify(body) })
    const admin = (await (await fetch(`${server.base}/api/admin/login`, json(ADMIN))).json()).token
    const form = multipart({ title: 'Contract Teapot', tags: 'teapot', category: 'Kitchen' }, [{ field: 'file', name: 'teapot.png', type: 'image/png', data: await png() }])
    const created = await (await fetch(`${server.base}/api/admin/assets`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form })).json()
    assetId = created.id
    await fetch(`${server.base}/api/admin/assets/${assetId}/publish`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } })
    const post = { title: 'Contract post', content: '<p>Hi</p>', excerpt: 'E', date: 'May 1, 2026', category: 'News', readTime: '1 min read', image: '/favicon.svg' }
    slug = (await (await fetch(`${server.base}/api/admin/blogs`, json(post, { authorization: `Bearer ${admin}` }))).json()).slug
    await fetch(`${server.base}/api/auth/register`, json(USER))
    token = (await (await fetch(`${server.base}/api/auth/login`, json({ email: USER.email, password: USER.password }))).json()).token
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
    await drop?.()
  })

  it('every documented operation answers as documented, errors included', async () => {
    expect(assetId, 'the test asset').toBeGreaterThan(0)
    expect(token, 'the test user').toBeTruthy()
    const ajv = new Ajv({ strict: false, allErrors: true })
    addFormats(ajv)
    ajv.addSchema(doc, 'openapi')
    const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')

    const big = 'x'.repeat(1024 * 1024 + 10)
    const calls: Call[] = [
      { op: 'get /api/assets', method: 'GET', path: '/api/assets?limit=2' },
      { op: 'get /api/assets', method: 'GET', path: '/api/assets?sort=relevance' },
      { op: 'get /api/assets', method: 'GET', path: '/api/assets?limit=101' },
      { op: 'get /api/assets', method: 'GET', path: '/api/assets?category=%00' },
      { op: 'get /api/assets', method: 'DELETE', path: '/api/assets' },
      { op: 'get /api/assets/tags', method: 'GET', path: '/api/assets/tags' },
      { op: 'get /api/assets/tags', method: 'POST', path: '/api/assets/tags' },
      { op: 'get /api/blogs', method: 'GET', path: '/api/blogs' },
      { op: 'get /api/blogs', method: 'PATCH', path: '/api/blogs' },
      { op: 'get /api/blogs', method: 'GET', path: '/api/blogs?x=%ED%A0%80' },
      { op: 'get /api/blogs/{slug}', method: 'GET', path: `/api/blogs/${slug}` },
      { op: 'get /api/blogs/{slug}', method: 'GET', path: '/api/blogs/no-such-post' },
      { op: 'get /api/blogs/{slug}', method: 'GET', path: '/api/blogs/%00' },
      { op: 'post /api/auth/register', method: 'POST', path: '/api/auth/register', json: { ...USER, email: 'contract-new@example.com' } },
      { op: 'post /api/auth/register', method: 'POST', path: '/api/auth/register', json: USER },
      { op: 'post /api/auth/register', method: 'POST', path: '/api/auth/register', json: { ...USER, email: 'not an email' } },
      { op: 'post /api/auth/register', method: 'POST', path: '/api/auth/register', json: { ...USER, full_name: 'a\u0000b' } },
      { op: 'post /api/auth/register', method: 'POST', path: '/api/auth/register', body: 'x', type: 'text/plain' },
      { op: 'post /api/auth/register', method: 'GET', path: '/api/auth/register' },
      { op: 'post /api/auth/login', method: 'POST', path: '/api/auth/login', json: { email: USER.email, password: USER.password } },
      { op: 'post /api/auth/login', method: 'POST', path: '/api/auth/login', json: { email: USER.email, password: 'wrong-password' } },
      { op: 'post /api/auth/login', method: 'POST', path: '/api/auth/login', body: '{"email": ', type: 'application/json' },
      { op: 'post /api/auth/login', method: 'POST', path: '/api/auth/login', body: JSON.stringify({ email: big }), type: 'application/json' },
      { op: 'post /api/auth/login', method: 'POST', path: '/api/auth/login', body: '<a/>', type: 'application/xml' },
      { op: 'get /api/auth/me', method: 'GET', path: '/api/auth/me', auth: true },
      { op: 'get /api/auth/me', method: 'GET', path: '/api/auth/me' },
      { op: 'get /api/auth/me', method: 'PUT', path: '/api/auth/me', auth: true },
      { op: 'post /api/auth/forgot-password', method: 'POST', path: '/api/auth/forgot-password', json: { email: USER.email } },
      { op: 'post /api/auth/forgot-password', method: 'POST', path: '/api/auth/forgot-password', json: { email: ['a'] } },
      { op: 'post /api/auth/forgot-password', method: 'POST', path: '/api/auth/forgot-password', body: 'email=a', type: 'text/plain' },
      { op: 'post /api/auth/reset-password', method: 'POST', path: '/api/auth/reset-password', json: { token: 'no-such-token', password: 'a long new password' } },
      { op: 'post /api/auth/reset-password', method: 'POST', path: '/api/auth/reset-password', body: 'x', type: 'text/plain' },
      { op: 'post /api/auth/reset-password', method: 'GET', path: '/api/auth/reset-password' },
      { op: 'post /api/assets/download/{id}', method: 'POST', path: `/api/assets/download/${assetId}`, auth: true },
      { op: 'post /api/assets/download/{id}', method: 'POST', path: `/api/assets/download/${assetId}` },
      { op: 'post /api/assets/download/{id}', method: 'POST', path: '/api/assets/download/0x10', auth: true },
      { op: 'post /api/assets/download/{id}', method: 'POST', path: '/api/assets/download/999999', auth: true },
      { op: 'post /api/assets/download/{id}', method: 'GET', path: `/api/assets/download/${assetId}`, auth: true },
      { op: 'get /api/assets/downloads/history', method: 'GET', path: '/api/assets/downloads/history', auth: true },
      { op: 'get /api/assets/downloads/history', method: 'GET', path: '/api/assets/downloads/history' },
      { op: 'post /api/users/favorites', method: 'POST', path: '/api/users/favorites', json: { asset_id: assetId }, auth: true },
      { op: 'post /api/users/favorites', method: 'POST', path: '/api/users/favorites', json: { asset_id: 'x' }, auth: true },
      { op: 'post /api/users/favorites', method: 'POST', path: '/api/users/favorites', json: { asset_id: 999999 }, auth: true },
      { op: 'post /api/users/favorites', method: 'POST', path: '/api/users/favorites', json: { asset_id: assetId } },
      { op: 'post /api/users/favorites', method: 'POST', path: '/api/users/favorites', body: 'x', type: 'text/plain', auth: true },
      { op: 'get /api/users/favorites', method: 'GET', path: '/api/users/favorites', auth: true },
      { op: 'get /api/users/favorites', method: 'GET', path: '/api/users/favorites?page=0', auth: true },
      { op: 'get /api/users/favorites', method: 'GET', path: '/api/users/favorites' },
      { op: 'get /api/users/favorites', method: 'PUT', path: '/api/users/favorites', auth: true },
      { op: 'delete /api/users/favorites/{id}', method: 'DELETE', path: `/api/users/favorites/${assetId}`, auth: true },
      { op: 'delete /api/users/favorites/{id}', method: 'DELETE', path: `/api/users/favorites/${assetId}`, auth: true },
      { op: 'delete /api/users/favorites/{id}', method: 'DELETE', path: '/api/users/favorites/00001', auth: true },
      { op: 'delete /api/users/favorites/{id}', method: 'DELETE', path: `/api/users/favorites/${assetId}` },
      { op: 'delete /api/users/favorites/{id}', method: 'GET', path: `/api/users/favorites/${assetId}`, auth: true },
      { op: 'get /api/auth/billing/history', method: 'GET', path: '/api/auth/billing/history', auth: true },
      { op: 'get /api/auth/billing/history', method: 'GET', path: '/api/auth/billing/history' },
      // Logout last: it ends the session the calls above use.
      { op: 'post /api/auth/logout', method: 'POST', path: '/api/auth/logout', auth: true },
      { op: 'post /api/auth/logout', method: 'GET', path: '/api/auth/logout' },
    ]

    const problems: string[] = []
    const seen = new Map<string, Set<string>>()
    for (const call of calls) {
      const headers: Record<string, string> = {}
      if (call.auth) headers.authorization = `Bearer ${token}`
      let body = call.body
      if (call.json !== undefined) {
        body = JSON.stringify(call.json)
        headers['content-type'] = 'application/json'
      } else if (call.type) headers['content-type'] = call.type
      const res = await fetch(server.base + call.path, { method: call.method, headers, body })
      const status = String(res.status)
      const [method, path] = call.op.split(' ')
      const where = `${call.method} ${call.path.slice(0, 80)} → ${status}`
      const operation = doc.paths[path]?.[method]
      if (!operation) {
        problems.push(`${call.op} is not documented`)
        continue
      }
      seen.set(call.op, (seen.get(call.op) ?? new Set()).add(status))
      if (!operation.responses[status]) {
        problems.push(`${where}: status not documented for ${call.op}`)
        continue
      }
      expect(res.headers.get('content-type'), where).toMatch(/application\/json/)
      const payload = await res.json()
      const schemaRef = `openapi#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`
      if (!ajv.validate({ $ref: schemaRef }, payload)) problems.push(`${where}: ${ajv.errorsText(ajv.errors)} in ${JSON.stringify(payload).slice(0, 200)}`)
    }
    expect(problems).toEqual([])

    // Every documented operation was called, and answered at least one success and one error.
    for (const [path, ops] of Object.entries(doc.paths as Json)) {
      for (const method of Object.keys(ops)) {
        const statuses = [...(seen.get(`${method} ${path}`) ?? [])]
        expect(statuses.length, `${method} ${path} was called`).toBeGreaterThan(0)
        expect(statuses.some((s) => Number(s) >= 400), `${method} ${path} answered an error`).toBe(true)
        if (`${method} ${path}` !== 'post /api/auth/reset-password') expect(statuses.some((s) => s.startsWith('2')), `${method} ${path} answered a success`).toBe(true)
      }
    }
  }, 60_000)
})
