import { randomUUID } from 'node:crypto'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, migrateToLatest, type DB } from '#db/client'
import type { Asset, User } from '#db/schema'
import { makeAsset, makeUser } from '../support/factories'
import { cookie } from '../support/admin'
import { createSession } from '~/domain/accounts/sessions.server'
import { applyStripeEvent } from '~/domain/billing/billing.server'
import { flushAssetEvents, recordAssetEvent } from '~/domain/analytics/asset-events.server'
import { classifyRequest } from '~/web/asset-views.server'
import { utcDay } from '~/domain/downloads/downloads.server'
import { newLicenceId } from '~/domain/licences/licences.server'
import { loader as analyticsPage } from '~/routes/admin/analytics'
import { loader as analyticsCsv } from '~/routes/admin/analytics-csv'
import { loader as assetFiguresPage } from '~/routes/admin/asset-figures'
import { loader as assetFiguresCsv } from '~/routes/admin/asset-figures-csv'
import { loader as assetsPage } from '~/routes/admin/assets'
import { loader as dashboardPage } from '~/routes/admin/dashboard'
import { loader as analyticsApi } from '~/routes/api/admin/analytics'
import { action as assetEventsApi } from '~/routes/api/asset-events'
import { loader as aboutPage } from '~/routes/pages/about'
import { requestInfoContext, servicesContext, type Services } from '~/web/context.server'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { createScratchDatabase, isReachable, serverUrl } from '../support/database-url'

// Issue 24, items 5 and 7: known events in, the same figures out everywhere (dashboard,
// analytics, the asset's figures, /about, the admin API and the CSVs). A database of its own, so
// other test files' writes cannot move the global figures between two reads.

const DAY = 86_400_000
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const usePostgres = await isReachable(serverUrl())

let t: TestContext
let db: DB
let drop: (() => Promise<void>) | undefined
let services: Services
let adminToken: string
let userToken: string
let asset: Asset
let other: Asset
const now = new Date()
const today = utcDay(now)
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY)

function context() {
  const c = new RouterContextProvider()
  c.set(servicesContext, services)
  c.set(requestInfoContext, { nonce: 'test', ip: '127.0.0.1' })
  return c
}

async function call<T = unknown>(fn: (args: never) => unknown, url: string, token = adminToken, params = {}) {
  return (await callRoute(fn, {
    request: makeRequest(url, { headers: { ...cookie(token), 'user-agent': BROWSER } }),
    context: context(),
    params,
  })) as T
}

async function download(user: User | null, target: Asset, at: Date, licence = true) {
  const licenceId = licence ? newLicenceId() : null
  if (licenceId)
    await db
      .insertInto('licences')
      .values({
        id: licenceId,
        user_id: user?.id ?? null,
        asset_id: target.id,
        asset_title: target.title,
        variant: `original-${randomUUID().slice(0, 4)}`,
        variant_label: 'Original',
        sha256: '0'.repeat(64),
        licensee: 'Test',
        plan: 'free',
        terms_version: '1',
        issued_at: at,
      })
      .execute()
  await db
    .insertInto('downloads')
    .values({
      user_id: user?.id ?? null,
      asset_id: target.id,
      asset_title: target.title,
      day: utcDay(at),
      created_at: at,
      licence_id: licenceId,
    })
    .execute()
}

const subscription = (type: string, id: string, user: User, created: Date, status = 'active') => ({
  id: `evt_${randomUUID()}`,
  type,
  created: Math.floor(created.getTime() / 1000),
  data: {
    object: {
      id,
      object: 'subscription',
      status,
      customer: `cus_${user.id.slice(0, 8)}`,
      metadata: { userId: user.id },
      start_date: Math.floor(created.getTime() / 1000),
      ended_at: status === 'canceled' ? Math.floor(created.getTime() / 1000) : null,
      items: {
        data: [
          {
            quantity: 1,
            current_period_end: Math.floor(created.getTime() / 1000) + 30 * 86_400,
            price: { unit_amount: 900, recurring: { interval: 'month', interval_count: 1 } },
          },
        ],
      },
    },
  },
})

