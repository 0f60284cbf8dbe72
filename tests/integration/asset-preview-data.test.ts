import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import type { Asset } from '#db/schema'
import { grantDownload } from '~/domain/downloads/grant.server'
import { loader as assetPage } from '~/routes/asset'
import type { AssetPreviewData } from '~/domain/catalogue/preview.server'
import { createSession } from '~/domain/accounts/sessions.server'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

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
