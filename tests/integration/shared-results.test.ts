import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Asset } from '#db/schema'
import { makeAsset, makeUser } from '../support/factories'
import { createSession } from '~/domain/accounts/sessions.server'
import { deleteAssets, setPublished, updateAsset } from '~/domain/catalogue/assets.server'
import type { AssetPreviewData } from '~/domain/catalogue/preview.server'
import { grantDownload } from '~/domain/downloads/grant.server'
import { addFavourite } from '~/domain/favourites/favourites.server'
import { loader as root } from '~/root'
import { loader as assetPage } from '~/routes/asset'
import { loader as explorePage } from '~/routes/explore'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

// Decision 92: search results and an asset's public parts are shared by every visitor, signed
// in or not. These tests hold the two promises that makes: nothing personal crosses from one
// person to another through it, and a change to the catalogue is never shown stale for long
// (at once for a write by this process; within 10 s for a write by another instance).

let t: TestContext
/** A word no other test file's assets carry: the test database is shared. */
const word = `shared${randomUUID().slice(0, 8)}`
let first: Asset
let second: Asset

beforeAll(async () => {
  t = await createTestContext()
  first = await makeAsset(t.db, t.storage, { title: `${word} glossy orb`, tags: [word, 'orb'], category: 'Abstract' })
  second = await makeAsset(t.db, t.storage, { title: `${word} matte orb`, tags: [word, 'orb'], category: 'Abstract' })
}, 60_000)
afterAll(() => t.close())

async function person() {
  const user = await makeUser(t.db)
  const { token } = await createSession(t.db, user.id)
  return { user, cookie: `__session=${token}` }
}

type ExploreData = { result: { assets: { id: number; title: string }[] }; favouriteIds: number[] }
type RootData = { user: { email: string } | null; quota: { used: number } | null }

async function explore(cookie?: string, q = word): Promise<ExploreData> {
  return (await callRoute(explorePage, {
    request: makeRequest(`/explore?q=${encodeURIComponent(q)}`, { headers: cookie ? { cookie } : {} }),
    context: t.routerContext(),
  })) as ExploreData
}

async function rootData(cookie: string): Promise<RootData> {
  return (await callRoute(root, {
    request: makeRequest(`/explore?q=${word}`, { headers: { cookie } }),
    context: t.routerContext(),
  })) as RootData
}

async function assetData(id: number, cookie?: string): Promise<AssetPreviewData | number> {
  const res = await callRoute(assetPage, {
    request: makeRequest(`/assets/${id}`, { headers: cookie ? { cookie } : {} }),
    params: { id: String(id) },
    context: t.routerContext(),
  })
  if (res && typeof res === 'object' && 'thrown' in res) return (res.thrown as { init: { status: number } }).init.status
  return (res as { preview: AssetPreviewData }).preview
}

const titles = (data: ExploreData) => data.result.assets.map((a) => a.title).sort()

/** Polls until `check` passes; fails if it has not within `ms`. */
async function within(ms: number, check: () => Promise<void>) {
  const until = Date.now() + ms
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > until) throw error
      await new Promise((r) => setTimeout(r, 200))
    }
  }
}

describe('personal data never crosses between people through the shared results', () => {
  it('two people on the same explore URL each see their own hearts, quota and name', async () => {
    const ann = await person()
    const bob = await person()
    await addFavourite(t.db, ann.user.id, first.id)
    await addFavourite(t.db, bob.user.id, second.id)
    const granted = await grantDownload(t.db, t.storage, {
      user: ann.user,
      assetId: first.id,
      options: {},
      secret: 'test-secret-test-secret-test-secret-123',
      siteUrl: 'http://localhost',
    })
    expect(granted.ok).toBe(true)

    // Anonymous first, so the search is computed once and then shared by everyone after.
    const anonymous = await explore()
    expect(anonymous.favouriteIds).toEqual([])
    const [annPage, bobPage, annAgain] = [
      await explore(ann.cookie),
      await explore(bob.cookie),
      await explore(ann.cookie),
    ]
    expect(titles(annPage)).toEqual(titles(anonymous))
    expect(annPage.favouriteIds).toEqual([first.id])
    expect(bobPage.favouriteIds).toEqual([second.id])
    expect(annAgain.favouriteIds).toEqual([first.id])
    expect((await explore()).favouriteIds).toEqual([])

    const [annRoot, bobRoot] = [await rootData(ann.cookie), await rootData(bob.cookie)]
    expect(annRoot.user?.email).toBe(ann.user.email)
    expect(bobRoot.user?.email).toBe(bob.user.email)
    expect(annRoot.quota?.used).toBe(1)
    expect(bobRoot.quota?.used).toBe(0)
  })

  it('two people on the same asset page each see their own heart and today’s download', async () => {
    const ann = await person()
    const bob = await person()
    await addFavourite(t.db, ann.user.id, first.id)
    await grantDownload(t.db, t.storage, {
      user: bob.user,
      assetId: first.id,
      options: {},
      secret: 'test-secret-test-secret-test-secret-123',
      siteUrl: 'http://localhost',
    })
    const seen = [
      await assetData(first.id, ann.cookie),
      await assetData(first.id, bob.cookie),
      await assetData(first.id),
    ]
    const [annView, bobView, anonymousView] = seen as AssetPreviewData[]
    expect(annView.asset.title).toBe(bobView.asset.title)
    expect([annView.isFavourite, annView.downloadedToday]).toEqual([true, false])
    expect([bobView.isFavourite, bobView.downloadedToday]).toEqual([false, true])
    expect([anonymousView.isFavourite, anonymousView.downloadedToday]).toEqual([false, false])
  })
})

