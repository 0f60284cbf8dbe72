import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '~/routes'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import { createPost } from '~/domain/blog/blog.server'
import { createSession } from '~/domain/accounts/sessions.server'
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
import { loader as adminAssetsApi } from '~/routes/api/admin/assets'
import { loader as adminAssetApi } from '~/routes/api/admin/assets-id'
import { loader as adminUsersApi } from '~/routes/api/admin/users'
import { loader as adminAnalyticsApi } from '~/routes/api/admin/analytics'
import { loader as adminStatusApi } from '~/routes/api/admin/status'
import { loader as adminBlogApi } from '~/routes/api/admin/blogs-id'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { adminAndUser, bearer } from '../support/admin'

type Json = Record<string, any>

// Every call the route table (app/routes.ts) sends to a module under app/routes/api, with
// every method the module takes (apiRoute's list on its loader), as `get /api/blogs/{slug}`.
// Admin calls and the ones other services make are part of the document too.
function apiEntries(entries: RouteConfigEntry[], prefix = ''): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, '/') : prefix
    const own = entry.file.startsWith('routes/api/') ? [{ path: here, file: entry.file }] : []
    return [...own, ...apiEntries(entry.children ?? [], here)]
  })
}

async function routeTableCalls(): Promise<string[]> {
  const calls: string[] = []
  for (const { path: routePath, file } of apiEntries(routes)) {
    const module = (await import(/* @vite-ignore */ path.resolve('app', file))) as { loader?: { methods?: string[] } }
    const methods = module.loader?.methods
    expect(Array.isArray(methods), `${file} is built with apiRoute() and lists its methods`).toBe(true)
    const openApiPath = routePath.replace(/:(\w+)/g, '{$1}')
    for (const method of methods!.filter((m) => m !== 'HEAD')) calls.push(`${method.toLowerCase()} ${openApiPath}`)
  }
  return calls.sort()
}

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
    res = (await callRoute(openapi, {
      request: makeRequest('/api/openapi.json'),
      context: t.routerContext(),
    })) as Response
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

  it('documents every call of the route table under /api with each of its methods, and nothing else', async () => {
    const expected = await routeTableCalls()
    // The walk found the calls it should, admin ones included.
    expect(expected.length).toBeGreaterThan(30)
    for (const call of [
      'get /api/assets',
      'put /api/admin/assets/{id}',
      'patch /api/admin/assets/{id}',
      'delete /api/admin/assets/{id}',
      'post /api/admin/upload-image',
      'post /api/stripe/webhook',
    ])
      expect(expected).toContain(call)
    const listed = Object.entries(doc.paths as Json)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
      .sort()
    expect(
      expected.filter((call) => !listed.includes(call)),
      'calls of the route table missing from the document',
    ).toEqual([])
    expect(
      listed.filter((call) => !expected.includes(call)),
      'documented calls the route table does not have',
    ).toEqual([])
  })

  it('marks the admin calls: admin role, 401 for no token, 403 for another account', () => {
    const adminOps = Object.entries(doc.paths as Json).filter(
      ([path]) => path.startsWith('/api/admin/') && path !== '/api/admin/login',
    )
    expect(adminOps.length).toBeGreaterThan(0)
    for (const [path, ops] of adminOps) {
      for (const [method, op] of Object.entries(ops as Json)) {
        const where = `${method} ${path}`
        expect(op.tags, where).toEqual(['Admin'])
        expect(op['x-admin-only'], where).toBe(true)
        expect(op.security, where).toEqual([{ bearerAuth: ['admin'] }, { sessionCookie: ['admin'] }])
        expect(op.responses['401'].content['application/json'].example, where).toEqual({
          error: 'Authentication required',
        })
        expect(op.responses['403'].content['application/json'].example, where).toEqual({
          error: 'Admin access required',
        })
      }
    }
    expect(doc.paths['/api/admin/login'].post.security).toEqual([])
    expect(doc.paths['/api/admin/login'].post.tags).toEqual(['Admin'])
    expect(doc.tags.map((t: Json) => t.name)).toContain('Admin')
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
        expect(
          Object.keys(op.responses).some((status) => status.startsWith('2') || status.startsWith('3')),
          where,
        ).toBe(true)
        for (const [status, response] of Object.entries(op.responses as Json)) {
          expect(response.description, `${where} ${status}`).toBeTruthy()
          // A redirect has no body; a file (a collection's ZIP) its own type; every other answer is JSON with a schema.
          if (status.startsWith('3')) {
            expect(response.headers?.Location, `${where} ${status}`).toBeDefined()
            continue
          }
          if (response.content?.['application/zip']) {
            expect(status, `${where}: only a success is a file`).toBe('200')
            continue
          }
          expect(response.content['application/json'].schema, `${where} ${status}`).toBeDefined()
          // Errors all have the one documented shape.
          if (Number(status) >= 400)
            expect(response.content['application/json'].schema.$ref).toBe('#/components/schemas/Error')
        }
        // Every {placeholder} of the path is a documented path parameter.
        for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
          expect(
            op.parameters?.some((p: Json) => p.in === 'path' && p.name === name && p.required),
            `${where} {${name}}`,
          ).toBe(true)
        }
        // Calls that act for an account say so; public ones say they need nothing.
        expect(Array.isArray(op.security), where).toBe(true)
      }
    }
    expect(doc.paths['/api/auth/me'].get.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }])
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: '__session',
    })
    expect(doc.paths['/api/assets'].get.security).toEqual([])
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
  })

  it('documents the query of GET /api/assets with limit at most 100', () => {
    const params = doc.paths['/api/assets'].get.parameters as Json[]
    expect(params.map((p) => p.name).sort()).toEqual([
      'asset_type',
      'category',
      'color',
      'exact',
      'limit',
      'orientation',
      'page',
      'search',
      'sort',
      'tag_match',
      'tags',
      'transparent',
    ])
    expect(params.find((p) => p.name === 'limit')!.schema.maximum).toBe(100)
    expect(params.find((p) => p.name === 'tag_match')!.schema.enum).toEqual(['all', 'any'])
    expect(params.find((p) => p.name === 'sort')!.schema.enum).toEqual([
      'relevance',
      'newest',
      'downloads',
      'alphabetical',
    ])
    expect(params.find((p) => p.name === 'asset_type')!.schema.enum).toEqual(['3d', 'image', 'audio'])
    expect(doc.paths['/api/assets/download/{id}'].post.responses['403'].content['application/json'].example).toEqual({
      error: 'Download quota exceeded',
      reason: 'quota-exceeded',
    })
  })

  // The document must describe what the routes really answer, not what we remember of them.
  it('matches the real answers of GET /api/assets and GET /api/assets/tags', async () => {
    const schemas = doc.components.schemas
    const page = await (
      (await callRoute(assetsApi, {
        request: makeRequest(`/api/assets?category=${encodeURIComponent(category)}`),
        context: t.routerContext(),
      })) as Response
    ).json()
    expect(Object.keys(page).sort()).toEqual(Object.keys(schemas.AssetPage.properties).sort())
    expect(page.assets).toHaveLength(1)
    expect(Object.keys(page.assets[0]).sort()).toEqual(Object.keys(schemas.Asset.properties).sort())
    expect(Object.keys(page.assets[0].preview_urls).sort()).toEqual(
      Object.keys(schemas.Asset.properties.preview_urls.properties).sort(),
    )
    // The documented example has the same fields as a real asset.
    const example = doc.paths['/api/assets'].get.responses['200'].content['application/json'].example
    expect(Object.keys(example).sort()).toEqual(Object.keys(page).sort())
    expect(Object.keys(example.assets[0]).sort()).toEqual(Object.keys(page.assets[0]).sort())

    const tags = await (
      (await callRoute(tagsApi, { request: makeRequest('/api/assets/tags'), context: t.routerContext() })) as Response
    ).json()
    expect(tags.tags.length).toBeGreaterThan(0)
    expect(Object.keys(tags.tags[0]).sort()).toEqual(Object.keys(schemas.Tag.properties).sort())
  })

  it('matches the real answers of login, the current user and the blog', async () => {
    const schemas = doc.components.schemas
    const keys = (o: object) => Object.keys(o).sort()
    const user = await makeUser(t.db)
    // An IP of its own, so other tests' sign-ins never rate-limit this one.
    const context = t.routerContext(`10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`)
    const login = (await callRoute(loginApi, {
      request: makeRequest('/api/auth/login', { json: { email: user.email, password: user.password } }),
      context,
    })) as Response
    expect(login.status).toBe(200)
    const signedIn = await login.json()
    expect(keys(signedIn)).toEqual(
      keys(doc.paths['/api/auth/login'].post.responses['200'].content['application/json'].schema.properties),
    )

    const me = await (
      (await callRoute(meApi, {
        request: makeRequest('/api/auth/me', { headers: { authorization: `Bearer ${signedIn.token}` } }),
        context,
      })) as Response
    ).json()
    expect(keys(me.user)).toEqual(keys(schemas.User.properties))

    const post = await createPost(
      t.db,
      {
        title: `OpenAPI post ${randomUUID().slice(0, 8)}`,
        excerpt: 'E',
        image: '/blog/x.svg',
        date: 'May 1, 2025',
        readTime: '1 min read',
        category: 'News',
        content: '<p>Hi</p>',
      },
      { id: null, name: 'The Artist' },
    )
    const list = await ((await callRoute(blogsApi, { request: makeRequest('/api/blogs'), context })) as Response).json()
    expect(Array.isArray(list)).toBe(true)
    expect(keys(list[0])).toEqual(keys(schemas.BlogPost.properties))
    const one = (await callRoute(blogApi, {
      request: makeRequest(`/api/blogs/${post.slug}`),
      params: { slug: post.slug },
      context,
    })) as Response
    expect(keys(await one.json())).toEqual(keys(schemas.BlogPost.properties))
    const missing = (await callRoute(blogApi, {
      request: makeRequest('/api/blogs/no-such-post'),
      params: { slug: 'no-such-post' },
      context,
    })) as Response
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual(
      doc.paths['/api/blogs/{slug}'].get.responses['404'].content['application/json'].example,
    )
  })

  it('matches the real answers of downloads and favourites', async () => {
    const keys = (o: object) => Object.keys(o).sort()
    const documented = (method: string, path: string, status: string) =>
      doc.paths[path][method].responses[status].content['application/json']
    const { token } = await createSession(t.db, (await makeUser(t.db)).id)
    const bearer = { authorization: `Bearer ${token}` }
    const call = async (
      fn: (args: never) => unknown,
      url: string,
      init: Parameters<typeof makeRequest>[1] = {},
      params: Record<string, string> = {},
    ) => {
      const res = (await callRoute(fn, {
        request: makeRequest(url, { ...init, headers: bearer }),
        params,
        context: t.routerContext(),
      })) as Response
      return { status: res.status, body: await res.json() }
    }

    const download = await call(
      downloadApi,
      `/api/assets/download/${assetId}`,
      { method: 'POST' },
      { id: String(assetId) },
    )
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
    const removed = await call(
      removeFavouriteApi,
      `/api/users/favorites/${assetId}`,
      { method: 'DELETE' },
      { id: String(assetId) },
    )
    expect(removed.body).toEqual({
      ...documented('delete', '/api/users/favorites/{id}', '200').example,
      asset_id: assetId,
    })
    const again = await call(
      removeFavouriteApi,
      `/api/users/favorites/${assetId}`,
      { method: 'DELETE' },
      { id: String(assetId) },
    )
    expect(again.status).toBe(404)
    expect(again.body).toEqual(documented('delete', '/api/users/favorites/{id}', '404').example)
  })

  it('matches the real answers of the admin calls, field for field', async () => {
    const keys = (o: object) => Object.keys(o).sort()
    const schemas = doc.components.schemas
    const { adminToken } = await adminAndUser(t.db)
    const call = async (fn: (args: never) => unknown, url: string, params: Record<string, string> = {}) => {
      const res = (await callRoute(fn, {
        request: makeRequest(url, { headers: bearer(adminToken) }),
        params,
        context: t.routerContext(),
      })) as Response
      expect(res.status, url).toBe(200)
      return res.json()
    }
    const page = await call(adminAssetsApi, `/api/admin/assets?q=${encodeURIComponent('OpenAPI Teapot')}`)
    expect(keys(page)).toEqual(keys(schemas.AdminAssetPage.properties))
    expect(keys(page.assets[0])).toEqual(keys(schemas.AdminAsset.properties))
    expect(keys(await call(adminAssetApi, `/api/admin/assets/${assetId}`, { id: String(assetId) }))).toEqual(
      keys(schemas.AdminAsset.properties),
    )
    const users = await call(adminUsersApi, '/api/admin/users?limit=1')
    expect(keys(users)).toEqual(keys(schemas.AdminUserPage.properties))
    expect(keys(users.users[0])).toEqual(keys(schemas.AdminUser.properties))
    expect(keys(users.counts)).toEqual(keys(schemas.AdminUserPage.properties.counts.properties))
    const analytics = await call(adminAnalyticsApi, '/api/admin/analytics')
    expect(keys(analytics)).toEqual(keys(schemas.AdminAnalytics.properties))
    expect(keys(analytics.daily[0])).toEqual(keys(schemas.AdminAnalytics.properties.daily.items.properties))
    const status = await call(adminStatusApi, '/api/admin/status')
    expect(keys(status)).toEqual(keys(schemas.SystemStatus.properties))
    expect(keys(status.details)).toEqual(keys(schemas.SystemStatus.properties.details.properties))
    const post = await createPost(
      t.db,
      {
        title: `OpenAPI admin post ${randomUUID().slice(0, 8)}`,
        excerpt: 'E',
        image: '/blog/x.svg',
        date: 'May 1, 2025',
        readTime: '1 min read',
        category: 'News',
        content: '<p>Hi</p>',
      },
      { id: null, name: 'The Artist' },
    )
    expect(keys(await call(adminBlogApi, `/api/admin/blogs/${post.id}`, { id: String(post.id) }))).toEqual(
      keys(schemas.AdminBlogPost.properties),
    )
  })
})
