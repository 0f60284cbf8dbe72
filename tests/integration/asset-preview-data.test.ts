import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import type { Asset } from '#db/schema'
import { grantDownload } from '~/domain/downloads/grant.server'
import AssetPage, { loader as assetPage } from '~/routes/asset'
import type { AssetPreviewData } from '~/domain/catalogue/preview.server'
import { relatedAssets } from '~/domain/catalogue/related.server'
import { createSession } from '~/domain/accounts/sessions.server'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { renderRoute } from '../support/render-route'

let t: TestContext
let sound: Asset
let render: Asset

beforeAll(async () => {
  t = await createTestContext()
  sound = await makeAsset(t.db, t.storage, { title: 'Quiet Rain', assetType: 'audio' })
  await makeAsset(t.db, t.storage, { title: 'Loud Rain', assetType: 'audio' })
  render = await makeAsset(t.db, t.storage, { title: 'Blue Orb', colour: '#2255ff' })
  await makeAsset(t.db, t.storage, { title: 'Bluer Orb', colour: '#2050ff' })
}, 60_000)
afterAll(() => t.close())

async function pageData(asset: Asset, cookie?: string): Promise<AssetPreviewData> {
  const res = (await callRoute(assetPage, {
    request: makeRequest(`/assets/${asset.id}`, { headers: cookie ? { cookie } : {} }),
    params: { id: String(asset.id) },
    context: t.routerContext(),
  })) as { preview: AssetPreviewData }
  return res.preview
}

describe("the asset page's data", () => {
  it("audio has no 'Similar colours' (a picture does)", async () => {
    expect((await pageData(sound)).similar).toEqual([])
    expect((await pageData(render)).similar.length).toBeGreaterThan(0)
  })

  it('gives the strips only what a thumbnail needs, never whole assets (the page carries its data)', async () => {
    const { related, similar } = await pageData(render)
    const bluer = similar.find((item) => item.title === 'Bluer Orb')
    expect(bluer).toBeDefined()
    expect(Object.keys(bluer!).sort()).toEqual(['asset_type', 'height', 'id', 'thumbnail', 'title', 'width'])
    expect(bluer!.thumbnail).toMatch(/thumb/)
    for (const item of [...related, ...similar]) expect(item).not.toHaveProperty('palette')
  })

  it('Related Assets: same category, one of the first 3 tags; the most shared tags first, then the most downloaded', async () => {
    const word = () => `rel${randomUUID().slice(0, 8)}`
    const [t1, t2, t3, t4] = [word(), word(), word(), word()]
    const category = `Related ${randomUUID().slice(0, 6)}`
    const source = await makeAsset(t.db, t.storage, { title: 'Source', tags: [t1, t2, t3, t4], category })
    const made: { asset: Asset; shared: number }[] = []
    const related = async (title: string, tags: string[], downloadCount: number, shared: number, spelled = category) =>
      made.push({ asset: await makeAsset(t.db, t.storage, { title, tags, category: spelled, downloadCount }), shared })
    await related('Two shared', [t1, t2], 0, 2)
    await related('One shared, downloaded', [t1], 100, 1)
    await related('Third tag shared', [t3, 'other'], 5, 1)
    // The category in other letters; as many downloads, so the newer one first.
    await related('Shouting category', [t2], 100, 1, category.toUpperCase())
    // Only the first 3 tags count: one shared, not two.
    await related('Fourth tag too', [t4, t3], 50, 1)
    // Not related: another category, only the 4th tag, a draft.
    await makeAsset(t.db, t.storage, { title: 'Elsewhere', tags: [t1, t2, t3], category: `${category} else` })
    await makeAsset(t.db, t.storage, { title: 'Fourth tag only', tags: [t4], category })
    await makeAsset(t.db, t.storage, { title: 'Draft', tags: [t1, t2, t3], category, isActive: false })
    const expected = () =>
      [...made]
        .sort(
          (x, y) => y.shared - x.shared || y.asset.download_count - x.asset.download_count || y.asset.id - x.asset.id,
        )
        .slice(0, 10)
        .map((m) => m.asset.id)
    const shown = async () => (await pageData(source)).related.map((r) => r.id)
    const [two, downloaded, third, shouting, fourth] = made.map((m) => m.asset.id)
    expect(await shown()).toEqual([two, shouting, downloaded, fourth, third])
    // The same rule from the asset's values (the domain's door).
    const view = { id: source.id, category, tags: [t1, t2, t3, t4] }
    expect((await relatedAssets(t.db, view)).map((a) => a.id)).toEqual(await shown())

    // More than ten: the ten best, from the newest assets first. A shared tag counts wherever
    // the related asset has it (the most downloaded of these has it fifth).
    for (let i = 0; i < 9; i++) await related(`More ${i}`, i === 8 ? ['m1', 'm2', 'm3', 'm4', t2] : [t2], 10 + i, 1)
    expect(await shown()).toEqual(expected())
    expect((await shown())[0]).toBe(made[0]!.asset.id)
    expect(await shown()).not.toContain(third)
    expect((await relatedAssets(t.db, view)).map((a) => a.id)).toEqual(expected())
  })

  it('says whether the signed-in user took the asset today (a repeat is free with the quota spent)', async () => {
    const user = await makeUser(t.db)
    const cookie = `__session=${(await createSession(t.db, user.id)).token}`
    expect((await pageData(render, cookie)).downloadedToday).toBe(false)
    await grantDownload(t.db, t.storage, {
      user,
      assetId: render.id,
      options: {},
      secret: 'x'.repeat(32),
      siteUrl: 'http://localhost:3000',
    })
    expect((await pageData(render, cookie)).downloadedToday).toBe(true)
    expect((await pageData(sound, cookie)).downloadedToday).toBe(false)
    expect((await pageData(render)).downloadedToday).toBe(false)
  })
})

/** The asset page as the server renders it, with the loader's answer. */
async function renderedPage(asset: Asset): Promise<string> {
  const data = await callRoute(assetPage, {
    request: makeRequest(`/assets/${asset.id}`),
    params: { id: String(asset.id) },
    context: t.routerContext(),
  })
  return renderRoute(AssetPage, `/assets/${asset.id}`, data)
}

const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'")

describe('the facts line under the description', () => {
  async function factsLine(asset: Asset): Promise<string> {
    return textOf(await renderedPage(asset))
      .match(/[^.]*\d+ downloads?/)![0]
      .trim()
  }

  it('names only the facts the asset has, one separator between each', async () => {
    const plain = await makeAsset(t.db, t.storage, { title: 'Uncategorised Cube', category: '' })
    const line = await factsLine(plain)
    expect(line).toMatch(/^\d+×\d+ PNG · /)
    expect(line).not.toMatch(/· ·|^·/)
    expect(await factsLine(render)).toMatch(/^Abstract · \d+×\d+ PNG · /)
  })
})
