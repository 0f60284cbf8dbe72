import { randomUUID } from 'node:crypto'
import { RouterContextProvider } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import { createAsset, deleteAssets } from '~/domain/catalogue/assets.server'
import { uploadAsset } from '~/domain/uploads/asset-upload.server'
import { recordRequest, resetRequestMetrics } from '~/platform/metrics.server'
import type { Storage } from '~/platform/storage.server'
import { utcDay } from '~/domain/downloads/downloads.server'
import { UPLOAD_LIMIT_BYTES } from '~/lib/constants'
import { loader as analyticsApi } from '~/routes/api/admin/analytics'
import { action as assetsAction, loader as assetsApi } from '~/routes/api/admin/assets'
import { action as assetAction, loader as assetApi } from '~/routes/api/admin/assets-id'
import { action as publishAction } from '~/routes/api/admin/assets-id-publish'
import { loader as usersApi } from '~/routes/api/admin/users'
import { loader as statusApi } from '~/routes/api/admin/status'
import { servicesContext } from '~/web/context.server'
import { adminAndUser, bearer, centrePixel, multipart, png, storedFiles, webp } from '../support/admin'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

const uid = () => randomUUID().slice(0, 8)

let t: TestContext
let adminId: string
let adminToken: string
let userToken: string

beforeAll(async () => {
  t = await createTestContext()
  const people = await adminAndUser(t.db)
  adminId = people.admin.id
  adminToken = people.adminToken
  userToken = people.userToken
})
afterAll(() => t.close())

type Handler = (args: never) => unknown

