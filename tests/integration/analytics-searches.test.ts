import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Asset } from '#db/schema'
import { makeAsset } from '../support/factories'
import { adminAndUser, cookie } from '../support/admin'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { searchConversion, searchInsights, searchList } from '~/domain/analytics/searches.server'
import { analyticsRetentionJob } from '~/domain/analytics/retention.server'
import { jobTable } from '~/jobs.server'
import { flushBatches } from '~/platform/batched-writes.server'
import { normaliseSearchQuery } from '~/lib/search-query'
import { apiSearch, exploreSearch } from '~/web/search-log.server'
import { parseExploreParams } from '~/lib/explore-params'
import { loader as exploreLoader } from '~/routes/explore'
import { loader as assetsApi } from '~/routes/api/assets'
import { loader as analyticsPage } from '~/routes/admin/analytics'
import { loader as searchesCsv } from '~/routes/admin/analytics-searches-csv'

// What people look for (decision 90): what is recorded, each figure from seeded events, the
// CSVs and who may read them, and the retention job. Seeded figures live in 2031, so searches
// other test files record meanwhile (at the real time) never enter them.

let t: TestContext
let adminToken: string
let userToken: string
let robotAsset: Asset
let otherAsset: Asset
const uid = () => randomUUID().replaceAll('-', '').slice(0, 10)

const NOW = new Date('2031-06-15T12:00:00Z')
const HOUR = 3_600_000
const DAY = 24 * HOUR
const daysAgo = (days: number, plusMinutes = 0) => new Date(NOW.getTime() - days * DAY + plusMinutes * 60_000)

async function seedSearch(query: string, at: Date, resultCount: number, filters: Record<string, string> = {}) {
  await t.db
    .insertInto('search_events')
    .values({ query, at, result_count: resultCount, filters: JSON.stringify(filters) as never, source: 'page' })
    .execute()
}
async function seedEvent(
  assetId: number,
  kind: 'page_view' | 'dialog_view' | 'preview_play',
  at: Date,
  q: string | null,
) {
  await t.db.insertInto('asset_events').values({ asset_id: assetId, kind, at, search_query: q }).execute()
}
async function seedDownload(asset: Asset, at: Date) {
  await t.db
    .insertInto('downloads')
    .values({
      user_id: null,
      asset_id: asset.id,
      asset_title: asset.title,
      day: at.toISOString().slice(0, 10),
      created_at: at,
    })
    .execute()
}

/** The search_events rows recorded with these words, once the batches are written. */
async function recorded(query: string) {
  await flushBatches()
  return t.db.selectFrom('search_events').selectAll().where('query', '=', query).orderBy('id').execute()
}

beforeAll(async () => {
  t = await createTestContext()
  ;({ adminToken, userToken } = await adminAndUser(t.db))
  robotAsset = await makeAsset(t.db, t.storage, { title: `Robot ${uid()}` })
  otherAsset = await makeAsset(t.db, t.storage, { title: `Other ${uid()}` })

  // robot: 5 searches a day ago, each opened 5 minutes later; 2 more 40 days ago, never opened.
  for (let i = 0; i < 5; i++) {
    await seedSearch('robot', daysAgo(1, i * 70), 40)
    await seedEvent(robotAsset.id, 'dialog_view', daysAgo(1, i * 70 + 5), 'robot')
  }
  await seedSearch('robot', daysAgo(40), 40)
  await seedSearch('robot', daysAgo(40, 1), 40)
  // dragon: nothing found, 3 times with no filter and once among audio.
  for (let i = 0; i < 3; i++) await seedSearch('dragon', daysAgo(2, i), 0)
  await seedSearch('dragon', daysAgo(2, 10), 0, { asset_type: 'audio' })
  // cat: 3 results, twice; the first opened 10 minutes later, the second never.
  await seedSearch('cat', daysAgo(3), 3)
  await seedEvent(otherAsset.id, 'page_view', daysAgo(3, 10), 'cat')
  await seedSearch('cat', daysAgo(3, 180), 3)
  // tree: 50 results, 4 times, and a preview two hours later (too late to count as opening them).
  for (let i = 0; i < 4; i++) await seedSearch('tree', daysAgo(5, i), 50)
  await seedEvent(otherAsset.id, 'preview_play', daysAgo(5, 120), 'tree')
  // old: only within 90 days.
  await seedSearch('old', daysAgo(60), 10)
  // A view without a search, which no figure of searches counts.
  await seedEvent(otherAsset.id, 'page_view', daysAgo(1), null)
  // Downloads: the robot asset 20 minutes after it was opened from a search (counts), and again
  // three hours after (does not); the other asset, never opened from a search within the hour.
  await seedDownload(robotAsset, daysAgo(1, 25))
  await seedDownload(robotAsset, daysAgo(1, 4 * 70 + 5 + 180))
  await seedDownload(otherAsset, daysAgo(2))
})
afterAll(() => t.close())