describe('a change to the catalogue is never shown stale', () => {
  it('an edit shows at once on the asset page, in a signed-in search and in a neighbour’s Related Assets', async () => {
    const { cookie } = await person()
    const own = await makeAsset(t.db, t.storage, {
      title: `${word} edited before`,
      tags: [word, 'orb'],
      category: 'Abstract',
    })
    expect(((await assetData(own.id, cookie)) as AssetPreviewData).asset.title).toBe(`${word} edited before`)
    expect(titles(await explore(cookie))).toContain(`${word} edited before`)
    const neighbour = (await assetData(first.id)) as AssetPreviewData
    expect(neighbour.related.map((a) => a.title)).toContain(`${word} edited before`)

    await updateAsset(t.db, own.id, { title: `${word} edited after` }, null)
    expect(((await assetData(own.id, cookie)) as AssetPreviewData).asset.title).toBe(`${word} edited after`)
    expect(titles(await explore(cookie))).toContain(`${word} edited after`)
    expect(titles(await explore(cookie))).not.toContain(`${word} edited before`)
    const related = ((await assetData(first.id)) as AssetPreviewData).related.map((a) => a.title)
    expect(related).toContain(`${word} edited after`)
    expect(related).not.toContain(`${word} edited before`)
  })

  it('an unpublished asset is gone at once from its page, the search and its neighbours’ pages', async () => {
    const { cookie } = await person()
    const own = await makeAsset(t.db, t.storage, {
      title: `${word} to unpublish`,
      tags: [word, 'orb'],
      category: 'Abstract',
    })
    expect(titles(await explore(cookie))).toContain(`${word} to unpublish`)
    expect(((await assetData(first.id)) as AssetPreviewData).related.map((a) => a.id)).toContain(own.id)
    await setPublished(t.db, [own.id], false, null)
    expect(await assetData(own.id, cookie)).toBe(404)
    expect(await assetData(own.id)).toBe(404)
    expect(titles(await explore(cookie))).not.toContain(`${word} to unpublish`)
    expect(((await assetData(first.id, cookie)) as AssetPreviewData).related.map((a) => a.id)).not.toContain(own.id)
  })

  it('a deleted asset is gone at once from its page and the search', async () => {
    const { cookie } = await person()
    const own = await makeAsset(t.db, t.storage, {
      title: `${word} to delete`,
      tags: [word, 'orb'],
      category: 'Abstract',
    })
    expect(((await assetData(own.id)) as AssetPreviewData).asset.id).toBe(own.id)
    expect(titles(await explore(cookie))).toContain(`${word} to delete`)
    await deleteAssets(t.db, t.storage, [own.id], null)
    expect(await assetData(own.id)).toBe(404)
    expect(titles(await explore(cookie))).not.toContain(`${word} to delete`)
    expect(((await assetData(first.id)) as AssetPreviewData).related.map((a) => a.id)).not.toContain(own.id)
  })

  it('a change written by another instance (straight to the database) shows within 10 s', async () => {
    const { cookie } = await person()
    const own = await makeAsset(t.db, t.storage, {
      title: `${word} elsewhere before`,
      tags: [word, 'orb'],
      category: 'Abstract',
    })
    expect(((await assetData(own.id, cookie)) as AssetPreviewData).asset.title).toBe(`${word} elsewhere before`)
    expect(titles(await explore(cookie))).toContain(`${word} elsewhere before`)
    // Not through the app's functions: this process is not told, as with another instance's write.
    await sql`update assets set title = ${`${word} elsewhere after`} where id = ${own.id}`.execute(t.db)
    await within(10_000, async () => {
      expect(((await assetData(own.id, cookie)) as AssetPreviewData).asset.title).toBe(`${word} elsewhere after`)
      expect(titles(await explore(cookie))).toContain(`${word} elsewhere after`)
      expect(titles(await explore())).not.toContain(`${word} elsewhere before`)
    })
    await sql`update assets set is_active = false where id = ${own.id}`.execute(t.db)
    await within(10_000, async () => {
      expect(await assetData(own.id, cookie)).toBe(404)
      expect(titles(await explore(cookie))).not.toContain(`${word} elsewhere after`)
    })
  })
})