async function call(
  fn: Handler,
  url: string,
  init: RequestInit & { json?: unknown } = {},
  params: Record<string, string> = {},
) {
  const res = (await callRoute(fn, { request: makeRequest(url, init), params, context: t.routerContext() })) as Response
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

async function auditRows(targetId: number | string) {
  return t.db.selectFrom('audit_log').selectAll().where('target_id', '=', String(targetId)).orderBy('id').execute()
}

describe('admin API authorization', () => {
  const calls: [string, Handler, string, RequestInit & { json?: unknown }, Record<string, string>][] = [
    ['GET /api/admin/analytics', analyticsApi, '/api/admin/analytics', {}, {}],
    ['GET /api/admin/assets', assetsApi, '/api/admin/assets', {}, {}],
    [
      'POST /api/admin/assets',
      assetsAction,
      '/api/admin/assets',
      { method: 'POST', body: multipart({ title: 'x' }, []) },
      {},
    ],
    ['GET /api/admin/assets/{id}', assetApi, '/api/admin/assets/1', {}, { id: '1' }],
    [
      'PUT /api/admin/assets/{id}',
      assetAction,
      '/api/admin/assets/1',
      { method: 'PUT', json: { title: 'x' } },
      { id: '1' },
    ],
    ['DELETE /api/admin/assets/{id}', assetAction, '/api/admin/assets/1', { method: 'DELETE' }, { id: '1' }],
    [
      'POST /api/admin/assets/{id}/publish',
      publishAction,
      '/api/admin/assets/1/publish',
      { method: 'POST', json: { is_active: true } },
      { id: '1' },
    ],
    ['GET /api/admin/users', usersApi, '/api/admin/users', {}, {}],
    ['GET /api/admin/status', statusApi, '/api/admin/status', {}, {}],
  ]

  it.each(calls)('%s: 401 without a token, 403 for a non-admin', async (_name, fn, url, init, params) => {
    const anonymous = await call(fn, url, init, params)
    expect(anonymous.status).toBe(401)
    expect(anonymous.body).toEqual({ error: 'Authentication required' })
    const invalid = await call(fn, url, { ...init, headers: bearer('not-a-real-token') }, params)
    expect(invalid.status).toBe(401)
    const forbidden = await call(fn, url, { ...init, headers: bearer(userToken) }, params)
    expect(forbidden.status).toBe(403)
    expect(forbidden.body).toEqual({ error: 'Admin access required' })
  })
})

describe('POST /api/admin/assets', () => {
  const upload = (fields: Record<string, string>, files: Parameters<typeof multipart>[1]) =>
    call(assetsAction, '/api/admin/assets', {
      method: 'POST',
      body: multipart(fields, files),
      headers: bearer(adminToken),
    })

  it('stores an unpublished asset, answers the spec fields at once, and its job makes the derivatives', async () => {
    const title = `Uploaded Robot ${uid()}`
    const res = await upload(
      { title, description: 'A shiny robot.', tags: '["Robot", "Metal"]', category: 'Characters' },
      [{ field: 'file', name: 'robot.png', type: 'image/png', data: await png('#ff0000', 64) }],
    )
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      title,
      description: 'A shiny robot.',
      tags: ['robot', 'metal'],
      category: 'Characters',
      is_active: false,
      processing: { state: 'processing', error: null, step: 'queued' },
    })
    expect(res.body.id).toEqual(expect.any(Number))
    // Processed by the job 'process-upload' (decision 087): no preview yet.
    expect(res.body.original_url).toBe('')
    await t.services.jobs.runDue()
    const row = await t.db.selectFrom('assets').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow()
    expect(row.processing_state).toBe('ready')
    expect(row.is_active).toBe(false)
    expect(row.published_at).toBeNull()
    expect(row.original_filename).toBe('robot.png')
    for (const key of [row.original_key, row.thumb_key, row.thumb_png_key, row.preview_key, row.preview_png_key]) {
      expect(await t.storage.exists(key!)).toBe(true)
    }
    const audit = await auditRows(res.body.id)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actor_id: adminId, action: 'asset.upload', target_type: 'asset' })
  })

  it('defaults the title to the file name and accepts comma-string tags', async () => {
    const res = await upload({ tags: 'glass, Sphere' }, [
      { field: 'file', name: 'Glass Sphere.final.png', type: 'image/png', data: await png() },
    ])
    expect(res.status).toBe(201)
    expect(res.body.title).toBe('Glass Sphere.final')
    expect(res.body.tags).toEqual(['glass', 'sphere'])
    // Its thumbnail is the picture scaled down: the preview can stand in for it.
    expect(res.body.thumbnail_uploaded).toBe(false)
  })

  it('uses the optional thumbnail for the thumbnail only', async () => {
    const res = await upload({ title: `Paired ${uid()}` }, [
      { field: 'file', name: 'paired.png', type: 'image/png', data: await png('#ff0000', 64) },
      { field: 'thumbnail', name: 'paired.webp', type: 'image/webp', data: await webp('#0000ff', 64) },
    ])
    expect(res.status).toBe(201)
    // Said to the API and to the cards, which then never offer the preview in its place.
    expect(res.body.thumbnail_uploaded).toBe(true)
    await t.services.jobs.runDue()
    const row = await t.db.selectFrom('assets').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow()
    const read = async (key: string) => {
      const file = await t.storage.get(key)
      const chunks: Buffer[] = []
      for await (const chunk of file!.stream) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks)
    }
    const [tr, , tb] = await centrePixel(await read(row.thumb_png_key!))
    const [pr, , pb] = await centrePixel(await read(row.preview_png_key!))
    expect(tb).toBeGreaterThan(200) // blue: from the WebP
    expect(tr).toBeLessThan(50)
    expect(pr).toBeGreaterThan(200) // red: from the PNG
    expect(pb).toBeLessThan(50)
  })

  it('refuses a file over 10MB with 413 and leaves nothing behind', async () => {
    const before = storedFiles(t.storageDir)
    const count = await t.db
      .selectFrom('assets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const big = Buffer.alloc(UPLOAD_LIMIT_BYTES + 1, 1)
    const res = await upload({ title: 'Too big' }, [{ field: 'file', name: 'huge.png', type: 'image/png', data: big }])
    expect(res.status).toBe(413)
    expect(res.body.error).toBe('huge.png is larger than 10MB: each file can be up to 10MB.')
    expect(storedFiles(t.storageDir)).toEqual(before)
    const after = await t.db
      .selectFrom('assets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(count.n))
  })

  it('accepts a file of exactly 10MB as far as the size goes (then checks it is an image)', async () => {
    const res = await upload({}, [
      { field: 'file', name: 'exact.png', type: 'image/png', data: Buffer.alloc(UPLOAD_LIMIT_BYTES, 1) },
    ])
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('The file is not an image we can read.')
  })

  it('refuses a file that is not an image, and leaves no row and no file', async () => {
    const before = storedFiles(t.storageDir)
    const title = `Not An Image ${uid()}`
    const res = await upload({ title }, [
      { field: 'file', name: 'notes.png', type: 'image/png', data: 'just some text, not pixels' },
    ])
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'The file is not an image we can read.', reason: 'not-an-image' })
    expect(await t.db.selectFrom('assets').select('id').where('title', '=', title).execute()).toEqual([])
    expect(storedFiles(t.storageDir)).toEqual(before)
  })

  it('refuses a thumbnail that is not an image', async () => {
    const res = await upload({}, [
      { field: 'file', name: 'a.png', type: 'image/png', data: await png() },
      { field: 'thumbnail', name: 'a.webp', type: 'image/webp', data: 'nope' },
    ])
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('The thumbnail is not an image we can read.')
  })

  it.each([
    ['no file', {}, [], 400, 'Choose an image to upload (field "file").'],
    ['bad asset_type', { asset_type: 'video' }, 'file', 400, 'asset_type is one of 3d, image, audio.'],
    ['three files', {}, 'three', 413, 'Send one file and at most one thumbnail.'],
  ] as const)('answers 4xx JSON for %s', async (_name, fields, files, status, error) => {
    const image = await png()
    const parts =
      files === 'file'
        ? [{ field: 'file', name: 'a.png', type: 'image/png', data: image }]
        : files === 'three'
          ? [0, 1, 2].map((i) => ({ field: 'file', name: `${i}.png`, type: 'image/png', data: image }))
          : []
    const res = await upload(fields, parts)
    expect(res.status).toBe(status)
    expect(res.body.error).toBe(error)
  })

  it('answers 400 for a body that is not multipart', async () => {
    const res = await call(assetsAction, '/api/admin/assets', {
      method: 'POST',
      json: { title: 'x' },
      headers: bearer(adminToken),
    })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('Send the upload as multipart/form-data.')
  })
})

