import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '#db/seed/factories'
import { createPost } from '~/domain/blog.server'
import { createSession } from '~/domain/sessions.server'
import { action as downloadApi } from '~/routes/api/assets-download'
import { loader as historyApi } from '~/routes/api/assets-downloads-history'
import { action as addFavouriteApi, loader as favouritesApi } from '~/routes/api/users-favorites'
import { action as removeFavouriteApi } from '~/routes/api/users-favorites-id'
import { loader as openapi } from '~/routes/api/openapi'
import { loader as assetsApi } from '~/routes/api/assets'
import { loader as tagsApi } from '~/routes/api/assets-tags'
import { action as loginApi } from '~/routes/api/auth-login'
import { loader as meApi } from '~/routes/api/auth-me'
import { loader as blogsApi } from '~/routes/api/blogs'
import { loader as blogApi } from '~/routes/api/blogs-slug'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

type Json = Record<string, any>

// The calls the /api page documents (spec section 7, the ones a third party may use).
const DOCUMENTED = [
  ['get', '/api/assets'],
  ['get', '/api/assets/tags'],
  ['get', '/api/blogs'],
  ['get', '/api/blogs/{slug}'],
  ['post', '/api/auth/login'],
  ['get', '/api/auth/me'],
  ['post', '/api/auth/register'],
  ['post', '/api/auth/logout'],
  ['post', '/api/auth/forgot-password'],
  ['post', '/api/auth/reset-password'],
  ['post', '/api/assets/download/{id}'],
  ['get', '/api/assets/downloads/history'],
  ['get', '/api/users/favorites'],
  ['post', '/api/users/favorites'],
  ['delete', '/api/users/favorites/{id}'],
  ['get', '/api/auth/billing/history'],
] as const

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, found))
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') found.push(v)
      else refsIn(v, found)
    }
  }
  return found
}

