import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import { createScratchDatabase, isReachable, serverUrl } from '../support/database-url'
import { startBuiltServer, waitForStatus, waitUntilProcessed, type BuiltServerProcess } from '../support/built-server'
import Stripe from 'stripe'
import pg from 'pg'
import { multipart, png } from '../support/admin'
import { FAKE_STRIPE_WEBHOOK_SECRET } from '../fakes/stripe.mjs'

// The OpenAPI document is a contract: every documented operation is called through real HTTP
// against the built server, successes and errors alike, and each answer's body is validated
// (ajv) against the schema the document gives for its status. An undocumented status fails.

const SECRET = 'contract-secret-contract-secret-1234'
const ADMIN = { email: 'contract-admin@example.com', password: 'contract-admin-password' }
const USER = { email: 'contract-user@example.com', password: 'contract-user-password', full_name: 'Contract User' }
const SPARE = { email: 'contract-spare@example.com', password: 'contract-spare-password', full_name: 'Contract Spare' }

type Json = Record<string, any>
interface Call {
  method: string
  path: string
  /** The documented operation it exercises: `post /api/users/favorites/{id}`. */
  op: string
  /** A body, or how to make it when the call's turn comes (a token from an email sent before). */
  json?: unknown
  lazyJson?: () => Promise<unknown>
  body?: BodyInit
  type?: string
  /** Whose bearer token it carries: the plain user's (true or 'user') or the admin's. */
  auth?: boolean | 'user' | 'admin' | 'spare'
  headers?: Record<string, string>
}

/**
 * A body over a limit is answered (413) before it has all been read, and the connection closed:
 * the client may then fail writing the rest (EPIPE) instead of reading the answer. Tried again
 * then, up to three times, so the documented answer is what is checked.
 */
async function sendRefusable(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send()
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code
      if (attempt >= 3 || !['EPIPE', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(code ?? '')) throw error
    }
  }
}