beforeAll(async () => {
  t = await createTestContext()
  if (usePostgres) {
    const scratch = await createScratchDatabase('stock_figures')
    drop = scratch.drop
    db = createDatabase({ url: scratch.url })
  } else db = createDatabase({})
  await migrateToLatest(db)
  services = { ...t.services, db }
  const admin = await makeUser(db, { role: 'admin' })
  const user = await makeUser(db)
  adminToken = (await createSession(db, admin.id)).token
  userToken = (await createSession(db, user.id)).token
  asset = await makeAsset(db, t.storage, { title: 'Figured Vase', category: 'Pottery', assetType: 'image', size: 32 })
  other = await makeAsset(db, t.storage, { title: 'Other Lamp', category: 'Lights', assetType: '3d', size: 32 })

  // Views: 3 page views today (one from a search), 2 five days ago; 4 dialog views; 1 preview.
  const events = [
    ...Array.from({ length: 2 }, () => ({ kind: 'page_view' as const, at: now, searchQuery: null })),
    { kind: 'page_view' as const, at: now, searchQuery: 'vase' },
    ...Array.from({ length: 2 }, () => ({ kind: 'page_view' as const, at: daysAgo(5), searchQuery: null })),
    ...Array.from({ length: 4 }, () => ({ kind: 'dialog_view' as const, at: daysAgo(1), searchQuery: 'blue vase' })),
    { kind: 'preview_play' as const, at: daysAgo(2), searchQuery: null },
  ]
  for (const e of events) recordAssetEvent(db, { ...e, assetId: asset.id })
  recordAssetEvent(db, { kind: 'page_view', at: now, searchQuery: null, assetId: other.id })
  await flushAssetEvents(db)

  // Favourites: two people today.
  const fans = [await makeUser(db), await makeUser(db)]
  await db
    .insertInto('favourites')
    .values(fans.map((f) => ({ user_id: f.id, asset_id: asset.id, created_at: now })))
    .execute()
  // Downloads: 2 today (licensed), 1 ten days ago (licensed), 1 forty days ago (anonymous, no licence).
  await download(fans[0]!, asset, now)
  await download(fans[1]!, asset, now)
  await download(fans[0]!, asset, daysAgo(10))
  await download(null, asset, daysAgo(40), false)
  await download(fans[1]!, other, daysAgo(3))

  // Subscriptions: two start this month, one of them ends this month; one started and ended
  // long ago stays out of this month.
  const subs = [await makeUser(db), await makeUser(db)]
  await applyStripeEvent(db, subscription('customer.subscription.created', 'sub_a', subs[0]!, now))
  await applyStripeEvent(db, subscription('customer.subscription.created', 'sub_b', subs[1]!, now))
  await applyStripeEvent(db, subscription('customer.subscription.deleted', 'sub_b', subs[1]!, now, 'canceled'))
  await db
    .insertInto('payments')
    .values({ user_id: subs[0]!.id, description: 'Pro plan (monthly)', amount_cents: 900, paid_at: now })
    .execute()
}, 60_000)

afterAll(async () => {
  await db?.destroy()
  await drop?.()
  await t?.close()
})

type Analytics = Awaited<ReturnType<typeof import('~/domain/admin/admin.server').adminAnalytics>>

