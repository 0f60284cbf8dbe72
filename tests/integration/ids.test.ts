import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import { bearer, cookie } from '../support/admin'
import type { Asset } from '#db/schema'
import { createSession } from '~/domain/accounts/sessions.server'
import { createPost } from '~/domain/blog/blog.server'
import { loader as assetPage } from '~/routes/asset'
import { action as webDownload } from '~/routes/asset-download'
import { action as apiDownload } from '~/routes/api/assets-download'
import { action as favouritesForm } from '~/routes/favorites'
import { action as apiAddFavourite } from '~/routes/api/users-favorites'
import { action as apiRemoveFavourite } from '~/routes/api/users-favorites-id'
import { action as adminAssetAction, loader as adminAssetLoader } from '~/routes/api/admin/assets-id'
import { action as adminPublish } from '~/routes/api/admin/assets-id-publish'
import { action as adminBlogAction, loader as adminBlogLoader } from '~/routes/api/admin/blogs-id'
import { action as blogFormAction, loader as blogFormLoader } from '~/routes/admin/blog-form'
import { action as adminAssetsPage } from '~/routes/admin/assets'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

// Every door an id comes in by reads it with the one parser: a number spelled any other way
// is refused (404 in a path, 400 in a form or JSON field), even when it would name a real thing.

const SPELLINGS = ['0x10', '1e1', ' 1', '01', '-1', '1.0']

/** The refused spellings, plus the same spellings of a real id (each of which a loose parser reads as that id). */
const badIds = (id: number) => [
  ...SPELLINGS,
  `0x${id.toString(16)}`,
  `${id}e0`,
  ` ${id}`,
  `${id} `,
  `0${id}`,
  `${id}.0`,
  `+${id}`,
]

const post = {
  title: 'Ids',
  content: '<p>Body</p>',
  excerpt: 'Short.',
  date: 'March 12, 2026',
  category: 'Tutorials',
  readTime: '3 min read',
  image: '/blog/cover.svg',
}

let t: TestContext
let asset: Asset
let postId: number
let userId: string
let userToken: string
let adminToken: string

beforeAll(async () => {
  t = await createTestContext()
  asset = await makeAsset(t.db, t.storage, { title: 'Id Asset' })
  const user = await makeUser(t.db)
  const admin = await makeUser(t.db, { role: 'admin' })
  userId = user.id
  userToken = (await createSession(t.db, user.id)).token
  adminToken = (await createSession(t.db, admin.id)).token
  postId = (await createPost(t.db, post, { id: admin.id, name: 'Ada Admin' })).id
})
afterAll(() => t.close())

type Handler = (args: never) => unknown

/** The status of an answer, returned or thrown: a Response, or React Router's data(). */
function statusOf(answer: unknown): number {
  if (answer instanceof Response) return answer.status
  const value = answer && typeof answer === 'object' && 'thrown' in answer ? answer.thrown : answer
  if (value instanceof Response) return value.status
  if (value && typeof value === 'object' && 'init' in value)
    return (value as { init?: { status?: number } }).init?.status ?? 200
  return 200
}

async function call(fn: Handler, url: string, init: Parameters<typeof makeRequest>[1] = {}, params = {}) {
  return callRoute(fn, { request: makeRequest(url, init), params, context: t.routerContext() })
}

describe('an id in the path that does not parse is a 404', () => {
  // [door, call with the id]
  const doors: [string, (id: string) => Promise<unknown>][] = [
    ['GET /assets/{id}', (id) => call(assetPage, `/assets/${encodeURIComponent(id)}`, {}, { id })],
    [
      'POST /assets/{id}/download',
      (id) =>
        call(
          webDownload,
          `/assets/${encodeURIComponent(id)}/download`,
          { method: 'POST', headers: cookie(userToken) },
          { id },
        ),
    ],
    [
      'POST /api/assets/download/{id}',
      (id) =>
        call(
          apiDownload,
          `/api/assets/download/${encodeURIComponent(id)}`,
          { method: 'POST', headers: bearer(userToken) },
          { id },
        ),
    ],
    [
      'DELETE /api/users/favorites/{id}',
      (id) =>
        call(
          apiRemoveFavourite,
          `/api/users/favorites/${encodeURIComponent(id)}`,
          { method: 'DELETE', headers: bearer(userToken) },
          { id },
        ),
    ],
    [
      'GET /api/admin/assets/{id}',
      (id) =>
        call(adminAssetLoader, `/api/admin/assets/${encodeURIComponent(id)}`, { headers: bearer(adminToken) }, { id }),
    ],
    [
      'PUT /api/admin/assets/{id}',
      (id) =>
        call(
          adminAssetAction,
          `/api/admin/assets/${encodeURIComponent(id)}`,
          { method: 'PUT', json: { title: 'Renamed' }, headers: bearer(adminToken) },
          { id },
        ),
    ],
    [
      'DELETE /api/admin/assets/{id}',
      (id) =>
        call(
          adminAssetAction,
          `/api/admin/assets/${encodeURIComponent(id)}`,
          { method: 'DELETE', headers: bearer(adminToken) },
          { id },
        ),
    ],
    [
      'POST /api/admin/assets/{id}/publish',
      (id) =>
        call(
          adminPublish,
          `/api/admin/assets/${encodeURIComponent(id)}/publish`,
          { method: 'POST', json: { is_active: false }, headers: bearer(adminToken) },
          { id },
        ),
    ],
  ]

  for (const [door, send] of doors)
    it(door, async () => {
      for (const id of badIds(asset.id))
        expect(statusOf(await send(id)), `${door} with ${JSON.stringify(id)}`).toBe(404)
    })

  it('GET and PUT /api/admin/blogs/{id}, and the admin blog form', async () => {
    const admin = { headers: bearer(adminToken) }
    for (const id of badIds(postId)) {
      const path = `/api/admin/blogs/${encodeURIComponent(id)}`
      expect(statusOf(await call(adminBlogLoader, path, admin, { id })), id).toBe(404)
      expect(statusOf(await call(adminBlogAction, path, { ...admin, method: 'PUT', json: post }, { id })), id).toBe(404)
      const form = `/admin/blog/edit/${encodeURIComponent(id)}`
      expect(statusOf(await call(blogFormLoader, form, { headers: cookie(adminToken) }, { id })), id).toBe(404)
      expect(statusOf(await call(blogFormAction, form, { headers: cookie(adminToken), form: post }, { id })), id).toBe(
        404,
      )
    }
  })

  it('nothing was changed by the refused calls', async () => {
    const row = await t.db
      .selectFrom('assets')
      .select(['title', 'is_active'])
      .where('id', '=', asset.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ title: 'Id Asset', is_active: true })
    expect(await t.db.selectFrom('downloads').select('id').where('user_id', '=', userId).execute()).toEqual([])
  })
})