describe('a failed upload leaves nothing behind', () => {
  /** Storage that fails on the n-th write. */
  function failingStorage(base: Storage, failOn: number): Storage {
    let writes = 0
    return {
      ...base,
      async put(key, data) {
        writes += 1
        if (writes === failOn) throw new Error('disk full')
        return base.put(key, data)
      },
    }
  }

  it('when storage fails part way, the files already written are removed and no row exists', async () => {
    const before = storedFiles(t.storageDir)
    const title = `Storage Fails ${uid()}`
    // The upload writes the original and the paired thumbnail: the second write fails.
    await expect(
      uploadAsset(t.db, failingStorage(t.storage, 2), t.services.jobs, adminId, {
        original: await png(),
        thumbnail: await webp(),
        filename: 'x.png',
        title,
      }),
    ).rejects.toThrow('disk full')
    expect(storedFiles(t.storageDir)).toEqual(before)
    expect(await t.db.selectFrom('assets').select('id').where('title', '=', title).execute()).toEqual([])
  })

  it('when the row cannot be written, every file is removed', async () => {
    const before = storedFiles(t.storageDir)
    const title = `Row Fails ${uid()}`
    // An asset type the table refuses: the insert fails after all five files are written.
    await expect(
      createAsset(t.db, t.storage, {
        original: await png(),
        originalFilename: 'x.png',
        title,
        assetType: 'video' as never,
        actorId: adminId,
      }),
    ).rejects.toThrow()
    expect(storedFiles(t.storageDir)).toEqual(before)
    expect(await t.db.selectFrom('assets').select('id').where('title', '=', title).execute()).toEqual([])
  })
})