describe('figures from seeded events', () => {
  it("shows the asset's views, previews, favourites, downloads and licences, all time and per day", async () => {
    const page = await call<{ totals: Record<string, number>; daily: Record<string, number | string>[] }>(
      assetFiguresPage,
      `/admin/assets/${asset.id}/figures?days=90`,
      adminToken,
      { id: String(asset.id) },
    )
    expect(page.totals).toEqual({
      page_views: 5,
      dialog_views: 4,
      preview_plays: 1,
      favourites: 2,
      downloads: 4,
      licences: 3,
    })
    expect(page.daily).toHaveLength(90)
    const on = (day: string) => page.daily.find((d) => d.day === day)!
    expect(on(today)).toMatchObject({ page_views: 3, downloads: 2, licences: 2, favourites: 2 })
    expect(on(utcDay(daysAgo(5)))).toMatchObject({ page_views: 2 })
    expect(on(utcDay(daysAgo(10)))).toMatchObject({ downloads: 1, licences: 1 })
    expect(on(utcDay(daysAgo(40)))).toMatchObject({ downloads: 1, licences: 0 })
    // Every day of 90 adds up to the totals: nothing happened before.
    for (const key of ['page_views', 'dialog_views', 'preview_plays', 'favourites', 'downloads', 'licences'])
      expect(
        page.daily.reduce((s, d) => s + Number(d[key]), 0),
        key,
      ).toBe(page.totals[key])

    // The admin preview panel shows the same totals.
    const panel = await call<{ previewFigures: Record<string, number> }>(
      assetsPage,
      `/admin/assets?preview=${asset.id}`,
    )
    expect(panel.previewFigures).toEqual(page.totals)
  })

  it('the dashboard, analytics, /about and the admin API agree, and the days add up to the totals', async () => {
    const dashboard = await call<{
      totals: { assets: number; users: number; downloadsToday: number; revenueCents: number }
    }>(dashboardPage, '/admin/dashboard')
    const page = await call<{ analytics: Analytics }>(analyticsPage, '/admin/analytics?days=90')
    const api = await call<Response>(analyticsApi, '/api/admin/analytics?days=90')
    const json = (await api.json()) as Analytics
    const about = await call<{ assets: number; downloads: number }>(aboutPage, '/about')
    const a = page.analytics

    expect(dashboard.totals).toEqual({ assets: 2, users: 6, downloadsToday: 2, revenueCents: 900 })
    expect([a.assets, a.users, a.downloads, a.revenue]).toEqual([2, 6, 2, 9])
    expect(a.published).toBe(2)
    expect(about.assets).toBe(a.published)
    expect(a.totalDownloads).toBe(5)
    expect(about.downloads).toBe(a.totalDownloads)
    expect(a.daily.reduce((s, d) => s + d.downloads, 0)).toBe(a.totalDownloads)
    expect(a.daily.reduce((s, d) => s + d.page_views, 0)).toBe(6)
    expect(a.daily.at(-1)).toMatchObject({ day: today, downloads: 2, signups: 6, page_views: 4 })
    expect(a.topAssets.map((r) => [r.id, r.downloads])).toEqual([
      [asset.id, 4],
      [other.id, 1],
    ])
    expect(a.byCategory.find((c) => c.group === 'Pottery')).toMatchObject({
      assets: 1,
      page_views: 5,
      dialog_views: 4,
      preview_plays: 1,
      favourites: 2,
      downloads: 4,
      licences: 3,
    })
    expect(a.byType.map((r) => r.group)).toEqual(['3d', 'image', 'audio'])
    expect(a.byType.find((r) => r.group === 'image')).toMatchObject({ downloads: 4 })
    expect(a.byType.find((r) => r.group === '3d')).toMatchObject({ downloads: 1, page_views: 1 })

    // Subscriptions: Pro now, new and cancelled this month, MRR.
    expect(a.proSubscribers).toBe(1)
    expect(a.subscriptions).toHaveLength(12)
    expect(a.subscriptions.at(-1)).toMatchObject({ new: 2, cancelled: 1, active: 1, mrr_cents: 900 })
    expect(a.subscriptions.slice(0, -1).every((m) => m.new === 0 && m.active === 0)).toBe(true)

    // The API is the page's figures.
    expect(api.status).toBe(200)
    expect(json).toEqual(JSON.parse(JSON.stringify(a)))

    // 30 days: the anonymous download of 40 days ago falls out of the window, not out of the total.
    const month = await call<{ analytics: Analytics }>(analyticsPage, '/admin/analytics')
    expect(month.analytics.daily).toHaveLength(30)
    expect(month.analytics.daily.reduce((s, d) => s + d.downloads, 0)).toBe(4)
    expect(month.analytics.totalDownloads).toBe(5)
  })

  it('exports every table as CSV, to the admin only', async () => {
    const daily = await call<Response>(analyticsCsv, '/admin/analytics/daily.csv?days=90', adminToken, {
      table: 'daily',
    })
    expect(daily.status).toBe(200)
    expect(daily.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const lines = (await daily.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('Day (UTC),Page views,Dialog views,Previews played,Favourites,Downloads,Licences,Sign-ups')
    expect(lines).toHaveLength(91)
    const downloads = lines.slice(1).reduce((s, l) => s + Number(l.split(',')[5]), 0)
    expect(downloads).toBe(5)
    expect(lines.at(-1)).toBe(`${today},4,0,0,2,2,2,6`)

    for (const table of ['categories', 'types', 'top-assets', 'subscriptions']) {
      const res = await call<Response>(analyticsCsv, `/admin/analytics/${table}.csv`, adminToken, { table })
      expect(res.status, table).toBe(200)
      expect(res.headers.get('content-disposition'), table).toContain('.csv')
    }
    const subs = await (
      await call<Response>(analyticsCsv, '/admin/analytics/subscriptions.csv', adminToken, { table: 'subscriptions' })
    ).text()
    expect(subs.trim().split('\r\n').at(-1)).toMatch(/^\d{4}-\d{2},2,1,1,9\.00$/)

    const perAsset = await call<Response>(assetFiguresCsv, `/admin/assets/${asset.id}/figures.csv`, adminToken, {
      id: String(asset.id),
    })
    expect(perAsset.status).toBe(200)
    const rows = (await perAsset.text()).trim().split('\r\n')
    expect(rows).toHaveLength(31)
    expect(rows.at(-1)).toBe(`${today},3,0,0,2,2,2`)

    // Not the admin: no CSV.
    for (const [fn, url, params] of [
      [analyticsCsv, '/admin/analytics/daily.csv', { table: 'daily' }],
      [assetFiguresCsv, `/admin/assets/${asset.id}/figures.csv`, { id: String(asset.id) }],
    ] as const) {
      const res = await call<Response>(fn, url, userToken, params)
      expect(res instanceof Response ? res.status : 0, url).not.toBe(200)
      const anonymous = (await callRoute(fn, { request: makeRequest(url), context: context(), params })) as Response
      expect(anonymous instanceof Response ? anonymous.status : 0, url).not.toBe(200)
    }
    const unknown = await call<Response>(analyticsCsv, '/admin/analytics/users.csv', adminToken, { table: 'users' })
    expect(
      unknown instanceof Response
        ? unknown.status
        : (unknown as { thrown: { init: { status: number } } }).thrown.init.status,
    ).toBe(404)
  })
})

describe('recording views and previews', () => {
  const door = (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const [p, q = ''] = path.split('?')
    const all: Record<string, string> = { 'user-agent': BROWSER, host: 'localhost', ...headers }
    return classifyRequest({ method, path: p!, query: new URLSearchParams(q), header: (n) => all[n.toLowerCase()] })
  }

  it('classifies page, dialog and preview requests, with the search they came from; not bots, data requests or controls', () => {
    expect(door('/assets/12')).toMatchObject({ kind: 'page_view', assetId: 12, searchQuery: null })
    expect(door('/assets/12', { referer: 'http://localhost/explore?q=Blue%20%20Vase' })).toMatchObject({
      searchQuery: 'blue vase',
    })
    expect(door('/assets/12', { referer: 'https://elsewhere.example/explore?q=x' })?.searchQuery).toBeNull()
    expect(door('/explore?q=Lamp&assetId=7')).toMatchObject({ kind: 'dialog_view', assetId: 7, searchQuery: 'lamp' })
    expect(door('/collections/3?assetId=7')).toMatchObject({ kind: 'dialog_view', assetId: 7 })
    expect(door('/?assetId=7')).toMatchObject({ kind: 'dialog_view', assetId: 7 })
    expect(door('/profile?assetId=7')).toMatchObject({ kind: 'dialog_view', assetId: 7 })
    expect(door('/profile')).toBeNull()
    expect(door('/explore?assetId=07')).toBeNull()
    expect(door('/blog?assetId=7')).toBeNull()
    expect(door('/images/abc-1/preview.mp3', { referer: 'http://localhost/explore?q=rain' })).toMatchObject({
      kind: 'preview_play',
      previewKey: 'public/abc-1/preview.mp3',
      searchQuery: 'rain',
    })
    expect(door('/images/abc-1/preview.mp3', { range: 'bytes=5000-' })).toBeNull()
    expect(door('/explore?assetId=7&bg=black')).toBeNull()
    expect(door('/explore.data?assetId=7')).toBeNull()
    expect(door('/assets/12.data')).toBeNull()
    expect(door('/explore?q=lamp')).toBeNull()
    expect(door('/assets/12', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).toBeNull()
    expect(door('/assets/12', { 'user-agent': '' })).toBeNull()
    expect(door('/assets/12', { 'sec-purpose': 'prefetch' })).toBeNull()
    expect(door('/assets/12', {}, 'POST')).toBeNull()
  })

  it('records a client-side view sent by the page, and never an unknown or unpublished asset', async () => {
    const draft = await makeAsset(db, t.storage, { title: 'Draft Cup', isActive: false, size: 32 })
    const before = await db
      .selectFrom('asset_events')
      .select(db.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    const post = (json: unknown, ua = BROWSER) =>
      callRoute(assetEventsApi, {
        request: makeRequest('/api/asset-events', { json, headers: { 'user-agent': ua } }),
        context: context(),
      }) as Promise<Response>
    expect((await post({ asset_id: other.id, kind: 'dialog_view', q: '  Warm LAMP ' })).status).toBe(202)
    expect((await post({ asset_id: draft.id, kind: 'page_view' })).status).toBe(202)
    expect((await post({ asset_id: 999_999_999, kind: 'page_view' })).status).toBe(202)
    expect((await post({ asset_id: other.id, kind: 'page_view' }, 'curl/8.0')).status).toBe(202)
    const unknownKind = await post({ asset_id: other.id, kind: 'download' })
    expect(unknownKind.status).toBe(400)
    // The answer names the field zod's own wording is about.
    expect(((await unknownKind.json()) as { error: string }).error).toMatch(/^kind: Invalid option/)
    expect(await (await post({ asset_id: 'nope', kind: 'page_view' })).json()).toEqual({
      error: 'asset_id: Invalid input: expected number, received NaN',
    })
    await flushAssetEvents(db)
    const rows = await db
      .selectFrom('asset_events')
      .select(['asset_id', 'kind', 'search_query'])
      .orderBy('id', 'desc')
      .limit(5)
      .execute()
    const after = await db.selectFrom('asset_events').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(after.n) - Number(before.n)).toBe(1)
    expect(rows[0]).toEqual({ asset_id: other.id, kind: 'dialog_view', search_query: 'warm lamp' })
    // No user id or address anywhere in the row.
    const columns = await db.introspection.getTables()
    const table = columns.find((c) => c.name === 'asset_events')!
    expect(table.columns.map((c) => c.name).sort()).toEqual(['asset_id', 'at', 'id', 'kind', 'search_query'])
  })

  it("leaves out the admin's own views, at the door and from the page; a signed-in visitor's count", async () => {
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('asset_events')
            .select(db.fn.countAll<number>().as('n'))
            .where('asset_id', '=', other.id)
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()
    const asAdmin = cookie(adminToken)
    const asUser = cookie(userToken)
    for (const headers of [asAdmin, asUser, {}]) {
      const event = door(`/assets/${other.id}`, headers)
      expect(event).not.toBeNull()
      recordAssetEvent(db, event!)
    }
    const post = (headers: Record<string, string>) =>
      callRoute(assetEventsApi, {
        request: makeRequest('/api/asset-events', {
          json: { asset_id: other.id, kind: 'dialog_view' },
          headers: { 'user-agent': BROWSER, ...headers },
        }),
        context: context(),
      }) as Promise<Response>
    expect((await post(asAdmin)).status).toBe(202)
    expect((await post(asUser)).status).toBe(202)
    await flushAssetEvents(db)
    // The visitor's and the anonymous page views, and the visitor's dialog view: not the admin's two.
    expect((await count()) - before).toBe(3)
  })
})