describe('GET /api/openapi.json', () => {
  let t: TestContext
  let res: Response
  let doc: Json
  let assetId: number
  const category = `OpenAPI ${randomUUID().slice(0, 8)}`

  beforeAll(async () => {
    t = await createTestContext()
    assetId = (await makeAsset(t.db, t.storage, { title: 'OpenAPI Teapot', tags: 'kitchen, teapot', category })).id
    res = (await callRoute(openapi, { request: makeRequest('/api/openapi.json'), context: t.routerContext() })) as Response
    doc = JSON.parse(await res.text())
  }, 60_000)
  afterAll(() => t.close())

  it('is an OpenAPI 3.1 JSON document, cached for an hour', () => {
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(doc.info.title).toBeTruthy()
    expect(doc.info.version).toBeTruthy()
    expect(doc.servers[0].url).toMatch(/^https?:\/\//)
  })

  it('has every documented call, and only those', () => {
    for (const [method, path] of DOCUMENTED) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined()
    const listed = Object.entries(doc.paths as Json).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
    expect(listed.sort()).toEqual(DOCUMENTED.map(([m, p]) => `${m} ${p}`).sort())
    // Admin calls are not part of the public API.
    expect(listed.some((l) => l.includes('/admin/'))).toBe(false)
  })

  it('has schemas for Asset, Tag and the error, and every $ref resolves', () => {
    const schemas = doc.components.schemas
    for (const name of ['Asset', 'Tag', 'Error']) expect(schemas[name], name).toBeDefined()
    expect(schemas.Error.required).toEqual(['error'])
    for (const ref of refsIn(doc)) {
      const name = ref.replace('#/components/schemas/', '')
      expect(ref.startsWith('#/components/schemas/') && schemas[name], ref).toBeTruthy()
    }
  })

  it('describes every operation completely', () => {
    const ids = new Set<string>()
    for (const [path, ops] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(ops as Json)) {
        const where = `${method} ${path}`
        expect(op.operationId, where).toBeTruthy()
        expect(ids.has(op.operationId), `duplicate ${op.operationId}`).toBe(false)
        ids.add(op.operationId)
        expect(Object.keys(op.responses).some((status) => status.startsWith('2')), where).toBe(true)
        for (const [status, response] of Object.entries(op.responses as Json)) {
          expect(response.description, `${where} ${status}`).toBeTruthy()
          expect(response.content['application/json'].schema, `${where} ${status}`).toBeDefined()
          // Errors all have the one documented shape.
          if (Number(status) >= 400) expect(response.content['application/json'].schema.$ref).toBe('#/components/schemas/Error')
        }
        // Every {placeholder} of the path is a documented path parameter.
        for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
          expect(op.parameters?.some((p: Json) => p.in === 'path' && p.name === name && p.required), `${where} {${name}}`).toBe(true)
        }
        // Calls that act for an account say so; public ones say they need nothing.
        expect(Array.isArray(op.security), where).toBe(true)
      }
    }
    expect(doc.paths['/api/auth/me'].get.security).toEqual([{ bearerAuth: [] }])
    expect(doc.paths['/api/assets'].get.security).toEqual([])
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
  })

  it('documents the query of GET /api/assets with limit at most 100', () => {
    const params = doc.paths['/api/assets'].get.parameters as Json[]
    expect(params.map((p) => p.name).sort()).toEqual(['asset_type', 'category', 'color', 'limit', 'orientation', 'page', 'search', 'sort', 'tags', 'transparent'])
    expect(params.find((p) => p.name === 'limit')!.schema.maximum).toBe(100)
    expect(params.find((p) => p.name === 'sort')!.schema.enum).toEqual(['relevance', 'newest', 'downloads', 'alphabetical'])
    expect(params.find((p) => p.name === 'asset_type')!.schema.enum).toEqual(['3d', 'image', 'audio'])
    expect(doc.paths['/api/assets/download/{id}'].post.responses['403'].content['application/json'].example).toEqual({ error: 'Download quota exceeded' })
  })

  // The document must describe what the routes really answer, not what we remember of them.
  it('matches the real answers of GET /api/assets and GET /api/assets/tags', async () => {
    const schemas = doc.components.schemas
    const page = await ((await callRoute(assetsApi, { request: makeRequest(`/api/assets?category=${encodeURIComponent(category)}`), context: t.routerContext() })) as Response).json()
    expect(Object.keys(page).sort()).toEqual(Object.keys(schemas.AssetPage.properties).sort())
    expect(page.assets).toHaveLength(1)
    expect(Object.keys(page.assets[0]).sort()).toEqual(Object.keys(schemas.Asset.properties).sort())
    expect(Object.keys(page.assets[0].preview_urls).sort()).toEqual(Object.keys(schemas.Asset.properties.preview_urls.properties).sort())
    // The documented example has the same fields as a real asset.
    const example = doc.paths['/api/assets'].get.responses['200'].content['application/json'].example
    expect(Object.keys(example).sort()).toEqual(Object.keys(page).sort())
    expect(Object.keys(example.assets[0]).sort()).toEqual(Object.keys(page.assets[0]).sort())

    const tags = await ((await callRoute(tagsApi, { request: makeRequest('/api/assets/tags'), context: t.routerContext() })) as Response).json()
    expect(tags.tags.length).toBeGreaterThan(0)
    expect(Object.keys(tags.tags[0]).sort()).toEqual(Object.keys(schemas.Tag.properties).sort())
  })

  it('matches the real answers of login, the current user and the blog', async () => {
    const schemas = doc.components.schemas
    const keys = (o: object) => Object.keys(o).sort()
    const user = await makeUser(t.db)
    // An IP of its own, so other tests' sign-ins never rate-limit this one.
    const context = t.routerContext(`10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`)
    const login = (await callRoute(loginApi, { request: makeRequest('/api/auth/login', { json: { email: user.email, password: user.password } }), context })) as Response
    expect(login.status).toBe(200)
    const signedIn = await login.json()
    expect(keys(signedIn)).toEqual(keys(doc.paths['/api/auth/login'].post.responses['200'].content['application/json'].schema.properties))

    const me = await ((await callRoute(meApi, { request: makeRequest('/api/auth/me', { headers: { authorization: `Bearer ${signedIn.token}` } }), context })) as Response).json()
    expect(keys(me.user)).toEqual(keys(schemas.User.properties))

    const post = await createPost(t.db, { title: `OpenAPI post ${randomUUID().slice(0, 8)}`, excerpt: 'E', image: '/blog/x.svg', date: 'May 1, 2025', readTime: '1 min read', category: 'News', content: '<p>Hi</p>' }, { id: null, name: 'The Artist' })
    const list = await ((await callRoute(blogsApi, { request: makeRequest('/api/blogs'), context })) as Response).json()
    expect(Array.isArray(list)).toBe(true)
    expect(keys(list[0])).toEqual(keys(schemas.BlogPost.properties))
    const one = (await callRoute(blogApi, { request: makeRequest(`/api/blogs/${post.slug}`), params: { slug: post.slug }, context })) as Response
    expect(keys(await one.json())).toEqual(keys(schemas.BlogPost.properties))
    const missing = (await callRoute(blogApi, { request: makeRequest('/api/blogs/no-such-post'), params: { slug: 'no-such-post' }, context })) as Response
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual(doc.paths['/api/blogs/{slug}'].get.responses['404'].content['application/json'].example)
  })

  it('matches the real answers of downloads and favourites', async () => {
    const keys = (o: object) => Object.keys(o).sort()
    const documented = (method: string, path: string, status: string) => doc.paths[path][method].responses[status].content['application/json']
    const { token } = await createSession(t.db, (await makeUser(t.db)).id)
    const bearer = { authorization: `Bearer ${token}` }
    const call = async (fn: (args: never) => unknown, url: string, init: Parameters<typeof makeRequest>[1] = {}, params: Record<string, string> = {}) => {
      const res = (await callRoute(fn, { request: makeRequest(url, { ...init, headers: bearer }), params, context: t.routerContext() })) as Response
      return { status: res.status, body: await res.json() }
    }

    const download = await call(downloadApi, `/api/assets/download/${assetId}`, { method: 'POST' }, { id: String(assetId) })
    expect(download.status).toBe(200)
    expect(keys(download.body)).toEqual(keys(documented('post', '/api/assets/download/{id}', '200').schema.properties))
    const history = await call(historyApi, '/api/assets/downloads/history')
    expect(keys(history.body.history[0])).toEqual(keys(doc.components.schemas.DownloadHistoryItem.properties))

    const added = await call(addFavouriteApi, '/api/users/favorites', { json: { asset_id: assetId } })
    expect(added.status).toBe(201)
    expect(keys(added.body)).toEqual(keys(documented('post', '/api/users/favorites', '201').example))
    const list = await call(favouritesApi, '/api/users/favorites')
    expect(keys(list.body)).toEqual(keys(documented('get', '/api/users/favorites', '200').schema.properties))
    expect(keys(list.body.favorites[0])).toEqual(keys(doc.components.schemas.Asset.properties))
    const removed = await call(removeFavouriteApi, `/api/users/favorites/${assetId}`, { method: 'DELETE' }, { id: String(assetId) })
    expect(removed.body).toEqual({ ...documented('delete', '/api/users/favorites/{id}', '200').example, asset_id: assetId })
    const again = await call(removeFavouriteApi, `/api/users/favorites/${assetId}`, { method: 'DELETE' }, { id: String(assetId) })
    expect(again.status).toBe(404)
    expect(again.body).toEqual(documented('delete', '/api/users/favorites/{id}', '404').example)
  })
})