describe('GET /api/admin/assets', () => {
  const category = `Admin List ${uid()}`
  beforeAll(async () => {
    for (let i = 0; i < 3; i++)
      await makeAsset(t.db, t.storage, {
        title: `Listed ${category} ${i}`,
        category,
        isActive: i !== 1,
        tags: ['listed', `n${i}`],
        size: 32,
      })
  }, 60_000)

  const list = (query: string) => call(assetsApi, `/api/admin/assets?${query}`, { headers: bearer(adminToken) })

  it('lists drafts and published assets, newest first, with search, status and paging', async () => {
    const all = await list(`q=${encodeURIComponent(category)}`)
    expect(all.status).toBe(200)
    expect(all.body.total).toBe(3)
    expect(all.body.assets.map((a: { title: string }) => a.title)).toEqual(
      [2, 1, 0].map((i) => `Listed ${category} ${i}`),
    )
    expect(all.body.assets[1].is_active).toBe(false)
    const pending = await list(`q=${encodeURIComponent(category)}&status=pending`)
    expect(pending.body.assets.map((a: { title: string }) => a.title)).toEqual([`Listed ${category} 1`])
    const paged = await list(`q=${encodeURIComponent(category)}&limit=2&page=2`)
    expect(paged.body).toMatchObject({ total: 3, page: 2, limit: 2, pageCount: 2 })
    expect(paged.body.assets).toHaveLength(1)
    const byTag = await list('q=n1&status=pending')
    expect(byTag.body.assets.some((a: { title: string }) => a.title === `Listed ${category} 1`)).toBe(true)
  })

  it.each([
    ['status=hidden', 'status is one of all, published, pending, scheduled.'],
    ['page=0', 'page is a whole number from 1.'],
    ['limit=500', 'limit is a whole number from 1 to 200.'],
  ])('answers 400 for %s', async (query, error) => {
    const res = await list(query)
    expect(res.status).toBe(400)
    expect(res.body.error).toBe(error)
  })
})