describe('the OpenAPI document against live answers', async () => {
  const usePostgres = await isReachable(serverUrl())
  let server: BuiltServerProcess
  let drop: (() => Promise<void>) | undefined
  let doc: Json
  let token = ''
  /** A second account, deleted by the contract's DELETE /api/auth/me. */
  let spareToken = ''
  let databaseUrl = ''
  let adminToken = ''
  let assetId = 0
  let spareAssetId = 0
  let slug = ''
  let postId = 0
  /** A second post, deleted by the contract's DELETE /api/admin/blogs/{id}. */
  let sparePostId = 0
  let collectionId = 0
  let spareCollectionId = 0

  beforeAll(async () => {
    const db = usePostgres ? await createScratchDatabase('stock_contract') : undefined
    drop = db?.drop
    databaseUrl = db?.url ?? ''
    server = startBuiltServer({
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      DATABASE_URL: db?.url ?? '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_ON_EMPTY: 'false',
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    })
    await waitForStatus(`${server.base}/readyz`, 200, 90_000)
    doc = await (await fetch(`${server.base}/api/openapi.json`)).json()
    const json = (body: unknown, extra: Record<string, string> = {}) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...extra },
      body: JSON.stringify(body),
    })
    const admin = (await (await fetch(`${server.base}/api/admin/login`, json(ADMIN))).json()).token
    adminToken = admin
    const upload = async (title: string) => {
      const form = multipart({ title, tags: 'teapot', category: 'Kitchen' }, [
        { field: 'file', name: 'teapot.png', type: 'image/png', data: await png() },
      ])
      return (
        await (
          await fetch(`${server.base}/api/admin/assets`, {
            method: 'POST',
            headers: { authorization: `Bearer ${admin}` },
            body: form,
          })
        ).json()
      ).id as number
    }
    assetId = await upload('Contract Teapot')
    spareAssetId = await upload('Contract Spare')
    // Publishing waits for the processing (decision 087).
    for (const id of [assetId, spareAssetId]) await waitUntilProcessed(server.base, admin, id)
    await fetch(`${server.base}/api/admin/assets/${assetId}/publish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
    })
    const post = {
      title: 'Contract post',
      content: '<p>Hi</p>',
      excerpt: 'E',
      date: 'May 1, 2026',
      category: 'News',
      readTime: '1 min read',
      image: '/favicon.svg',
    }
    const created = await (
      await fetch(`${server.base}/api/admin/blogs`, json(post, { authorization: `Bearer ${admin}` }))
    ).json()
    slug = created.slug
    postId = created.id
    sparePostId = (
      await (
        await fetch(
          `${server.base}/api/admin/blogs`,
          json({ ...post, title: 'Spare post' }, { authorization: `Bearer ${admin}` }),
        )
      ).json()
    ).id
    await fetch(`${server.base}/api/auth/register`, json(USER))
    token = (
      await (await fetch(`${server.base}/api/auth/login`, json({ email: USER.email, password: USER.password }))).json()
    ).token
    await fetch(`${server.base}/api/auth/register`, json(SPARE))
    spareToken = (
      await (
        await fetch(`${server.base}/api/auth/login`, json({ email: SPARE.email, password: SPARE.password }))
      ).json()
    ).token
    const asUser = (t: string) => ({ authorization: `Bearer ${t}` })
    collectionId = (
      await (await fetch(`${server.base}/api/collections`, json({ name: 'Contract board' }, asUser(token)))).json()
    ).id
    await fetch(`${server.base}/api/collections/${collectionId}/assets`, json({ asset_id: assetId }, asUser(token)))
    spareCollectionId = (
      await (await fetch(`${server.base}/api/collections`, json({ name: 'Spare board' }, asUser(spareToken)))).json()
    ).id
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
    const BLOG_POST = {
      title: 'Contract post two',
      content: '<p>Hello <script>alert(1)</script></p>',
      excerpt: 'E',
      date: 'May 2, 2026',
      category: 'News',
      readTime: '1 min read',
      image: '/favicon.svg',
    }
    // An event of a type the app needs nothing for: acknowledged.
    const stripeEvent = JSON.stringify({
      id: `evt_contract_${Date.now()}`,
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cus_contract' } },
    })
    // A licence to look up: the one a download is granted under.
    const { licenseId } = (await (
      await fetch(`${server.base}/api/assets/download/${assetId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { licenseId: string }
    const calls: Call[] = [
      { op: 'get /api/assets', method: 'GET', path: '/api/assets?limit=2' },
      { op: 'get /api/assets', method: 'GET', path: '/api/assets?sort=relevance' },
      { op: 'get /api/assets', method: 'GET', path: '/api/assets?limit=101' },
      { op: 'get /api/assets', method: 'GET', path: '/api/assets?category=%00' },
      { op: 'get /api/assets', method: 'DELETE', path: '/api/assets' },
      { op: 'get /api/assets/tags', method: 'GET', path: '/api/assets/tags' },
      { op: 'get /api/assets/tags', method: 'GET', path: '/api/assets/tags?asset_type=audio' },
      { op: 'get /api/assets/tags', method: 'GET', path: '/api/assets/tags?asset_type=video' },
      { op: 'get /api/assets/tags', method: 'POST', path: '/api/assets/tags' },
      { op: 'get /api/blogs', method: 'GET', path: '/api/blogs' },
      { op: 'get /api/blogs', method: 'PATCH', path: '/api/blogs' },
      { op: 'get /api/blogs', method: 'GET', path: '/api/blogs?x=%ED%A0%80' },
      { op: 'get /api/blogs/{slug}', method: 'GET', path: `/api/blogs/${slug}` },
      { op: 'get /api/blogs/{slug}', method: 'GET', path: '/api/blogs/no-such-post' },
      { op: 'get /api/blogs/{slug}', method: 'GET', path: '/api/blogs/%00' },
      {
        op: 'post /api/auth/register',
        method: 'POST',
        path: '/api/auth/register',
        json: { ...USER, email: 'contract-new@example.com' },
      },
      { op: 'post /api/auth/register', method: 'POST', path: '/api/auth/register', json: USER },
      {
        op: 'post /api/auth/register',
        method: 'POST',
        path: '/api/auth/register',
        json: { ...USER, email: 'not an email' },
      },
      {
        op: 'post /api/auth/register',
        method: 'POST',
        path: '/api/auth/register',
        json: { ...USER, full_name: 'a\u0000b' },
      },
      { op: 'post /api/auth/register', method: 'POST', path: '/api/auth/register', body: 'x', type: 'text/plain' },
      { op: 'post /api/auth/register', method: 'GET', path: '/api/auth/register' },
      {
        op: 'post /api/auth/login',
        method: 'POST',
        path: '/api/auth/login',
        json: { email: USER.email, password: USER.password },
      },
      {
        op: 'post /api/auth/login',
        method: 'POST',
        path: '/api/auth/login',
        json: { email: USER.email, password: 'wrong-password' },
      },
      {
        op: 'post /api/auth/login',
        method: 'POST',
        path: '/api/auth/login',
        body: '{"email": ',
        type: 'application/json',
      },
      {
        op: 'post /api/auth/login',
        method: 'POST',
        path: '/api/auth/login',
        body: JSON.stringify({ email: big }),
        type: 'application/json',
      },
      { op: 'post /api/auth/login', method: 'POST', path: '/api/auth/login', body: '<a/>', type: 'application/xml' },
      { op: 'get /api/auth/me', method: 'GET', path: '/api/auth/me', auth: true },
      { op: 'get /api/auth/me', method: 'GET', path: '/api/auth/me' },
      { op: 'get /api/auth/me', method: 'PUT', path: '/api/auth/me', auth: true },
      {
        op: 'post /api/auth/forgot-password',
        method: 'POST',
        path: '/api/auth/forgot-password',
        json: { email: USER.email },
      },
      {
        op: 'post /api/auth/forgot-password',
        method: 'POST',
        path: '/api/auth/forgot-password',
        json: { email: ['a'] },
      },
      {
        op: 'post /api/auth/forgot-password',
        method: 'POST',
        path: '/api/auth/forgot-password',
        body: 'email=a',
        type: 'text/plain',
      },
      {
        op: 'post /api/auth/reset-password',
        method: 'POST',
        path: '/api/auth/reset-password',
        json: { token: 'no-such-token', password: 'a long new password' },
      },
      {
        op: 'post /api/auth/reset-password',
        method: 'POST',
        path: '/api/auth/reset-password',
        body: 'x',
        type: 'text/plain',
      },
      { op: 'post /api/auth/reset-password', method: 'GET', path: '/api/auth/reset-password' },
      { op: 'post /api/assets/download/{id}', method: 'POST', path: `/api/assets/download/${assetId}`, auth: true },
      { op: 'post /api/assets/download/{id}', method: 'POST', path: `/api/assets/download/${assetId}` },
      { op: 'post /api/assets/download/{id}', method: 'POST', path: '/api/assets/download/0x10', auth: true },
      { op: 'post /api/assets/download/{id}', method: 'POST', path: '/api/assets/download/999999', auth: true },
      { op: 'post /api/assets/download/{id}', method: 'GET', path: `/api/assets/download/${assetId}`, auth: true },
      { op: 'get /api/assets/downloads/history', method: 'GET', path: '/api/assets/downloads/history', auth: true },
      { op: 'get /api/assets/downloads/history', method: 'GET', path: '/api/assets/downloads/history' },
      { op: 'get /api/licenses/{licenseId}', method: 'GET', path: `/api/licenses/${licenseId}` },
      { op: 'get /api/licenses/{licenseId}', method: 'GET', path: '/api/licenses/LIC-AAAAAAAAAAAAAAAAAAAA' },
      { op: 'get /api/licenses/{licenseId}', method: 'GET', path: '/api/licenses/not-a-licence' },
      { op: 'get /api/licenses/{licenseId}', method: 'POST', path: `/api/licenses/${licenseId}` },
      {
        op: 'post /api/asset-events',
        method: 'POST',
        path: '/api/asset-events',
        json: { asset_id: assetId, kind: 'dialog_view', q: 'robot' },
      },
      { op: 'post /api/asset-events', method: 'POST', path: '/api/asset-events', json: { asset_id: assetId } },
      { op: 'post /api/asset-events', method: 'GET', path: '/api/asset-events' },
      {
        op: 'post /api/users/favorites',
        method: 'POST',
        path: '/api/users/favorites',
        json: { asset_id: assetId },
        auth: true,
      },
      {
        op: 'post /api/users/favorites',
        method: 'POST',
        path: '/api/users/favorites',
        json: { asset_id: 'x' },
        auth: true,
      },
      {
        op: 'post /api/users/favorites',
        method: 'POST',
        path: '/api/users/favorites',
        json: { asset_id: 999999 },
        auth: true,
      },
      { op: 'post /api/users/favorites', method: 'POST', path: '/api/users/favorites', json: { asset_id: assetId } },
      {
        op: 'post /api/users/favorites',
        method: 'POST',
        path: '/api/users/favorites',
        body: 'x',
        type: 'text/plain',
        auth: true,
      },
      { op: 'get /api/users/favorites', method: 'GET', path: '/api/users/favorites', auth: true },
      { op: 'get /api/users/favorites', method: 'GET', path: '/api/users/favorites?page=0', auth: true },
      { op: 'get /api/users/favorites', method: 'GET', path: '/api/users/favorites' },
      { op: 'get /api/users/favorites', method: 'PUT', path: '/api/users/favorites', auth: true },
      { op: 'delete /api/users/favorites/{id}', method: 'DELETE', path: `/api/users/favorites/${assetId}`, auth: true },
      { op: 'delete /api/users/favorites/{id}', method: 'DELETE', path: `/api/users/favorites/${assetId}`, auth: true },
      { op: 'delete /api/users/favorites/{id}', method: 'DELETE', path: '/api/users/favorites/00001', auth: true },
      { op: 'delete /api/users/favorites/{id}', method: 'DELETE', path: `/api/users/favorites/${assetId}` },
      { op: 'delete /api/users/favorites/{id}', method: 'GET', path: `/api/users/favorites/${assetId}`, auth: true },
      { op: 'get /api/collections', method: 'GET', path: '/api/collections', auth: true },
      { op: 'get /api/collections', method: 'GET', path: '/api/collections' },
      { op: 'post /api/collections', method: 'POST', path: '/api/collections', json: { name: 'Board 2' }, auth: true },
      { op: 'post /api/collections', method: 'POST', path: '/api/collections', json: { name: '' }, auth: true },
      { op: 'post /api/collections', method: 'POST', path: '/api/collections', json: { name: 'x' } },
      { op: 'get /api/collections/{id}', method: 'GET', path: `/api/collections/${collectionId}`, auth: true },
      { op: 'get /api/collections/{id}', method: 'GET', path: `/api/collections/${spareCollectionId}`, auth: true },
      {
        op: 'patch /api/collections/{id}',
        method: 'PATCH',
        path: `/api/collections/${collectionId}`,
        json: { isPublic: true },
        auth: true,
      },
      {
        op: 'patch /api/collections/{id}',
        method: 'PATCH',
        path: `/api/collections/${collectionId}`,
        json: { name: 'x'.repeat(81) },
        auth: true,
      },
      {
        op: 'patch /api/collections/{id}',
        method: 'PATCH',
        path: `/api/collections/${spareCollectionId}`,
        json: { name: 'Mine' },
        auth: true,
      },
      { op: 'patch /api/collections/{id}', method: 'PATCH', path: `/api/collections/${collectionId}`, json: {} },
      { op: 'get /api/collections/{id}', method: 'GET', path: `/api/collections/${collectionId}` },
      {
        op: 'post /api/collections/{id}/assets',
        method: 'POST',
        path: `/api/collections/${collectionId}/assets`,
        json: { asset_id: assetId },
        auth: true,
      },
      {
        op: 'post /api/collections/{id}/assets',
        method: 'POST',
        path: `/api/collections/${collectionId}/assets`,
        json: { asset_id: 'x' },
        auth: true,
      },
      {
        op: 'post /api/collections/{id}/assets',
        method: 'POST',
        path: `/api/collections/${spareCollectionId}/assets`,
        json: { asset_id: assetId },
        auth: true,
      },
      {
        op: 'post /api/collections/{id}/assets',
        method: 'POST',
        path: `/api/collections/${collectionId}/assets`,
        json: { asset_id: assetId },
      },
      {
        op: 'post /api/collections/{id}/download',
        method: 'POST',
        path: `/api/collections/${collectionId}/download`,
        json: { format: 'webp' },
        auth: true,
      },
      {
        op: 'post /api/collections/{id}/download',
        method: 'POST',
        path: `/api/collections/${collectionId}/download?format=gif`,
        auth: true,
      },
      {
        op: 'post /api/collections/{id}/download',
        method: 'POST',
        path: `/api/collections/${spareCollectionId}/download`,
        auth: true,
      },
      { op: 'post /api/collections/{id}/download', method: 'POST', path: `/api/collections/${collectionId}/download` },
      {
        op: 'delete /api/collections/{id}/assets/{assetId}',
        method: 'DELETE',
        path: `/api/collections/${collectionId}/assets/${assetId}`,
        auth: true,
      },
      {
        op: 'delete /api/collections/{id}/assets/{assetId}',
        method: 'DELETE',
        path: `/api/collections/${collectionId}/assets/${assetId}`,
        auth: true,
      },
      {
        op: 'delete /api/collections/{id}/assets/{assetId}',
        method: 'DELETE',
        path: `/api/collections/${collectionId}/assets/${assetId}`,
      },
      {
        op: 'delete /api/collections/{id}',
        method: 'DELETE',
        path: `/api/collections/${spareCollectionId}`,
        auth: true,
      },
      { op: 'delete /api/collections/{id}', method: 'DELETE', path: `/api/collections/${collectionId}`, auth: true },
      { op: 'delete /api/collections/{id}', method: 'DELETE', path: `/api/collections/${collectionId}` },
      { op: 'get /api/auth/billing/history', method: 'GET', path: '/api/auth/billing/history', auth: true },
      { op: 'get /api/auth/billing/history', method: 'GET', path: '/api/auth/billing/history' },
      { op: 'get /api/assets/suggest', method: 'GET', path: '/api/assets/suggest?q=tea' },
      { op: 'get /api/assets/suggest', method: 'GET', path: '/api/assets/suggest?q=%00' },
      { op: 'get /api/assets/suggest', method: 'POST', path: '/api/assets/suggest' },
      { op: 'get /api/assets/early-access', method: 'GET', path: '/api/assets/early-access' },
      { op: 'get /api/assets/early-access', method: 'GET', path: '/api/assets/early-access', auth: true },
      { op: 'get /api/assets/early-access', method: 'DELETE', path: '/api/assets/early-access' },
      // The door's cross-site refusal: the session cookie, no bearer token, another site's Origin.
      {
        op: 'post /api/users/favorites',
        method: 'POST',
        path: '/api/users/favorites',
        json: { asset_id: assetId },
        headers: { cookie: `__session=${token}`, origin: 'https://evil.example' },
      },

      // ---- Admin calls: as the admin (successes and bad input), anonymous (401), a plain user (403) ----
      { op: 'post /api/admin/login', method: 'POST', path: '/api/admin/login', json: ADMIN },
      {
        op: 'post /api/admin/login',
        method: 'POST',
        path: '/api/admin/login',
        json: { email: USER.email, password: USER.password },
      },
      {
        op: 'post /api/admin/login',
        method: 'POST',
        path: '/api/admin/login',
        json: { email: 'not an email', password: 'x' },
      },
      { op: 'post /api/admin/login', method: 'POST', path: '/api/admin/login', body: 'x', type: 'text/plain' },
      { op: 'post /api/admin/login', method: 'GET', path: '/api/admin/login' },
      { op: 'get /api/admin/assets', method: 'GET', path: '/api/admin/assets?status=pending&limit=5', auth: 'admin' },
      { op: 'get /api/admin/assets', method: 'GET', path: `/api/admin/assets?q=${assetId}`, auth: 'admin' },
      { op: 'get /api/admin/assets', method: 'GET', path: '/api/admin/assets?status=nope', auth: 'admin' },
      { op: 'get /api/admin/assets', method: 'GET', path: '/api/admin/assets?limit=201', auth: 'admin' },
      { op: 'get /api/admin/assets', method: 'GET', path: '/api/admin/assets?q=a%00b', auth: 'admin' },
      { op: 'get /api/admin/assets', method: 'GET', path: '/api/admin/assets' },
      { op: 'get /api/admin/assets', method: 'GET', path: '/api/admin/assets', auth: 'user' },
      { op: 'get /api/admin/assets', method: 'PUT', path: '/api/admin/assets', auth: 'admin' },
      {
        op: 'post /api/admin/assets',
        method: 'POST',
        path: '/api/admin/assets',
        auth: 'admin',
        body: multipart({ title: 'Contract Upload', tags: '["a","b"]', asset_type: 'image' }, [
          { field: 'file', name: 'up.png', type: 'image/png', data: await png('#00ff00') },
        ]),
      },
      {
        op: 'post /api/admin/assets',
        method: 'POST',
        path: '/api/admin/assets',
        auth: 'admin',
        json: { title: 'not multipart' },
      },
      {
        op: 'post /api/admin/assets',
        method: 'POST',
        path: '/api/admin/assets',
        auth: 'admin',
        body: multipart({ title: 'No file' }, []),
      },
      {
        op: 'post /api/admin/assets',
        method: 'POST',
        path: '/api/admin/assets',
        auth: 'admin',
        body: multipart({}, [
          {
            field: 'file',
            name: 'x.svg',
            type: 'image/svg+xml',
            data: '<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>',
          },
        ]),
      },
      {
        op: 'post /api/admin/assets',
        method: 'POST',
        path: '/api/admin/assets',
        auth: 'admin',
        body: multipart({ asset_type: 'video' }, [
          { field: 'file', name: 'up.png', type: 'image/png', data: await png() },
        ]),
      },
      {
        op: 'post /api/admin/assets',
        method: 'POST',
        path: '/api/admin/assets',
        auth: 'admin',
        body: multipart(
          {},
          ['file', 'thumbnail', 'extra'].map((field) => ({
            field,
            name: `${field}.png`,
            type: 'image/png',
            data: 'x',
          })),
        ),
      },
      {
        op: 'post /api/admin/assets',
        method: 'POST',
        path: '/api/admin/assets',
        body: multipart({}, [{ field: 'file', name: 'up.png', type: 'image/png', data: 'x' }]),
      },
      {
        op: 'post /api/admin/assets',
        method: 'POST',
        path: '/api/admin/assets',
        auth: 'user',
        body: multipart({}, [{ field: 'file', name: 'up.png', type: 'image/png', data: 'x' }]),
      },
      { op: 'get /api/admin/assets/{id}', method: 'GET', path: `/api/admin/assets/${spareAssetId}`, auth: 'admin' },
      { op: 'get /api/admin/assets/{id}', method: 'GET', path: '/api/admin/assets/0x10', auth: 'admin' },
      { op: 'get /api/admin/assets/{id}', method: 'GET', path: '/api/admin/assets/999999', auth: 'admin' },
      { op: 'get /api/admin/assets/{id}', method: 'GET', path: `/api/admin/assets/${spareAssetId}` },
      { op: 'get /api/admin/assets/{id}', method: 'GET', path: `/api/admin/assets/${spareAssetId}`, auth: 'user' },
      { op: 'get /api/admin/assets/{id}', method: 'POST', path: `/api/admin/assets/${spareAssetId}`, auth: 'admin' },
      {
        op: 'put /api/admin/assets/{id}',
        method: 'PUT',
        path: `/api/admin/assets/${spareAssetId}`,
        auth: 'admin',
        json: { title: 'Contract Spare, renamed', tags: ['spare', 'teapot'], category: 'Kitchen' },
      },
      {
        op: 'put /api/admin/assets/{id}',
        method: 'PUT',
        path: `/api/admin/assets/${spareAssetId}`,
        auth: 'admin',
        json: {},
      },
      {
        op: 'put /api/admin/assets/{id}',
        method: 'PUT',
        path: `/api/admin/assets/${spareAssetId}`,
        auth: 'admin',
        json: { title: 'a\u0000b' },
      },
      {
        op: 'put /api/admin/assets/{id}',
        method: 'PUT',
        path: `/api/admin/assets/${spareAssetId}`,
        auth: 'admin',
        json: { title: 'x'.repeat(201) },
      },
      {
        op: 'put /api/admin/assets/{id}',
        method: 'PUT',
        path: `/api/admin/assets/${spareAssetId}`,
        auth: 'admin',
        body: 'title=x',
        type: 'text/plain',
      },
      {
        op: 'put /api/admin/assets/{id}',
        method: 'PUT',
        path: `/api/admin/assets/${spareAssetId}`,
        auth: 'admin',
        body: JSON.stringify({ title: big }),
        type: 'application/json',
      },
      {
        op: 'put /api/admin/assets/{id}',
        method: 'PUT',
        path: '/api/admin/assets/999999',
        auth: 'admin',
        json: { title: 'Nothing' },
      },
      {
        op: 'put /api/admin/assets/{id}',
        method: 'PUT',
        path: `/api/admin/assets/${spareAssetId}`,
        json: { title: 'Anonymous' },
      },
      {
        op: 'put /api/admin/assets/{id}',
        method: 'PUT',
        path: `/api/admin/assets/${spareAssetId}`,
        auth: 'user',
        json: { title: 'Plain user' },
      },
      {
        op: 'patch /api/admin/assets/{id}',
        method: 'PATCH',
        path: `/api/admin/assets/${spareAssetId}`,
        auth: 'admin',
        json: { description: 'Patched.', is_active: 'false' },
      },
      {
        op: 'patch /api/admin/assets/{id}',
        method: 'PATCH',
        path: `/api/admin/assets/${spareAssetId}`,
        auth: 'admin',
        json: { asset_type: 'audio' },
      },
      {
        op: 'patch /api/admin/assets/{id}',
        method: 'PATCH',
        path: `/api/admin/assets/${spareAssetId}`,
        auth: 'admin',
        json: { is_active: 'maybe' },
      },
      {
        op: 'patch /api/admin/assets/{id}',
        method: 'PATCH',
        path: `/api/admin/assets/${spareAssetId}`,
        json: { description: 'Anonymous' },
      },
      {
        op: 'patch /api/admin/assets/{id}',
        method: 'PATCH',
        path: `/api/admin/assets/${spareAssetId}`,
        auth: 'user',
        json: { description: 'Plain user' },
      },
      {
        op: 'post /api/admin/assets/{id}/publish',
        method: 'POST',
        path: `/api/admin/assets/${spareAssetId}/publish`,
        auth: 'admin',
      },
      {
        op: 'post /api/admin/assets/{id}/publish',
        method: 'POST',
        path: `/api/admin/assets/${spareAssetId}/publish`,
        auth: 'admin',
        json: { is_active: false },
      },
      {
        op: 'post /api/admin/assets/{id}/publish',
        method: 'POST',
        path: `/api/admin/assets/${spareAssetId}/publish`,
        auth: 'admin',
        json: { is_active: 'maybe' },
      },
      {
        op: 'post /api/admin/assets/{id}/publish',
        method: 'POST',
        path: `/api/admin/assets/${spareAssetId}/publish`,
        auth: 'admin',
        body: 'x',
        type: 'text/plain',
      },
      {
        op: 'post /api/admin/assets/{id}/publish',
        method: 'POST',
        path: '/api/admin/assets/00001/publish',
        auth: 'admin',
      },
      { op: 'post /api/admin/assets/{id}/publish', method: 'POST', path: `/api/admin/assets/${spareAssetId}/publish` },
      {
        op: 'post /api/admin/assets/{id}/publish',
        method: 'POST',
        path: `/api/admin/assets/${spareAssetId}/publish`,
        auth: 'user',
      },
      {
        op: 'post /api/admin/assets/{id}/publish',
        method: 'GET',
        path: `/api/admin/assets/${spareAssetId}/publish`,
        auth: 'admin',
      },
      {
        op: 'post /api/admin/assets/bulk',
        method: 'POST',
        path: '/api/admin/assets/bulk',
        auth: 'admin',
        json: { ids: [spareAssetId], action: 'add-tags', tags: ['contract'] },
      },
      {
        op: 'post /api/admin/assets/bulk',
        method: 'POST',
        path: '/api/admin/assets/bulk',
        auth: 'admin',
        json: { ids: [spareAssetId], action: 'schedule', publish_at: null },
      },
      {
        op: 'post /api/admin/assets/bulk',
        method: 'POST',
        path: '/api/admin/assets/bulk',
        auth: 'admin',
        json: { ids: [], action: 'publish' },
      },
      {
        op: 'post /api/admin/assets/bulk',
        method: 'POST',
        path: '/api/admin/assets/bulk',
        auth: 'admin',
        json: { ids: [spareAssetId], action: 'set-category', category: 'No Such Category' },
      },
      {
        op: 'post /api/admin/assets/bulk',
        method: 'POST',
        path: '/api/admin/assets/bulk',
        json: { ids: [spareAssetId], action: 'publish' },
      },
      {
        op: 'post /api/admin/assets/bulk',
        method: 'POST',
        path: '/api/admin/assets/bulk',
        auth: 'user',
        json: { ids: [spareAssetId], action: 'publish' },
      },
      { op: 'post /api/admin/assets/bulk', method: 'GET', path: '/api/admin/assets/bulk', auth: 'admin' },
      { op: 'delete /api/admin/assets/{id}', method: 'DELETE', path: `/api/admin/assets/${spareAssetId}` },
      {
        op: 'delete /api/admin/assets/{id}',
        method: 'DELETE',
        path: `/api/admin/assets/${spareAssetId}`,
        auth: 'user',
      },
      {
        op: 'delete /api/admin/assets/{id}',
        method: 'DELETE',
        path: `/api/admin/assets/${spareAssetId}`,
        auth: 'admin',
      },
      {
        op: 'delete /api/admin/assets/{id}',
        method: 'DELETE',
        path: `/api/admin/assets/${spareAssetId}`,
        auth: 'admin',
      },
      { op: 'get /api/admin/users', method: 'GET', path: '/api/admin/users?q=contract&limit=10', auth: 'admin' },
      { op: 'get /api/admin/users', method: 'GET', path: '/api/admin/users?limit=0', auth: 'admin' },
      { op: 'get /api/admin/users', method: 'GET', path: '/api/admin/users?page=1.5', auth: 'admin' },
      { op: 'get /api/admin/users', method: 'GET', path: '/api/admin/users?q=%00', auth: 'admin' },
      { op: 'get /api/admin/users', method: 'GET', path: '/api/admin/users' },
      { op: 'get /api/admin/users', method: 'GET', path: '/api/admin/users', auth: 'user' },
      { op: 'get /api/admin/analytics', method: 'GET', path: '/api/admin/analytics', auth: 'admin' },
      { op: 'get /api/admin/analytics', method: 'GET', path: '/api/admin/analytics' },
      { op: 'get /api/admin/analytics', method: 'GET', path: '/api/admin/analytics', auth: 'user' },
      { op: 'get /api/admin/analytics', method: 'POST', path: '/api/admin/analytics', auth: 'admin' },
      { op: 'get /api/admin/status', method: 'GET', path: '/api/admin/status', auth: 'admin' },
      { op: 'get /api/admin/status', method: 'GET', path: '/api/admin/status' },
      { op: 'get /api/admin/status', method: 'GET', path: '/api/admin/status', auth: 'user' },
      { op: 'get /api/admin/blogs', method: 'GET', path: '/api/admin/blogs', auth: 'admin' },
      { op: 'get /api/admin/blogs', method: 'GET', path: '/api/admin/blogs' },
      { op: 'get /api/admin/blogs', method: 'GET', path: '/api/admin/blogs', auth: 'user' },
      { op: 'post /api/admin/blogs', method: 'POST', path: '/api/admin/blogs', auth: 'admin', json: BLOG_POST },
      {
        op: 'post /api/admin/blogs',
        method: 'POST',
        path: '/api/admin/blogs',
        auth: 'admin',
        json: { ...BLOG_POST, title: '' },
      },
      {
        op: 'post /api/admin/blogs',
        method: 'POST',
        path: '/api/admin/blogs',
        auth: 'admin',
        json: { ...BLOG_POST, image: 'javascript:alert(1)' },
      },
      {
        op: 'post /api/admin/blogs',
        method: 'POST',
        path: '/api/admin/blogs',
        auth: 'admin',
        json: { ...BLOG_POST, category: 'a\u0000b' },
      },
      {
        op: 'post /api/admin/blogs',
        method: 'POST',
        path: '/api/admin/blogs',
        auth: 'admin',
        body: '<p>',
        type: 'text/html',
      },
      { op: 'post /api/admin/blogs', method: 'POST', path: '/api/admin/blogs', json: BLOG_POST },
      { op: 'post /api/admin/blogs', method: 'POST', path: '/api/admin/blogs', auth: 'user', json: BLOG_POST },
      { op: 'get /api/admin/blogs/{id}', method: 'GET', path: `/api/admin/blogs/${postId}`, auth: 'admin' },
      { op: 'get /api/admin/blogs/{id}', method: 'GET', path: '/api/admin/blogs/999999', auth: 'admin' },
      { op: 'get /api/admin/blogs/{id}', method: 'GET', path: '/api/admin/blogs/0x1', auth: 'admin' },
      { op: 'get /api/admin/blogs/{id}', method: 'GET', path: `/api/admin/blogs/${postId}` },
      { op: 'get /api/admin/blogs/{id}', method: 'GET', path: `/api/admin/blogs/${postId}`, auth: 'user' },
      { op: 'get /api/admin/blogs/{id}', method: 'PATCH', path: `/api/admin/blogs/${postId}`, auth: 'admin' },
      { op: 'delete /api/admin/blogs/{id}', method: 'DELETE', path: `/api/admin/blogs/${sparePostId}` },
      { op: 'delete /api/admin/blogs/{id}', method: 'DELETE', path: `/api/admin/blogs/${sparePostId}`, auth: 'user' },
      { op: 'delete /api/admin/blogs/{id}', method: 'DELETE', path: `/api/admin/blogs/${sparePostId}`, auth: 'admin' },
      { op: 'delete /api/admin/blogs/{id}', method: 'DELETE', path: `/api/admin/blogs/${sparePostId}`, auth: 'admin' },
      {
        op: 'put /api/admin/blogs/{id}',
        method: 'PUT',
        path: `/api/admin/blogs/${postId}`,
        auth: 'admin',
        json: { ...BLOG_POST, title: 'Contract post, edited' },
      },
      {
        op: 'put /api/admin/blogs/{id}',
        method: 'PUT',
        path: `/api/admin/blogs/${postId}`,
        auth: 'admin',
        json: { title: 'Only a title' },
      },
      {
        op: 'put /api/admin/blogs/{id}',
        method: 'PUT',
        path: `/api/admin/blogs/${postId}`,
        auth: 'admin',
        body: 'x',
        type: 'text/plain',
      },
      {
        op: 'put /api/admin/blogs/{id}',
        method: 'PUT',
        path: '/api/admin/blogs/999999',
        auth: 'admin',
        json: BLOG_POST,
      },
      { op: 'put /api/admin/blogs/{id}', method: 'PUT', path: `/api/admin/blogs/${postId}`, json: BLOG_POST },
      {
        op: 'put /api/admin/blogs/{id}',
        method: 'PUT',
        path: `/api/admin/blogs/${postId}`,
        auth: 'user',
        json: BLOG_POST,
      },
      {
        op: 'post /api/admin/upload-image',
        method: 'POST',
        path: '/api/admin/upload-image',
        auth: 'admin',
        body: multipart({}, [{ field: 'image', name: 'cover.png', type: 'image/png', data: await png('#0000ff') }]),
      },
      {
        op: 'post /api/admin/upload-image',
        method: 'POST',
        path: '/api/admin/upload-image',
        auth: 'admin',
        json: { image: 'x' },
      },
      {
        op: 'post /api/admin/upload-image',
        method: 'POST',
        path: '/api/admin/upload-image',
        auth: 'admin',
        body: multipart({}, [
          { field: 'image', name: 'x.svg', type: 'image/svg+xml', data: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
        ]),
      },
      {
        op: 'post /api/admin/upload-image',
        method: 'POST',
        path: '/api/admin/upload-image',
        auth: 'admin',
        body: multipart({}, [
          { field: 'image', name: 'big.png', type: 'image/png', data: Buffer.alloc(10 * 1024 * 1024 + 1) },
        ]),
      },
      {
        op: 'post /api/admin/upload-image',
        method: 'POST',
        path: '/api/admin/upload-image',
        body: multipart({}, [{ field: 'image', name: 'cover.png', type: 'image/png', data: 'x' }]),
      },
      {
        op: 'post /api/admin/upload-image',
        method: 'POST',
        path: '/api/admin/upload-image',
        auth: 'user',
        body: multipart({}, [{ field: 'image', name: 'cover.png', type: 'image/png', data: 'x' }]),
      },

      // ---- Integrations ----
      {
        op: 'post /api/stripe/webhook',
        method: 'POST',
        path: '/api/stripe/webhook',
        body: stripeEvent,
        type: 'application/json',
        headers: {
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({
            payload: stripeEvent,
            secret: FAKE_STRIPE_WEBHOOK_SECRET,
          }),
        },
      },
      {
        op: 'post /api/stripe/webhook',
        method: 'POST',
        path: '/api/stripe/webhook',
        body: stripeEvent,
        type: 'application/json',
        headers: { 'stripe-signature': 't=1,v1=bad' },
      },
      {
        op: 'post /api/stripe/webhook',
        method: 'POST',
        path: '/api/stripe/webhook',
        body: stripeEvent,
        type: 'application/json',
      },
      {
        op: 'post /api/stripe/webhook',
        method: 'POST',
        path: '/api/stripe/webhook',
        body: 'x'.repeat(600 * 1024),
        type: 'application/json',
        headers: { 'stripe-signature': 't=1,v1=bad' },
      },
      { op: 'post /api/stripe/webhook', method: 'GET', path: '/api/stripe/webhook' },
      { op: 'get /api/auth/google/callback', method: 'GET', path: '/api/auth/google/callback?code=x&state=y' },
      { op: 'get /api/auth/google/callback', method: 'GET', path: '/api/auth/google/callback?code=%00' },
      { op: 'get /api/auth/google/callback', method: 'POST', path: '/api/auth/google/callback' },
      { op: 'get /api/openapi.json', method: 'GET', path: '/api/openapi.json' },
      { op: 'get /api/openapi.json', method: 'DELETE', path: '/api/openapi.json' },

      // ---- Account (near the end: the email of USER changes, SPARE is deleted) ----
      {
        op: 'patch /api/auth/me',
        method: 'PATCH',
        path: '/api/auth/me',
        auth: true,
        json: { full_name: 'Contract U' },
      },
      { op: 'patch /api/auth/me', method: 'PATCH', path: '/api/auth/me', auth: true, json: { full_name: '' } },
      { op: 'patch /api/auth/me', method: 'PATCH', path: '/api/auth/me', json: { full_name: 'X' } },
      { op: 'patch /api/auth/me', method: 'PATCH', path: '/api/auth/me', auth: true, body: 'x', type: 'text/plain' },
      { op: 'get /api/auth/export', method: 'GET', path: '/api/auth/export', auth: true },
      { op: 'get /api/auth/export', method: 'GET', path: '/api/auth/export' },
      { op: 'delete /api/auth/sessions', method: 'DELETE', path: '/api/auth/sessions', auth: true },
      { op: 'delete /api/auth/sessions', method: 'DELETE', path: '/api/auth/sessions' },
      {
        op: 'post /api/auth/password',
        method: 'POST',
        path: '/api/auth/password',
        auth: true,
        json: { current_password: USER.password, new_password: USER.password },
      },
      {
        op: 'post /api/auth/password',
        method: 'POST',
        path: '/api/auth/password',
        auth: true,
        json: { current_password: 'wrong-password', new_password: 'another-long-one' },
      },
      {
        op: 'post /api/auth/password',
        method: 'POST',
        path: '/api/auth/password',
        auth: true,
        json: { current_password: USER.password, new_password: 'short' },
      },
      { op: 'post /api/auth/password', method: 'POST', path: '/api/auth/password', json: {} },
      {
        op: 'post /api/auth/email',
        method: 'POST',
        path: '/api/auth/email',
        auth: true,
        json: { email: ADMIN.email, current_password: USER.password },
      },
      {
        op: 'post /api/auth/email',
        method: 'POST',
        path: '/api/auth/email',
        auth: true,
        json: { email: 'contract-moved@example.com', current_password: 'wrong-password' },
      },
      {
        op: 'post /api/auth/email',
        method: 'POST',
        path: '/api/auth/email',
        auth: true,
        json: { email: USER.email, current_password: USER.password },
      },
      {
        op: 'post /api/auth/email',
        method: 'POST',
        path: '/api/auth/email',
        auth: true,
        json: { email: 'contract-moved@example.com', current_password: USER.password },
      },
      { op: 'post /api/auth/email', method: 'POST', path: '/api/auth/email', json: {} },
      { op: 'post /api/auth/email/confirm', method: 'POST', path: '/api/auth/email/confirm', json: { token: 'nope' } },
      { op: 'post /api/auth/email/confirm', method: 'POST', path: '/api/auth/email/confirm', json: {} },
      ...(databaseUrl
        ? [
            {
              op: 'post /api/auth/email/confirm',
              method: 'POST',
              path: '/api/auth/email/confirm',
              // The token of the link just mailed to the new address, from the outbox.
              lazyJson: async () => ({ token: await mailedToken(databaseUrl, 'contract-moved@example.com') }),
            },
          ]
        : []),
      {
        op: 'delete /api/auth/me',
        method: 'DELETE',
        path: '/api/auth/me',
        auth: 'spare',
        json: { current_password: 'wrong-password' },
      },
      { op: 'delete /api/auth/me', method: 'DELETE', path: '/api/auth/me', auth: 'spare', json: {} },
      {
        op: 'delete /api/auth/me',
        method: 'DELETE',
        path: '/api/auth/me',
        auth: 'spare',
        json: { current_password: SPARE.password },
      },
      { op: 'delete /api/auth/me', method: 'DELETE', path: '/api/auth/me', auth: 'spare', json: {} },

      // Logout last: it ends the session the calls above use.
      { op: 'post /api/auth/logout', method: 'POST', path: '/api/auth/logout', auth: true },
      { op: 'post /api/auth/logout', method: 'GET', path: '/api/auth/logout' },
    ]

    const problems: string[] = []
    const seen = new Map<string, Set<string>>()
    for (const call of calls) {
      const headers: Record<string, string> = { ...call.headers }
      if (call.auth)
        headers.authorization = `Bearer ${call.auth === 'admin' ? adminToken : call.auth === 'spare' ? spareToken : token}`
      let body = call.body
      const json = call.lazyJson ? await call.lazyJson() : call.json
      if (json !== undefined) {
        body = JSON.stringify(json)
        headers['content-type'] = 'application/json'
      } else if (call.type) headers['content-type'] = call.type
      const res = await sendRefusable(() =>
        fetch(server.base + call.path, { method: call.method, headers, body, redirect: 'manual' }),
      )
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
      if (status.startsWith('3')) {
        // A redirect: no body is documented, a Location header is.
        if (operation.responses[status].content || !operation.responses[status].headers?.Location)
          problems.push(`${where}: a redirect should be documented with Location and no body`)
        if (!res.headers.get('location')?.startsWith('/')) problems.push(`${where}: no same-site Location`)
        continue
      }
      const media = Object.keys(operation.responses[status].content ?? {})[0]
      if (media && media !== 'application/json') {
        // A file (a ZIP): its type as documented; its bytes are not JSON.
        expect(res.headers.get('content-type'), where).toBe(media)
        await res.arrayBuffer()
        continue
      }
      expect(res.headers.get('content-type'), where).toMatch(/application\/json/)
      const payload = await res.json()
      const schemaRef = `openapi#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`
      if (!ajv.validate({ $ref: schemaRef }, payload))
        problems.push(`${where}: ${ajv.errorsText(ajv.errors)} in ${JSON.stringify(payload).slice(0, 200)}`)
    }
    expect(problems).toEqual([])

    // Every documented operation was called, and answered at least one success and one error.
    for (const [path, ops] of Object.entries(doc.paths as Json)) {
      for (const method of Object.keys(ops)) {
        const statuses = [...(seen.get(`${method} ${path}`) ?? [])]
        expect(statuses.length, `${method} ${path} was called`).toBeGreaterThan(0)
        expect(
          statuses.some((s) => Number(s) >= 400),
          `${method} ${path} answered an error`,
        ).toBe(true)
        // A reset token (and, on PGlite, whose outbox the test cannot read, an email token) never reaches the test.
        const noToken = ['post /api/auth/reset-password', ...(databaseUrl ? [] : ['post /api/auth/email/confirm'])]
        if (!noToken.includes(`${method} ${path}`))
          expect(
            statuses.some((s) => /^[23]/.test(s)),
            `${method} ${path} answered a success`,
          ).toBe(true)
        // An admin call refuses the anonymous (401) and a plain user (403) as documented.
        if (path.startsWith('/api/admin/') && path !== '/api/admin/login')
          expect(statuses, `${method} ${path} refused anonymous and plain users`).toEqual(
            expect.arrayContaining(['401', '403']),
          )
      }
    }
  }, 120_000)
})

/** The token of the last confirmation link mailed to an address, read from the server's outbox. */
async function mailedToken(databaseUrl: string, to: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      'select text_body from outbound_emails where to_address = $1 order by id desc limit 1',
      [to],
    )
    return decodeURIComponent(/confirm-email\?token=([\w%-]+)/.exec(rows[0]?.text_body ?? '')?.[1] ?? '')
  } finally {
    await client.end()
  }
}