describe('the figures of searches, from seeded events', () => {
  it('top searches in 30 days, with the 30 days before and the latest result count', async () => {
    const top = await searchList(t.db, 'top', { days: 30, now: NOW })
    expect(top.map((r) => [r.query, r.searches, r.previous, r.results])).toEqual([
      ['robot', 5, 2, 40],
      ['dragon', 4, 0, 0],
      ['tree', 4, 0, 50],
      ['cat', 2, 0, 3],
    ])
  })

  it('each period counts its own days: 7, 30 and 90', async () => {
    const seven = await searchList(t.db, 'top', { days: 7, now: NOW })
    expect(seven.map((r) => [r.query, r.searches])).toEqual([
      ['robot', 5],
      ['dragon', 4],
      ['tree', 4],
      ['cat', 2],
    ])
    const ninety = await searchList(t.db, 'top', { days: 90, now: NOW })
    expect(ninety.map((r) => [r.query, r.searches])).toEqual([
      ['robot', 7],
      ['dragon', 4],
      ['tree', 4],
      ['cat', 2],
      ['old', 1],
    ])
    // Day 1 to 7 of 7 days: the robot searches 40 days ago fall in no week before it.
    expect(seven.find((r) => r.query === 'robot')?.previous).toBe(0)
  })

  it('searches with no results, by words and filters', async () => {
    const zero = await searchList(t.db, 'zero', { days: 30, now: NOW })
    expect(zero.map((r) => [r.query, r.filters, r.searches])).toEqual([
      ['dragon', {}, 3],
      ['dragon', { asset_type: 'audio' }, 1],
    ])
  })

  it('searches with few results (1 to 5)', async () => {
    const few = await searchList(t.db, 'few', { days: 30, now: NOW })
    expect(few.map((r) => [r.query, r.searches, r.results])).toEqual([['cat', 2, 3]])
  })

  it('searches whose results nobody opened within the hour', async () => {
    const unopened = await searchList(t.db, 'unopened', { days: 30, now: NOW })
    expect(unopened.map((r) => [r.query, r.searches])).toEqual([
      ['tree', 4],
      ['cat', 1],
    ])
    // 90 days: the two robot searches 40 days ago were never opened either, nor 'old'.
    const ninety = await searchList(t.db, 'unopened', { days: 90, now: NOW })
    expect(ninety.map((r) => [r.query, r.searches])).toEqual([
      ['tree', 4],
      ['robot', 2],
      ['cat', 1],
      ['old', 1],
    ])
  })

  it('the trend per day adds up with the lists', async () => {
    const insights = await searchInsights(t.db, 30, NOW)
    expect(insights.daily).toHaveLength(30)
    expect(insights.to).toBe('2031-06-15')
    expect(insights.from).toBe('2031-05-17')
    const day = (d: number) => insights.daily.find((p) => p.day === daysAgo(d).toISOString().slice(0, 10))
    expect(day(1)).toEqual({ day: '2031-06-14', searches: 5, zeroResults: 0, fewResults: 0, unopened: 0 })
    expect(day(2)).toEqual({ day: '2031-06-13', searches: 4, zeroResults: 4, fewResults: 0, unopened: 0 })
    expect(day(3)).toMatchObject({ searches: 2, fewResults: 2, unopened: 1 })
    expect(day(5)).toMatchObject({ searches: 4, unopened: 4 })
    const sum = (key: 'searches' | 'zeroResults' | 'fewResults' | 'unopened') =>
      insights.daily.reduce((s, p) => s + p[key], 0)
    expect([sum('searches'), sum('zeroResults'), sum('fewResults'), sum('unopened')]).toEqual([15, 4, 2, 5])
    const seven = await searchInsights(t.db, 7, NOW)
    expect(seven.daily).toHaveLength(7)
    expect((await searchInsights(t.db, 90, NOW)).daily.reduce((s, p) => s + p.searches, 0)).toBe(18)
  })

  it('the conversion: searches, then assets opened from one, then downloads of what was opened', async () => {
    expect(await searchConversion(t.db, 30, NOW)).toEqual({ searches: 15, opens: 6, downloads: 1 })
    expect(await searchConversion(t.db, 7, NOW)).toEqual({ searches: 15, opens: 6, downloads: 1 })
    expect(await searchConversion(t.db, 90, NOW)).toEqual({ searches: 18, opens: 6, downloads: 1 })
  })
  it("a top search's results are its latest without filters: the same words finding nothing on the Audio tab say nothing of the words", async () => {
    const word = `rk${uid()}`
    await seedSearch(word, daysAgo(4), 2)
    await seedSearch(word, daysAgo(4, 30), 0, { asset_type: 'audio' })
    // Its only search without filters was in the period before: not this period's figure.
    const onlyFiltered = `of${uid()}`
    await seedSearch(onlyFiltered, daysAgo(40), 5)
    await seedSearch(onlyFiltered, daysAgo(4), 0, { asset_type: 'audio' })
    const top = await searchList(t.db, 'top', { days: 30, now: NOW, limit: 1000 })
    expect(top.find((r) => r.query === word)).toMatchObject({ searches: 2, results: 2, resultsFiltered: false })
    expect(top.find((r) => r.query === onlyFiltered)).toMatchObject({ results: 0, resultsFiltered: true })
  })
})