describe('PUT, DELETE and publish of /api/admin/assets/{id}', () => {
  const put = (id: number | string, json: unknown) =>
    call(
      assetAction,
      `/api/admin/assets/${id}`,
      { method: 'PUT', json, headers: bearer(adminToken) },
      { id: String(id) },
    )
  const publish = (id: number | string, init: RequestInit & { json?: unknown } = {}) =>
    call(
      publishAction,
      `/api/admin/assets/${id}/publish`,
      { method: 'POST', ...init, headers: bearer(adminToken) },
      { id: String(id) },
    )

  it('PUT edits title, description, tags (any shape), category and is_active, and audits it', async () => {
    const asset = await makeAsset(t.db, t.storage, { isActive: false, size: 32 })
    const res = await put(asset.id, {
      title: '  Renamed  ',
      description: 'New words',
      tags: '"Alpha", [Beta]',
      category: 'Props',
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: asset.id,
      title: 'Renamed',
      description: 'New words',
      tags: ['alpha', 'beta'],
      category: 'Props',
      is_active: false,
    })
    const published = await put(asset.id, { is_active: true, tags: ['Gamma'] })
    expect(published.body).toMatchObject({ is_active: true, tags: ['gamma'], title: 'Renamed' })
    expect(published.body.published_at).not.toBeNull()
    expect((await auditRows(asset.id)).map((r) => r.action)).toEqual(['asset.update', 'asset.update', 'asset.publish'])
  })

  it('PUT answers 400 for bad input and 404 for a missing asset', async () => {
    const asset = await makeAsset(t.db, t.storage, { size: 32 })
    expect((await put(asset.id, { title: '   ' })).body.error).toBe('Enter a title.')
    expect((await put(asset.id, {})).status).toBe(400)
    // zod's own wording names the field it is about.
    expect(await put(asset.id, { is_active: 'maybe' })).toEqual({
      status: 400,
      body: { error: 'is_active: Invalid input: expected true or false' },
    })
    // Ids are canonical decimals: anything else names no asset.
    for (const id of ['abc', '0x10', '00000001', '1e0']) expect((await put(id, { title: 'x' })).status).toBe(404)
    expect((await put(999_999_999, { title: 'x' })).status).toBe(404)
    const notJson = await call(
      assetAction,
      `/api/admin/assets/${asset.id}`,
      { method: 'PUT', body: '{oops', headers: { ...bearer(adminToken), 'content-type': 'application/json' } },
      { id: String(asset.id) },
    )
    expect(notJson.status).toBe(400)
  })

  it('publish sets is_active true by default and false with {is_active:false}; 404 when missing', async () => {
    const asset = await makeAsset(t.db, t.storage, { isActive: false, size: 32 })
    const on = await publish(asset.id)
    expect(on).toEqual({ status: 200, body: { id: asset.id, is_active: true } })
    const off = await publish(asset.id, { json: { is_active: false } })
    expect(off.body).toEqual({ id: asset.id, is_active: false })
    const row = await t.db
      .selectFrom('assets')
      .select(['is_active', 'published_at'])
      .where('id', '=', asset.id)
      .executeTakeFirstOrThrow()
    expect(row.is_active).toBe(false)
    expect(row.published_at).not.toBeNull() // first publication is kept
    expect((await auditRows(asset.id)).map((r) => r.action)).toEqual(['asset.publish', 'asset.unpublish'])
    expect((await publish(999_999_999)).status).toBe(404)
    expect((await publish(asset.id, { json: { is_active: 'yes' } })).status).toBe(400)
    // This call publishes at once: a field it does not take (a schedule meant) changes nothing.
    const draft = await makeAsset(t.db, t.storage, { isActive: false, size: 32 })
    expect(await publish(draft.id, { json: { publish_at: '2030-01-01T10:00:00Z' } })).toEqual({
      status: 400,
      body: { error: 'Unknown field: publish_at.' },
    })
    const still = await t.db
      .selectFrom('assets')
      .select('is_active')
      .where('id', '=', draft.id)
      .executeTakeFirstOrThrow()
    expect(still.is_active).toBe(false)
  })

  it('publish reads a body of no bytes as none, whatever its headers; bytes without a type are refused', async () => {
    const send = (id: number, body: BodyInit, headers: Record<string, string>) =>
      call(
        publishAction,
        `/api/admin/assets/${id}/publish`,
        { method: 'POST', body, headers: { ...bearer(adminToken), ...headers }, duplex: 'half' } as RequestInit,
        { id: String(id) },
      )
    // A chunked body that ends at once (no Content-Length), sent as JSON by a client library.
    const empty = () => new ReadableStream({ start: (controller) => controller.close() })
    const chunked = await makeAsset(t.db, t.storage, { isActive: false, size: 32 })
    expect(await send(chunked.id, empty(), { 'content-type': 'application/json' })).toEqual({
      status: 200,
      body: { id: chunked.id, is_active: true },
    })
    const typed = await makeAsset(t.db, t.storage, { isActive: false, size: 32 })
    expect((await send(typed.id, '', { 'content-type': 'application/json' })).body).toEqual({
      id: typed.id,
      is_active: true,
    })
    const untyped = await makeAsset(t.db, t.storage, { isActive: false, size: 32 })
    expect(await send(untyped.id, 'is_active=false', {})).toEqual({
      status: 415,
      body: { error: 'Send a JSON body (Content-Type: application/json).' },
    })
    const row = await t.db
      .selectFrom('assets')
      .select('is_active')
      .where('id', '=', untyped.id)
      .executeTakeFirstOrThrow()
    expect(row.is_active).toBe(false)
  })

  it('DELETE removes the row and every file of the asset', async () => {
    const asset = await makeAsset(t.db, t.storage, { size: 32 })
    const keys = [
      asset.original_key,
      asset.thumb_key,
      asset.thumb_png_key,
      asset.preview_key,
      asset.preview_png_key,
    ] as string[]
    for (const key of keys) expect(await t.storage.exists(key)).toBe(true)
    const res = await call(
      assetAction,
      `/api/admin/assets/${asset.id}`,
      { method: 'DELETE', headers: bearer(adminToken) },
      { id: String(asset.id) },
    )
    expect(res).toEqual({ status: 200, body: { ok: true, id: asset.id } })
    for (const key of keys) expect(await t.storage.exists(key)).toBe(false)
    expect(await t.db.selectFrom('assets').select('id').where('id', '=', asset.id).execute()).toEqual([])
    const audit = await auditRows(asset.id)
    expect(audit.map((r) => [r.action, r.actor_id])).toEqual([['asset.delete', adminId]])
    const again = await call(
      assetAction,
      `/api/admin/assets/${asset.id}`,
      { method: 'DELETE', headers: bearer(adminToken) },
      { id: String(asset.id) },
    )
    expect(again.status).toBe(404)
  })

  it('deleteAssets removes several assets and their files at once', async () => {
    const assets = await Promise.all([0, 1].map(() => makeAsset(t.db, t.storage, { size: 32 })))
    expect(
      await deleteAssets(
        t.db,
        t.storage,
        assets.map((a) => a.id),
        adminId,
      ),
    ).toBe(2)
    for (const asset of assets) expect(await t.storage.exists(asset.original_key)).toBe(false)
  })

  it('GET /api/admin/assets/{id} shows a draft', async () => {
    const asset = await makeAsset(t.db, t.storage, { isActive: false, size: 32 })
    const res = await call(
      assetApi,
      `/api/admin/assets/${asset.id}`,
      { headers: bearer(adminToken) },
      { id: String(asset.id) },
    )
    expect(res.body).toMatchObject({ id: asset.id, is_active: false })
  })
})

