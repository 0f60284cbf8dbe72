import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Asset } from '#db/schema'
import { makeAsset } from '../support/factories'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { renderRoute } from '../support/render-route'
import ExplorePage, { loader as exploreLoader } from '~/routes/explore'
import AssetPage, { loader as assetPage } from '~/routes/asset'
import { loader as assetsApi } from '~/routes/api/assets'
import { flushBatches } from '~/platform/batched-writes.server'

// Explore's tags filter matches every tag (the default) or any of them (tag_match=any), through
// the page and GET /api/assets alike; an asset page's 'View All' under Related Assets lists its
// category with any of its first three tags: what the strip chooses from, and the asset.

let t: TestContext
let source: Asset
let category: string
let tags: string[]
const related: Asset[] = []
const unrelated: Asset[] = []
const word = () => `tm${randomUUID().slice(0, 8)}`

beforeAll(async () => {
  t = await createTestContext()
  tags = [word(), word(), word(), word()]
  const [t1, t2, t3, t4] = tags as [string, string, string, string]
  category = `Kin ${randomUUID().slice(0, 6)}`
  source = await makeAsset(t.db, t.storage, { title: 'Kin Source', tags, category })
  for (const [title, carried, spelled] of [
    ['Kin First', [t1], category],
    ['Kin Second and Third', [t2, t3], category],
    ['Kin Third', ['x', t3], category],
    ['Kin Shouting', [t1], category.toUpperCase()],
  ] as const)
    related.push(await makeAsset(t.db, t.storage, { title, tags: [...carried], category: spelled, assetType: '3d' }))
  related.push(await makeAsset(t.db, t.storage, { title: 'Kin Sound', tags: [t2], category, assetType: 'audio' }))
  // Only the fourth tag, another category, a draft.
  unrelated.push(await makeAsset(t.db, t.storage, { title: 'Kin Fourth', tags: [t4], category }))
  unrelated.push(await makeAsset(t.db, t.storage, { title: 'Kin Elsewhere', tags: [t1, t2], category: `${category}x` }))
  unrelated.push(await makeAsset(t.db, t.storage, { title: 'Kin Draft', tags: [t1], category, isActive: false }))
}, 60_000)
afterAll(() => t.close())

const ids = (assets: { id: number }[]) => assets.map((a) => a.id).sort((x, y) => x - y)
const firstThree = () => tags.slice(0, 3).join(',')
const viewAllQuery = () =>
  `category=${encodeURIComponent(category)}&tags=${encodeURIComponent(firstThree())}&tag_match=any`

async function explore(query: string) {
  return (await callRoute(exploreLoader, {
    request: makeRequest(`/explore?${query}`),
    context: t.routerContext(),
  })) as Awaited<ReturnType<typeof exploreLoader>>
}

async function api(query: string): Promise<Response> {
  return (await callRoute(assetsApi, {
    request: makeRequest(`/api/assets?${query}`),
    context: t.routerContext(),
  })) as Response
}

async function renderedExplore(query: string): Promise<string> {
  return renderRoute(ExplorePage, `/explore?${query}`, await explore(query))
}

async function renderedAssetPage(asset: Asset): Promise<string> {
  const data = await callRoute(assetPage, {
    request: makeRequest(`/assets/${asset.id}`),
    params: { id: String(asset.id) },
    context: t.routerContext(),
  })
  return renderRoute(AssetPage, `/assets/${asset.id}`, data)
}

