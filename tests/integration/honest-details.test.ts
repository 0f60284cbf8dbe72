import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import { grantDownload } from '~/domain/downloads/grant.server'
import { topTags } from '~/domain/catalogue/search.server'
import { FREE_DAILY_DOWNLOADS } from '~/lib/constants'
import { quotaLine, quotaTile } from '~/lib/quota'
import { tagExploreUrl } from '~/lib/tags'
import { loader as assetsApi } from '~/routes/api/assets'
import { loader as explore } from '~/routes/explore'
import { loader as home } from '~/routes/home'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { quotaAsShown } from '../support/quota'

// What the pages say is what is true: a tag's count is what its link finds, a page past the
// last one is not shown as '120 assets' over 'No assets found', and an administrator's
// downloads are not counted against a daily limit they do not have.
let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
}, 60_000)
afterAll(() => t.close())

async function apiTotal(query: string): Promise<{ status: number; body: { total: number; assets: unknown[] } }> {
  const res = (await callRoute(assetsApi, {
    request: makeRequest(`/api/assets?${query}`),
    context: t.routerContext(),
  })) as Response
  return { status: res.status, body: await res.json() }
}

async function exploreTotal(href: string): Promise<number> {
  const data = (await callRoute(explore, { request: makeRequest(href), context: t.routerContext() })) as {
    result: { total: number }
  }
  return data.result.total
}

describe('a tag counts what its link finds', () => {
  it('a tag with words elsewhere: the count, the tag link and the API agree; a word search finds more', async () => {
    const tag = `cobalt${randomUUID().slice(0, 6)}`
    for (let i = 0; i < 3; i++) await makeAsset(t.db, t.storage, { title: `Tagged ${i}`, tags: [tag, 'shape'] })
    // The word without the tag: found by a word search, not by the tag.
    await makeAsset(t.db, t.storage, { title: `Untagged ${tag}`, tags: ['shape'] })
    await makeAsset(t.db, t.storage, { title: 'Described', description: `A ${tag} thing`, tags: ['shape'] })

    const listed = (await topTags(t.db, 100_000)).find((x) => x.tag === tag)
    expect(listed?.count).toBe(3)
    expect(tagExploreUrl(tag)).toBe(`/explore?tags=${tag}`)
    expect(await exploreTotal(tagExploreUrl(tag))).toBe(3)
    expect((await apiTotal(`tags=${tag}`)).body.total).toBe(3)
    expect(await exploreTotal(`/explore?q=${tag}`)).toBe(5)
  })

  it("every tag of the home's 'Browse by Tag' finds its count on the page it links to and through the API", async () => {
    const data = (await callRoute(home, { request: makeRequest('/'), context: t.routerContext() })) as {
      tags: { tag: string; count: number }[]
    }
    expect(data.tags.length).toBeGreaterThan(0)
    for (const { tag, count } of data.tags) {
      expect(await exploreTotal(tagExploreUrl(tag)), tag).toBe(count)
      expect((await apiTotal(`tags=${encodeURIComponent(tag)}`)).body.total, tag).toBe(count)
    }
  })
})

describe('a page past the last one', () => {
  const tag = `paged${randomUUID().slice(0, 6)}`
  beforeAll(async () => {
    for (let i = 0; i < 3; i++) await makeAsset(t.db, t.storage, { title: `Paged ${i}`, tags: [tag] })
  })

  it('/explore redirects to the last page, keeping the rest of the query', async () => {
    const res = (await callRoute(explore, {
      request: makeRequest(`/explore?tags=${tag}&view=list&page=7`),
      context: t.routerContext(),
    })) as Response
    expect(res.status).toBe(302)
    // Three assets make one page: the last page is the first, which the URL leaves out.
    expect(res.headers.get('location')).toBe(`/explore?tags=${tag}&view=list`)
  })

  it('/explore answers a page in range as before', async () => {
    const data = (await callRoute(explore, {
      request: makeRequest(`/explore?tags=${tag}&page=1`),
      context: t.routerContext(),
    })) as { result: { total: number; assets: unknown[] } }
    expect(data.result.total).toBe(3)
    expect(data.result.assets).toHaveLength(3)
  })

  it('an empty search past its page goes to page 1 rather than looping', async () => {
    const res = (await callRoute(explore, {
      request: makeRequest(`/explore?tags=nothing-has-${tag}&page=3`),
      context: t.routerContext(),
    })) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/explore?tags=nothing-has-${tag}`)
  })

  it('the API answers an empty page with the true total and page count', async () => {
    const { status, body } = await apiTotal(`tags=${tag}&limit=2&page=7`)
    expect(status).toBe(200)
    expect(body).toMatchObject({ assets: [], total: 3, page: 7, pageCount: 2 })
  })
})

describe("an administrator's downloads", () => {
  it('are not limited: more than the Free allowance in a day, and the quota says unlimited', async () => {
    const admin = await makeUser(t.db, { role: 'admin', plan: 'free' })
    for (let i = 0; i <= FREE_DAILY_DOWNLOADS; i++) {
      const asset = await makeAsset(t.db, t.storage, { title: `Admin Take ${i}` })
      const grant = await grantDownload(t.db, t.storage, {
        user: admin,
        siteUrl: 'http://localhost:3000',
        assetId: asset.id,
        options: {},
        secret: 'x'.repeat(32),
      })
      expect(grant.ok, `download ${i + 1}`).toBe(true)
    }
    const quota = await quotaAsShown(t.db, admin)
    expect(quota).toMatchObject({ used: FREE_DAILY_DOWNLOADS + 1, limit: null, left: null, administrator: true })
    expect(quotaLine(quota)).toBe('Unlimited downloads (administrator)')
    expect(quotaTile(quota).value).toBe('Unlimited')
  })

  it('a Free user is still stopped after the allowance', async () => {
    const user = await makeUser(t.db)
    const results: boolean[] = []
    for (let i = 0; i <= FREE_DAILY_DOWNLOADS; i++) {
      const asset = await makeAsset(t.db, t.storage, { title: `Free Take ${i}` })
      const grant = await grantDownload(t.db, t.storage, {
        user,
        siteUrl: 'http://localhost:3000',
        assetId: asset.id,
        options: {},
        secret: 'x'.repeat(32),
      })
      results.push(grant.ok)
    }
    expect(results).toEqual([...Array(FREE_DAILY_DOWNLOADS).fill(true), false])
    expect(quotaLine(await quotaAsShown(t.db, user))).toBe(`0 of ${FREE_DAILY_DOWNLOADS} free downloads left today`)
  })
})