describe('GET /api/admin/users', () => {
  it('lists users with counts, search and paging', async () => {
    const marker = uid()
    await makeUser(t.db, { email: `pro-${marker}@example.com`, fullName: `Pro ${marker}`, plan: 'pro' })
    await makeUser(t.db, { email: `free-${marker}@example.com`, fullName: `Free ${marker}` })
    const res = await call(usersApi, `/api/admin/users?q=${marker}`, { headers: bearer(adminToken) })
    expect(res.status).toBe(200)
    expect(res.body.total).toBe(2)
    expect(res.body.users.map((u: { subscription_status: string }) => u.subscription_status).sort()).toEqual([
      'free',
      'pro',
    ])
    expect(res.body.users[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        email: expect.stringContaining(marker),
        full_name: expect.any(String),
        created_at: expect.any(String),
        downloads_today: 0,
      }),
    )
    expect(res.body.users[0]).not.toHaveProperty('password_hash')
    const { total, free, pro } = res.body.counts
    expect(total).toBe(free + pro)
    expect(pro).toBeGreaterThanOrEqual(1)
    const paged = await call(usersApi, `/api/admin/users?q=${marker}&limit=1&page=2`, { headers: bearer(adminToken) })
    expect(paged.body).toMatchObject({ total: 2, page: 2, pageCount: 2 })
    expect(paged.body.users).toHaveLength(1)
    expect((await call(usersApi, '/api/admin/users?page=-1', { headers: bearer(adminToken) })).status).toBe(400)
  })
})