describe("Explore's tag match", () => {
  it('every tag by default, any of them with tag_match=any, on the page and in the API', async () => {
    const both = `category=${encodeURIComponent(category)}&tags=${tags[1]},${tags[2]}`
    expect((await explore(both)).result.assets.map((a) => a.title).sort()).toEqual([
      'Kin Second and Third',
      'Kin Source',
    ])
    const either = (await explore(`${both}&tag_match=any`)).result.assets.map((a) => a.title).sort()
    expect(either).toEqual(['Kin Second and Third', 'Kin Sound', 'Kin Source', 'Kin Third'])
    const reply = await api(`${both}&tag_match=any`)
    expect(reply.status).toBe(200)
    expect(((await reply.json()) as { assets: { title: string }[] }).assets.map((a) => a.title).sort()).toEqual(either)
    const every = (await (await api(`${both}&tag_match=all`)).json()) as { total: number }
    expect(every.total).toBe(2)
  })

  it('composes with the other filters, words, sorts and pages', async () => {
    const sounds = await explore(`${viewAllQuery()}&asset_type=audio`)
    expect(sounds.result.assets.map((a) => a.title)).toEqual(['Kin Sound'])
    const worded = (await (await api(`${viewAllQuery()}&search=shouting`)).json()) as { assets: { title: string }[] }
    expect(worded.assets.map((a) => a.title)).toEqual(['Kin Shouting'])
    const second = (await (await api(`${viewAllQuery()}&limit=2&page=2&sort=alphabetical`)).json()) as {
      assets: { title: string }[]
      pageCount: number
    }
    expect(second.pageCount).toBe(3)
    expect(second.assets.map((a) => a.title)).toEqual(['Kin Shouting', 'Kin Sound'])
  })

  it('the filter panel shows it, and every form of the page carries it', async () => {
    const html = await renderedExplore(viewAllQuery())
    expect(html).toMatch(
      /<select[^>]*name="tag_match"[^>]*>.*?<option value="any" selected="">Any of the tags<\/option>/s,
    )
    // The search form and the sort form keep the tags and their match; the panel has its select.
    expect(html.match(/<input type="hidden" name="tag_match" value="any"\/>/g)).toHaveLength(2)
    const plain = await renderedExplore(`tags=${tags[0]},${tags[1]}`)
    expect(plain).not.toContain('name="tag_match" value="any"')
    expect(plain).toMatch(/<option value="all" selected="">Every tag<\/option>/)
  })

  it('the API refuses another match with 400 and says which there are; the page reads it leniently', async () => {
    const reply = await api(`tags=${tags[0]}&tag_match=some`)
    expect(reply.status).toBe(400)
    expect(((await reply.json()) as { error: string }).error).toBe('tag_match must be one of all, any')
    const lenient = await explore(`tags=${tags[1]},${tags[2]}&tag_match=some`)
    expect(lenient.params.tagMatch).toBe('all')
    expect(lenient.result.total).toBe(2)
  })

  it("is recorded as a filter of the artist's search figures (with two tags or more)", async () => {
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36' }
    const [a, b] = [word(), word()]
    for (const url of [`/explore?tags=${a},${b}&tag_match=any`, `/explore?tags=${a}&tag_match=any`])
      await callRoute(exploreLoader, { request: makeRequest(url, { headers: browser }), context: t.routerContext() })
    await callRoute(assetsApi, {
      request: makeRequest(`/api/assets?tags=${b},${a}&tag_match=any`, { headers: browser }),
      context: t.routerContext(),
    })
    await flushBatches()
    const rows = await t.db
      .selectFrom('search_events')
      .select(['filters', 'source'])
      .where(sql<boolean>`filters ->> 'tags' like ${`%${a}%`}`)
      .orderBy('id')
      .execute()
    const sorted = [a, b].sort().join(',')
    expect(rows).toEqual([
      { filters: { tags: sorted, tag_match: 'any' }, source: 'page' },
      { filters: { tags: a }, source: 'page' },
      { filters: { tags: sorted, tag_match: 'any' }, source: 'api' },
    ])
  })
})

describe("the asset page's View All", () => {
  it('lists what the strip chooses from: its category with any of its first 3 tags (and the asset)', async () => {
    const page = (await callRoute(assetPage, {
      request: makeRequest(`/assets/${source.id}`),
      params: { id: String(source.id) },
      context: t.routerContext(),
    })) as { preview: { related: { id: number }[] } }
    expect(ids(page.preview.related)).toEqual(ids(related))

    const html = await renderedAssetPage(source)
    const href = html.match(/href="([^"]+)" data-discover="true">View All<\/a>/)?.[1]?.replace(/&amp;/g, '&')
    expect(href).toBe(
      `/explore?category=${new URLSearchParams({ c: category }).toString().slice(2)}&tags=${encodeURIComponent(firstThree())}&tag_match=any`,
    )
    const listed = await explore(href!.split('?')[1]!)
    expect(ids(listed.result.assets)).toEqual(ids([source, ...related]))
    for (const asset of unrelated) expect(ids(listed.result.assets)).not.toContain(asset.id)
  })

  it('is not offered under "No related assets yet."', async () => {
    const alone = await makeAsset(t.db, t.storage, { title: 'Kin Alone', tags: [word()], category })
    const untagged = await makeAsset(t.db, t.storage, { title: 'Kin Untagged', tags: [], category })
    for (const asset of [alone, untagged]) {
      const html = await renderedAssetPage(asset)
      expect(html).toContain('No related assets yet.')
      expect(html).not.toContain('>View All<')
    }
  })
})