describe('what is recorded', () => {
  const explore = (url: string, headers: Record<string, string> = {}) =>
    callRoute(exploreLoader, { request: makeRequest(url, { headers }), context: t.routerContext() })
  const api = (url: string, headers: Record<string, string> = {}) =>
    callRoute(assetsApi, { request: makeRequest(url, { headers }), context: t.routerContext() })
  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36' }

  it('one normaliser: trimmed, lower case, one space between words', () => {
    expect(normaliseSearchQuery('  Red   DRAGON\t Egg ')).toBe('red dragon egg')
    expect(normaliseSearchQuery(null)).toBe('')
  })

  it('an explore search with words, its filters and result count; not its later pages, dialogs or bots', async () => {
    const word = `zq${uid()}`
    await makeAsset(t.db, t.storage, { title: `Lamp ${word}` })
    await explore(`/explore?q=${word.toUpperCase()}%20%20&category=Props`, browser)
    await explore(`/explore?q=${word}&page=2`, browser)
    await explore(`/explore?q=${word}&assetId=${robotAsset.id}`, browser)
    await explore(`/explore?q=${word}`, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })
    // A page asked without a user agent, or by a headless browser, is a program (the same rule as views).
    await explore(`/explore?q=${word}`)
    await explore(`/explore?q=${word}`, { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156.0.0.0' })
    // A new sort or view of the same search, asked from its own page, or a dialog closed over it.
    await explore(`/explore?q=${word}&category=props&sort=newest`, {
      ...browser,
      referer: `http://localhost/explore?q=${word}&category=props`,
    })
    await explore(`/explore?q=${word}&category=Props`, {
      ...browser,
      referer: `http://localhost/explore?q=${word}&category=props&assetId=${robotAsset.id}&page=2`,
    })
    const rows = await recorded(word)
    expect(rows.map((r) => [r.result_count, r.filters, r.source])).toEqual([[0, { category: 'props' }, 'page']])
    // (Page 2 of this one-page search redirects; a search with more pages is no new search on page 2 either.)
    expect(exploreSearch(parseExploreParams(new URLSearchParams('q=lamp&page=2')), 60)).toBeNull()
    expect(exploreSearch(parseExploreParams(new URLSearchParams('q=Lamp')), 60)).toEqual({
      query: 'lamp',
      filters: {},
      resultCount: 60,
      source: 'page',
    })
    // The same words from another page, or the same page without the filter, are new searches.
    await explore(`/explore?q=${word}`, { ...browser, referer: `http://localhost/explore?q=${word}&category=props` })
    const again = await recorded(word)
    expect(again.map((r) => [r.result_count, r.filters])).toEqual([
      [0, { category: 'props' }],
      [1, {}],
    ])
  })

  it('words with nothing searchable in them (symbols, emoji) find nothing, on the page and through the API, and are recorded so', async () => {
    // Unique to this test: a count of ampersands no other search uses.
    const query = `🐉 ${'&'.repeat(7)}`
    const page = (await explore(`/explore?q=${encodeURIComponent(query)}`, browser)) as {
      result: { total: number; assets: unknown[] }
    }
    expect(page.result.total).toBe(0)
    expect(page.result.assets).toEqual([])
    const reply = (await api(`/api/assets?search=${encodeURIComponent(query)}`, browser)) as Response
    expect(((await reply.json()) as { total: number }).total).toBe(0)
    await flushBatches()
    const rows = await t.db.selectFrom('search_events').selectAll().where('query', '=', query).execute()
    expect(rows.map((r) => [r.result_count, r.source]).sort()).toEqual([
      [0, 'api'],
      [0, 'page'],
    ])
  })

  it('filters alone are a search; the type tabs alone are browsing', async () => {
    const tag = `tg${uid()}`
    await explore(`/explore?tags=${tag}`, browser)
    await explore('/explore?asset_type=audio', browser)
    await flushBatches()
    const rows = await t.db
      .selectFrom('search_events')
      .selectAll()
      .where(sql<boolean>`filters ->> 'tags' = ${tag}`)
      .execute()
    expect(rows.map((r) => [r.query, r.result_count])).toEqual([['', 0]])
  })

  it('GET /api/assets with a search counts, with source api, from programs too; not a later page, a crawler or a plain list', async () => {
    const word = `zq${uid()}`
    await makeAsset(t.db, t.storage, { title: `Gear ${word}` })
    const reply = (await api(`/api/assets?search=${word}%20&asset_type=3d`, browser)) as Response
    expect(reply.status).toBe(200)
    expect((await reply.json()).total).toBe(1)
    await api(`/api/assets?q=${word}`, { 'user-agent': 'python-requests/2.32.3' })
    await api(`/api/assets?q=${word}&page=2`, browser)
    await api(`/api/assets?search=${word}`, {
      'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    })
    const rows = await recorded(word)
    expect(rows.map((r) => [r.result_count, r.filters, r.source])).toEqual([
      [1, { asset_type: '3d' }, 'api'],
      [1, {}, 'api'],
    ])
    // The hero strip's plain list (and a type alone) is no search.
    expect(apiSearch({ q: '' }, 120)).toBeNull()
    expect(apiSearch({ q: '', assetType: 'audio' }, 24)).toBeNull()
    expect(apiSearch({ q: '', tags: ['robot'] }, 3)).toEqual({
      query: '',
      filters: { tags: 'robot' },
      resultCount: 3,
      source: 'api',
    })
  })

  it('nothing personal: no user, address, agent or referrer column, and rows hold only the search', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_name in ('search_events', 'asset_events', 'search_daily', 'asset_event_daily')
      order by table_name, ordinal_position`.execute(t.db)
    const columns = rows.map((r) => `${r.table_name}.${r.column_name}`)
    expect(columns).toEqual([
      'asset_event_daily.day',
      'asset_event_daily.asset_id',
      'asset_event_daily.kind',
      'asset_event_daily.events',
      'asset_event_daily.from_search',
      'asset_events.id',
      'asset_events.at',
      'asset_events.asset_id',
      'asset_events.kind',
      'asset_events.search_query',
      'search_daily.day',
      'search_daily.query',
      'search_daily.searches',
      'search_daily.zero_result_searches',
      'search_events.id',
      'search_events.at',
      'search_events.query',
      'search_events.filters',
      'search_events.result_count',
      'search_events.source',
    ])
    const word = `zq${uid()}`
    await explore(`/explore?q=${word}`, {
      ...browser,
      cookie: `__session=${userToken}`,
      'x-forwarded-for': '203.0.113.9',
    })
    const [row] = await recorded(word)
    expect(JSON.stringify(row)).not.toMatch(/203\.0\.113|Chrome|Mozilla|@/)
  })
})

describe('the searches section and its CSVs', () => {
  const asAdmin = (url: string) => makeRequest(url, { headers: cookie(adminToken) })

  it('the analytics page carries the section for the chosen period (30 days unless 7 or 90)', async () => {
    for (const [param, days] of [
      ['?searches=7', 7],
      ['?searches=90', 90],
      ['?searches=12', 30],
      ['', 30],
    ] as const) {
      const reply = (await callRoute(analyticsPage, {
        request: asAdmin(`/admin/analytics${param}`),
        context: t.routerContext(),
      })) as {
        searches: { days: number; daily: unknown[] }
      }
      expect(reply.searches.days).toBe(days)
      expect(reply.searches.daily).toHaveLength(days)
    }
  })

  it('each table as CSV, from the same figures', async () => {
    const word = `zq${uid()}`
    for (let i = 0; i < 3; i++) await seedSearch(word, new Date(Date.now() - HOUR), 0, { tags: 'x' })
    await seedSearch(`=${word}`, new Date(Date.now() - HOUR), 2)
    const csv = async (query: string) => {
      const res = (await callRoute(searchesCsv, {
        request: asAdmin(`/admin/analytics/searches.csv${query}`),
        context: t.routerContext(),
      })) as Response
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="searches-/)
      return (await res.text()).replace(/^\uFEFF/, '').split('\r\n')
    }
    const zero = await csv('?list=zero&period=7')
    expect(zero[0]).toBe('search,filters,searches,previous_period,latest_results')
    expect(zero).toContain(`${word},tags=x,3,0,0`)
    const top = await csv('?list=top&period=7')
    expect(top[0]).toBe('search,searches,previous_period,latest_results,latest_results_with_filters')
    // Every search of these words had a filter: the count says so.
    expect(top).toContain(`${word},3,0,0,yes`)
    // Typed words that a spreadsheet would run as a formula are neutralised.
    expect(top).toContain(`'=${word},1,0,2,no`)
    expect(await csv('?list=few&period=30')).toContain(`'=${word},,1,0,2`)
    expect((await csv('?list=unopened&period=90'))[0]).toBe(
      'search,searches,previous_period,latest_results,latest_results_with_filters',
    )
    const conversion = await csv('?list=conversion&period=30')
    expect(conversion[0]).toBe('step,count')
    expect(conversion.map((l) => l.split(',')[0])).toEqual([
      'step',
      'searches',
      'opened_from_search',
      'downloaded_after_opening',
      '',
    ])
    const daily = await csv('?list=daily&period=7')
    expect(daily[0]).toBe('day,searches,zero_results,few_results,unopened')
    expect(daily.filter(Boolean)).toHaveLength(8)
  })

  it('answers 404 to everyone but the admin, as every admin page does; 400 for an unknown list', async () => {
    for (const headers of [{}, cookie(userToken)]) {
      const reply = (await callRoute(searchesCsv, {
        request: makeRequest('/admin/analytics/searches.csv?list=top', { headers }),
        context: t.routerContext(),
      })) as { thrown: { init: { status: number } } }
      expect(reply.thrown.init.status).toBe(404)
    }
    const bad = (await callRoute(searchesCsv, {
      request: asAdmin('/admin/analytics/searches.csv?list=users'),
      context: t.routerContext(),
    })) as Response
    expect(bad.status).toBe(400)
  })
})

describe('retention', () => {
  it('a nightly job in the job table', () => {
    expect(jobTable).toContain(analyticsRetentionJob)
    expect(analyticsRetentionJob.cron).toBe('17 3 * * *')
  })

  it('deletes events older than 180 days, keeping counts per day (the words of rare searches left out)', async () => {
    const popular = `pop${uid()}`
    const rare = `rare${uid()}`
    const kept = `kept${uid()}`
    const old = new Date(Date.now() - 200 * DAY)
    old.setUTCHours(10, 0, 0, 0)
    const oldDay = old.toISOString().slice(0, 10)
    for (let i = 0; i < 3; i++) await seedSearch(popular, old, i === 0 ? 0 : 7)
    await seedSearch(rare, old, 0)
    await seedSearch(kept, new Date(Date.now() - 10 * DAY), 4)
    await seedEvent(otherAsset.id, 'dialog_view', old, popular)
    await seedEvent(otherAsset.id, 'dialog_view', old, null)
    await seedEvent(otherAsset.id, 'page_view', new Date(Date.now() - 10 * DAY), kept)

    await t.services.jobs.send(analyticsRetentionJob, {})
    expect(await t.services.jobs.runDue({ names: [analyticsRetentionJob.name] })).toBe(1)

    for (const q of [popular, rare]) expect(await recorded(q)).toEqual([])
    expect(await recorded(kept)).toHaveLength(1)
    const events = await t.db
      .selectFrom('asset_events')
      .selectAll()
      .where('asset_id', '=', otherAsset.id)
      .where('at', '<', new Date(Date.now() - 180 * DAY))
      .execute()
    expect(events).toEqual([])
    expect(await t.db.selectFrom('asset_events').selectAll().where('search_query', '=', kept).execute()).toHaveLength(1)

    const daily = await t.db.selectFrom('search_daily').selectAll().where('day', '=', oldDay).orderBy('query').execute()
    expect(daily.map((r) => [r.query, r.searches, r.zero_result_searches])).toEqual([
      ['', 1, 1],
      [popular, 3, 1],
    ])
    const views = await t.db
      .selectFrom('asset_event_daily')
      .selectAll()
      .where('day', '=', oldDay)
      .where('asset_id', '=', otherAsset.id)
      .execute()
    expect(views.map((r) => [r.kind, r.events, r.from_search])).toEqual([['dialog_view', 2, 1]])
    // A second run finds nothing more to fold or delete.
    await t.services.jobs.send(analyticsRetentionJob, {})
    await t.services.jobs.runDue({ names: [analyticsRetentionJob.name] })
    const again = await t.db.selectFrom('search_daily').selectAll().where('day', '=', oldDay).orderBy('query').execute()
    expect(again.map((r) => [r.query, r.searches])).toEqual([
      ['', 1],
      [popular, 3],
    ])
  })

  it('folds a backlog one day per transaction, 30 days a run, the rest in a next job', async () => {
    const word = `backlog${uid()}`
    // 35 old days, one search each (the words are rare, so each day counts them under '').
    const days: string[] = []
    for (let d = 0; d < 35; d++) {
      const at = new Date(Date.now() - (200 + d) * DAY)
      at.setUTCHours(12, 0, 0, 0)
      days.push(at.toISOString().slice(0, 10))
      await seedSearch(word, at, 2)
    }
    const before = await t.db.selectFrom('search_daily').select(['day', 'searches']).where('day', 'in', days).execute()
    const counted = (rows: { searches: number }[]) => rows.reduce((n, r) => n + r.searches, 0)

    await t.services.jobs.send(analyticsRetentionJob, {})
    expect(await t.services.jobs.runDue({ names: [analyticsRetentionJob.name] })).toBe(1)
    // The oldest 30 days are folded; 5 wait for the next job, sent a second later.
    expect(await recorded(word)).toHaveLength(5)
    const waiting = await t.services.jobs.list({ names: [analyticsRetentionJob.name], states: ['created'] })
    expect(waiting).toHaveLength(1)
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    expect(await t.services.jobs.runDue({ names: [analyticsRetentionJob.name] })).toBe(1)
    expect(await recorded(word)).toEqual([])
    const after = await t.db.selectFrom('search_daily').select(['day', 'searches']).where('day', 'in', days).execute()
    // Every folded search is counted once, on its own day.
    expect(counted(after) - counted(before)).toBe(35)
    expect(new Set(after.map((r) => String(r.day)))).toEqual(new Set(days))
  })
})