describe('GET /api/admin/status', () => {
  afterEach(() => resetRequestMetrics())

  it('measures the database, storage, response time and error rate', async () => {
    resetRequestMetrics()
    for (let i = 0; i < 100; i++) recordRequest({ durationMs: 10 + (i % 10), status: 200 })
    const res = await call(statusApi, '/api/admin/status', { headers: bearer(adminToken) })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      serverHealth: 'OK',
      database: 'OK',
      storage: 'OK',
      apiResponseTime: '19 ms',
      errorRate: '0%',
    })
    expect(res.body.details).toMatchObject({
      storageWritable: true,
      requestCount: 100,
      apiResponseTimeOk: true,
      errorRateOk: true,
    })
    expect(res.body.details.storageFreeBytes).toBeGreaterThan(0)
  })

  it('turns the measured cards and the server health red over the thresholds', async () => {
    resetRequestMetrics()
    for (let i = 0; i < 90; i++) recordRequest({ durationMs: 900, status: 200 })
    for (let i = 0; i < 10; i++) recordRequest({ durationMs: 900, status: 503 })
    const res = await call(statusApi, '/api/admin/status', { headers: bearer(adminToken) })
    expect(res.body).toMatchObject({ serverHealth: 'Degraded', apiResponseTime: '900 ms', errorRate: '10.0%' })
    expect(res.body.details).toMatchObject({
      apiResponseTimeOk: false,
      errorRateOk: false,
      p95ThresholdMs: 500,
      errorRateThresholdPercent: 1,
    })
  })

  it('says when storage cannot be written', async () => {
    const context = new RouterContextProvider()
    const storage: Storage = { ...t.storage, check: async () => ({ writable: false, freeBytes: null }) }
    context.set(servicesContext, { ...t.services, storage })
    const res = (await callRoute(statusApi, {
      request: makeRequest('/api/admin/status', { headers: bearer(adminToken) }),
      context,
    })) as Response
    const body = await res.json()
    expect(body.storage).toBe('Not writable')
    expect(body.serverHealth).toBe('Degraded')
  })

  it('warns when storage is nearly full', async () => {
    const context = new RouterContextProvider()
    const storage: Storage = { ...t.storage, check: async () => ({ writable: true, freeBytes: 100 * 1024 * 1024 }) }
    context.set(servicesContext, { ...t.services, storage })
    const res = (await callRoute(statusApi, {
      request: makeRequest('/api/admin/status', { headers: bearer(adminToken) }),
      context,
    })) as Response
    expect((await res.json()).storage).toBe('Low space: 100 MB free')
  })
})

describe('GET /api/admin/analytics', () => {
  it('counts users, assets, downloads today and revenue from payments, with 30 days and the top 10 by dated downloads', async () => {
    const first = await call(analyticsApi, '/api/admin/analytics', { headers: bearer(adminToken) })
    expect(first.status).toBe(200)
    const buyer = await makeUser(t.db)
    const asset = await makeAsset(t.db, t.storage, { downloadCount: 1_000_000, size: 32 })
    await t.db
      .insertInto('payments')
      .values([
        { user_id: buyer.id, description: 'Pro plan', amount_cents: 900 },
        { user_id: buyer.id, description: 'Pro plan', amount_cents: 950 },
      ])
      .execute()
    await t.db.insertInto('downloads').values({ user_id: buyer.id, asset_id: asset.id, day: utcDay() }).execute()
    const { body } = await call(analyticsApi, '/api/admin/analytics', { headers: bearer(adminToken) })
    // Other test files share the database: compare with the figures before.
    expect(body.users).toBeGreaterThanOrEqual(first.body.users + 1)
    expect(body.assets).toBeGreaterThanOrEqual(first.body.assets + 1)
    expect(body.downloads).toBeGreaterThanOrEqual(first.body.downloads + 1)
    expect(body.revenue).toBeCloseTo(first.body.revenue + 18.5, 2)
    expect(body.daily).toHaveLength(30)
    expect(body.daily[29].day).toBe(utcDay())
    expect(body.daily[29].downloads).toBeGreaterThanOrEqual(1)
    expect(body.daily[29].signups).toBeGreaterThanOrEqual(1)
    expect(body.topAssets.length).toBeLessThanOrEqual(10)
    // Downloads are the dated rows (decision 91), not a counter set without dates.
    expect(body.totalDownloads).toBeGreaterThanOrEqual(first.body.totalDownloads + 1)
    expect(body.topAssets.find((a: { id: number }) => a.id === asset.id)?.downloads ?? 1).toBe(1)
    const counts = body.topAssets.map((a: { downloads: number }) => a.downloads)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
  })
})