describe('an id in a form or JSON field that does not parse is a 400', () => {
  it('the favourites form', async () => {
    for (const id of badIds(asset.id)) {
      const answer = await call(favouritesForm, '/favorites.data', {
        form: { asset_id: id, intent: 'add' },
        headers: cookie(userToken),
      })
      expect(statusOf(answer), id).toBe(400)
      expect((answer as { data: unknown }).data).toEqual({ ok: false, error: 'Choose an asset to favourite.' })
    }
  })

  it('the admin assets page (publish, unpublish, delete, save)', async () => {
    for (const id of badIds(asset.id))
      for (const intent of ['publish', 'unpublish', 'delete', 'update']) {
        const answer = await call(adminAssetsPage, '/admin/assets', {
          form: { intent, id, title: 'Renamed' },
          headers: cookie(adminToken),
        })
        expect(statusOf(answer), `${intent} ${id}`).toBe(400)
      }
  })

  it('POST /api/users/favorites, as JSON and as a form', async () => {
    for (const id of badIds(asset.id))
      for (const body of [{ json: { asset_id: id } }, { form: { asset_id: id } }]) {
        const answer = (await call(apiAddFavourite, '/api/users/favorites', {
          ...body,
          headers: bearer(userToken),
        })) as Response
        expect(answer.status, id).toBe(400)
        expect(await answer.json()).toEqual({ error: 'asset_id must be a whole number from 1.' })
      }
    for (const value of [1.5, -1, 0, null, true]) {
      const answer = (await call(apiAddFavourite, '/api/users/favorites', {
        json: { asset_id: value },
        headers: bearer(userToken),
      })) as Response
      expect(answer.status, String(value)).toBe(400)
    }
    expect(await t.db.selectFrom('favourites').select('asset_id').where('user_id', '=', userId).execute()).toEqual([])
  })
})

describe('an id written plainly works at every door', () => {
  it('the pages and forms', async () => {
    const id = String(asset.id)
    expect(statusOf(await call(assetPage, `/assets/${id}`, {}, { id }))).toBe(200)
    const added = await call(favouritesForm, '/favorites.data', {
      form: { asset_id: id, intent: 'add' },
      headers: cookie(userToken),
    })
    expect(added).toEqual({ ok: true, isFavourite: true })
    const download = await call(
      webDownload,
      `/assets/${id}/download.data`,
      { method: 'POST', headers: cookie(userToken) },
      { id },
    )
    expect(download).toMatchObject({ ok: true })
    expect(
      statusOf(
        await call(
          blogFormLoader,
          `/admin/blog/edit/${postId}`,
          { headers: cookie(adminToken) },
          { id: String(postId) },
        ),
      ),
    ).toBe(200)
  })

  it('the JSON API', async () => {
    const id = String(asset.id)
    const user = { headers: bearer(userToken) }
    const admin = { headers: bearer(adminToken) }
    expect(statusOf(await call(apiDownload, `/api/assets/download/${id}`, { ...user, method: 'POST' }, { id }))).toBe(
      200,
    )
    const removed = (await call(
      apiRemoveFavourite,
      `/api/users/favorites/${id}`,
      { ...user, method: 'DELETE' },
      { id },
    )) as Response
    expect(await removed.json()).toEqual({ ok: true, asset_id: asset.id, isFavourite: false })
    const added = (await call(apiAddFavourite, '/api/users/favorites', { ...user, json: { asset_id: id } })) as Response
    expect(added.status).toBe(201)
    const asNumber = (await call(apiAddFavourite, '/api/users/favorites', {
      ...user,
      json: { asset_id: asset.id },
    })) as Response
    expect(await asNumber.json()).toEqual({ ok: true, asset_id: asset.id, isFavourite: true })
    expect(statusOf(await call(adminAssetLoader, `/api/admin/assets/${id}`, admin, { id }))).toBe(200)
    const published = (await call(
      adminPublish,
      `/api/admin/assets/${id}/publish`,
      { ...admin, method: 'POST' },
      { id },
    )) as Response
    expect(await published.json()).toEqual({ id: asset.id, is_active: true })
    const blog = (await call(adminBlogLoader, `/api/admin/blogs/${postId}`, admin, { id: String(postId) })) as Response
    expect((await blog.json()).id).toBe(postId)
  })
})
