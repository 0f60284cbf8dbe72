import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type DB } from '#db/client'
import { makeAsset, makeUser } from '../support/factories'
import { createPost } from '~/domain/blog/blog.server'
import { topTags } from '~/domain/catalogue/search.server'
import { createSession } from '~/domain/accounts/sessions.server'
import { createLocalStorage } from '~/platform/storage.server'
import { middleware as adminGate } from '~/routes/admin/layout'
import * as dashboard from '~/routes/admin/dashboard'
import * as assets from '~/routes/admin/assets'
import * as users from '~/routes/admin/users'
import * as systemStatus from '~/routes/admin/system-status'
import * as analytics from '~/routes/admin/analytics'
import * as analyticsCsv from '~/routes/admin/analytics-csv'
import * as assetFigures from '~/routes/admin/asset-figures'
import * as assetFiguresCsv from '~/routes/admin/asset-figures-csv'
import * as searchesCsv from '~/routes/admin/analytics-searches-csv'
import * as upload from '~/routes/admin/upload'
import * as blog from '~/routes/admin/blog'
import * as blogForm from '~/routes/admin/blog-form'
import { createScratchDatabase, isReachable, serverUrl } from '../support/database-url'
import { startBuiltServer, waitForStatus, type BuiltServerProcess } from '../support/built-server'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

// Tests that kill the mutants an outside review planted and no test caught: each guard is
// tested on its own, and through the real HTTP stack where a browser would meet it.

const uid = () => randomUUID().slice(0, 8)
const statusOfThrown = (res: unknown) =>
  res instanceof Response
    ? res.status
    : ((res as { thrown?: { init?: { status?: number } } }).thrown?.init?.status ?? 200)

describe('each admin guard on its own', () => {
  let t: TestContext
  let userCookie: string
  let adminCookie: string
  let postId: number
  beforeAll(async () => {
    t = await createTestContext()
    const user = await makeUser(t.db)
    const admin = await makeUser(t.db, { role: 'admin' })
    userCookie = `__session=${(await createSession(t.db, user.id)).token}`
    adminCookie = `__session=${(await createSession(t.db, admin.id)).token}`
    postId = (
      await createPost(
        t.db,
        {
          title: `Gate ${uid()}`,
          content: '<p>x</p>',
          excerpt: 'x',
          date: 'March 1, 2026',
          category: 'News',
          readTime: '1 min read',
          image: '/blog/cover.svg',
        },
        { id: admin.id, name: 'Ada Admin' },
      )
    ).id
  })
  afterAll(() => t.close())

  const pages: [string, { loader?: unknown; action?: unknown }, Record<string, string>][] = [
    ['/admin', dashboard, {}],
    ['/admin/assets', assets, {}],
    ['/admin/users', users, {}],
    ['/admin/system-status', systemStatus, {}],
    ['/admin/analytics', analytics, {}],
    ['/admin/analytics/daily.csv', analyticsCsv, { table: 'daily' }],
    ['/admin/assets/1/figures', assetFigures, { assetId: '1' }],
    ['/admin/assets/1/figures.csv', assetFiguresCsv, { assetId: '1' }],
    ['/admin/analytics/searches.csv?list=top', searchesCsv, {}],
    ['/admin/upload', upload, {}],
    ['/admin/blog', blog, {}],
    ['/admin/blog/new', blogForm, {}],
    ['/admin/blog/edit/1', blogForm, { id: '1' }],
  ]

  it('every admin loader and action refuses anonymous and plain users by itself (no layout in front)', async () => {
    for (const [url, mod, params] of pages) {
      for (const cookie of [undefined, userCookie]) {
        const headers = cookie ? { cookie } : undefined
        if (mod.loader) {
          const res = await callRoute(mod.loader as never, {
            request: makeRequest(url, { headers }),
            params: { ...params, id: params.id ? String(postId) : undefined },
            context: t.routerContext(),
          })
          expect(statusOfThrown(res), `GET ${url} ${cookie ? 'user' : 'anonymous'}`).toBe(404)
        }
        if (mod.action) {
          const res = await callRoute(mod.action as never, {
            request: makeRequest(url, { form: { intent: 'x' }, headers }),
            params: { ...params, id: params.id ? String(postId) : undefined },
            context: t.routerContext(),
          })
          expect(statusOfThrown(res), `POST ${url} ${cookie ? 'user' : 'anonymous'}`).toBe(404)
        }
      }
    }
  })

  it('the layout gate alone refuses anonymous and plain users before anything below runs', async () => {
    const gate = adminGate[0] as unknown as (
      args: { request: Request; context: RouterContextProvider; params: object },
      next: () => Promise<Response>,
    ) => Promise<Response>
    for (const url of pages.map(([u]) => u)) {
      for (const cookie of [undefined, userCookie]) {
        let reached = false
        const next = async () => {
          reached = true
          return new Response('admin content')
        }
        const outcome = await gate(
          {
            request: makeRequest(url, { headers: cookie ? { cookie } : undefined }),
            context: t.routerContext(),
            params: {},
          },
          next,
        ).catch((thrown: unknown) => ({ thrown }))
        expect(statusOfThrown(outcome), url).toBe(404)
        expect(reached, url).toBe(false)
      }
      let reached = false
      await gate(
        { request: makeRequest(url, { headers: { cookie: adminCookie } }), context: t.routerContext(), params: {} },
        async () => {
          reached = true
          return new Response('ok')
        },
      )
      expect(reached, `${url} admin`).toBe(true)
    }
  })

  it('tag counts and tag thumbnails leave drafts out', async () => {
    const tag = `draftcheck${uid()}`
    const published = await makeAsset(t.db, t.storage, { tags: [tag], title: 'Published tagged' })
    const draft = await makeAsset(t.db, t.storage, { tags: [tag], title: 'Draft tagged', isActive: false })
    await t.db.updateTable('assets').set({ download_count: 999_999 }).where('id', '=', draft.id).execute()
    const summary = (await topTags(t.db, 100_000)).find((s) => s.tag === tag)
    expect(summary?.count).toBe(1)
    expect(summary?.thumbnail).toBe(`/images/${published.thumb_png_key!.replace(/^public\//, '')}`)
  })
})

describe('through the real HTTP stack', async () => {
  const usePostgres = await isReachable(serverUrl())
  let server: BuiltServerProcess
  let scratch: { url: string; drop: () => Promise<void> } | null = null
  let db: DB
  let storageDir: string
  let userCookie: string
  let adminCookie: string
  let adminToken: string
  let assetId: number
  let postId: number

  beforeAll(async () => {
    if (!usePostgres) return
    scratch = await createScratchDatabase('stock_mutants')
    server = startBuiltServer({
      NODE_ENV: 'production',
      SESSION_SECRET: 'mutants-secret-mutants-secret-12345',
      DATABASE_URL: scratch.url,
      SECURE_COOKIES: 'false',
      SEED_ON_EMPTY: 'false',
    })
    await waitForStatus(`${server.base}/readyz`, 200)
    db = createDatabase({ url: scratch.url })
    storageDir = mkdtempSync(path.join(tmpdir(), 'stock-mutants-'))
    const user = await makeUser(db)
    const admin = await makeUser(db, { role: 'admin', fullName: 'Ada Admin' })
    userCookie = `__session=${(await createSession(db, user.id)).token}`
    adminToken = (await createSession(db, admin.id)).token
    adminCookie = `__session=${adminToken}`
    assetId = (await makeAsset(db, createLocalStorage(storageDir), { title: 'Favourite me' })).id
    postId = (
      await createPost(
        db,
        {
          title: `Clean ${uid()}`,
          content: '<p>x</p>',
          excerpt: 'x',
          date: 'March 1, 2026',
          category: 'News',
          readTime: '1 min read',
          image: '/blog/cover.svg',
        },
        { id: admin.id, name: 'Ada Admin' },
      )
    ).id
  }, 120_000)
  afterAll(async () => {
    if (!scratch) return
    // Whatever the set-up got to before it stopped (no build, a server that never answered).
    await server?.stop()
    await db?.destroy()
    if (storageDir) rmSync(storageDir, { recursive: true, force: true })
    await scratch.drop()
  })

  it.skipIf(!usePostgres)(
    'a cookie-authenticated cross-site POST to /api/users/favorites answers 403; same-site 201',
    async () => {
      const post = (headers: Record<string, string>) =>
        fetch(`${server.base}/api/users/favorites`, {
          method: 'POST',
          headers: { cookie: userCookie, 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ asset_id: assetId }),
        })
      const crossSite = await post({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
      expect(crossSite.status).toBe(403)
      const noFetchMetadata = await post({ origin: 'https://evil.example' })
      expect(noFetchMetadata.status).toBe(403)
      expect(await db.selectFrom('favourites').select('asset_id').where('asset_id', '=', assetId).execute()).toEqual([])
      const sameSite = await post({ origin: server.base, 'sec-fetch-site': 'same-origin' })
      expect(sameSite.status).toBe(201)
    },
  )

  it.skipIf(!usePostgres)(
    'every admin page answers 404 to anonymous and plain users, and 200 to an admin',
    async () => {
      const urls = [
        '/admin',
        '/admin/dashboard',
        '/admin/assets',
        '/admin/users',
        '/admin/system-status',
        '/admin/analytics',
        '/admin/analytics/daily.csv',
        '/admin/analytics/searches.csv?list=top',
        '/admin/upload',
        '/admin/blog',
        '/admin/blog/new',
        `/admin/blog/edit/${postId}`,
      ]
      for (const url of urls) {
        for (const cookie of [undefined, userCookie]) {
          const res = await fetch(`${server.base}${url}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' })
          await res.body?.cancel()
          expect(res.status, `${url} ${cookie ? 'user' : 'anonymous'}`).toBe(404)
        }
        const res = await fetch(`${server.base}${url}`, { headers: { cookie: adminCookie }, redirect: 'manual' })
        await res.body?.cancel()
        expect(res.status, `${url} admin`).toBe(200)
      }
    },
    60_000,
  )

  it.skipIf(!usePostgres)(
    'the blog edit path sanitises: the form and PUT /api/admin/blogs/{id}, read back through /api/blogs/{slug} and /blog/{slug}',
    async () => {
      const dirty =
        '<p onclick="steal()">Body<script>alert(1)</script><img src=x onerror="alert(2)"></p><a href="javascript:alert(3)">bad</a>'
      const fields = {
        title: `Edited ${uid()}`,
        content: dirty,
        excerpt: 'x',
        date: 'March 1, 2026',
        category: 'News',
        readTime: '1 min read',
        image: '/blog/cover.svg',
      }
      const readBack = async () => {
        const row = await db.selectFrom('blog_posts').select('slug').where('id', '=', postId).executeTakeFirstOrThrow()
        const api = await (await fetch(`${server.base}/api/blogs/${row.slug}`)).json()
        const html = await (await fetch(`${server.base}/blog/${row.slug}`)).text()
        return { content: api.content as string, html }
      }
      const expectClean = ({ content, html }: { content: string; html: string }) => {
        expect(content).toContain('Body')
        for (const bad of ['<script', 'onclick', 'onerror', 'javascript:']) {
          expect(content).not.toContain(bad)
          expect(html).not.toContain(`${bad === '<script' ? '<script>alert' : bad}`)
        }
      }
      const form = await fetch(`${server.base}/admin/blog/edit/${postId}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: adminCookie, origin: server.base, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      })
      expect(form.status).toBe(302)
      expectClean(await readBack())
      const put = await fetch(`${server.base}/api/admin/blogs/${postId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...fields, title: `Put ${uid()}` }),
      })
      expect(put.status).toBe(200)
      expectClean(await readBack())
    },
    60_000,
  )
})
