import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset } from '../support/factories'
import { loader as tagsApi } from '~/routes/api/assets-tags'
import { loader as explore } from '~/routes/explore'
import { updateAsset } from '~/domain/catalogue/assets.server'
import { publicFileUrl } from '~/platform/storage.server'
import { callRoute, createTestContext, emptyCatalogue, makeRequest, type TestContext } from '../support/context'

// An Explore tab's filters are that type's: the Images tab suggests picture words, not 'loop'
// and 'ambience', and lists the categories that hold images, with their images counted;
// GET /api/assets/tags?asset_type= answers the same tags.
describe('the filters of one type', () => {
  let t: TestContext
  const thumbnailOf = new Map<string, string>()
  beforeAll(async () => {
    t = await createTestContext()
    await emptyCatalogue(t.db)
    const made = [
      { assetType: '3d', tags: ['robot', 'metal'], category: 'Technology', downloadCount: 50 },
      { assetType: '3d', tags: ['robot'], category: 'Technology' },
      { assetType: 'image', tags: ['sunset', 'metal'], category: 'Nature', downloadCount: 10 },
      { assetType: 'image', tags: ['sunset'], category: 'Technology' },
      { assetType: 'audio', tags: ['loop', 'metal'], category: 'Music Loops', downloadCount: 5 },
      { assetType: 'audio', tags: ['loop'], category: 'Nature' },
    ] as const
    for (const input of made) {
      const asset = await makeAsset(t.db, t.storage, { ...input, tags: [...input.tags] })
      thumbnailOf.set(publicFileUrl(asset.thumb_png_key), input.assetType)
    }
    // A draft is never counted.
    await makeAsset(t.db, t.storage, { assetType: 'audio', tags: ['unreleased'], isActive: false })
  }, 60_000)
  afterAll(() => t.close())

  const api = async (query = '') => {
    const res = (await callRoute(tagsApi, {
      request: makeRequest(`/api/assets/tags${query}`),
      context: t.routerContext(),
    })) as Response
    return { status: res.status, body: await res.json() }
  }
  const counts = (tags: { tag: string; count: number }[]) => tags.map(({ tag, count }) => `${tag} ${count}`)
  const typeOfThumbnail = (url: string) => thumbnailOf.get(url)

  it('counts only that type, and each thumbnail is of that type', async () => {
    const all = await api()
    expect(counts(all.body.tags)).toEqual(['metal 3', 'loop 2', 'robot 2', 'sunset 2'])
    const audio = await api('?asset_type=audio')
    expect(audio.status).toBe(200)
    expect(counts(audio.body.tags)).toEqual(['loop 2', 'metal 1'])
    const image = await api('?asset_type=image')
    expect(counts(image.body.tags)).toEqual(['sunset 2', 'metal 1'])
    // 'metal' is on all three types; the 3D one is downloaded most, but not on the Images tab.
    expect(typeOfThumbnail(all.body.tags[0].thumbnail)).toBe('3d')
    for (const tag of image.body.tags) expect(typeOfThumbnail(tag.thumbnail), tag.tag).toBe('image')
    for (const tag of audio.body.tags) expect(typeOfThumbnail(tag.thumbnail), tag.tag).toBe('audio')
  })

  it('refuses a type that does not exist with 400 and a message', async () => {
    const res = await api('?asset_type=video')
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('asset_type must be one of 3d, image, audio')
  })

  it("the explore page's filter panel offers the chosen type's tags and categories", async () => {
    const page = async (query: string) => {
      const data = (await callRoute(explore, {
        request: makeRequest(`/explore${query}`),
        context: t.routerContext(),
      })) as { popularTags: { tag: string }[]; categories: { category: string; count: number }[] }
      return {
        tags: data.popularTags.map((x) => x.tag),
        categories: data.categories.map(({ category, count }) => `${category} ${count}`),
      }
    }
    const audio = await page('?asset_type=audio')
    expect(audio.tags).toEqual(['loop', 'metal'])
    expect(audio.categories).toEqual(['Music Loops 1', 'Nature 1'])
    const threeD = await page('?asset_type=3d')
    expect(threeD.tags).toEqual(['robot', 'metal'])
    expect(threeD.categories).toEqual(['Technology 2'])
    // 'Technology' holds two renders and an image: one on the Images tab.
    const image = await page('?asset_type=image')
    expect(image.categories).toEqual(['Nature 1', 'Technology 1'])
    // A category carried over from another tab stays in the list, with what it holds here.
    expect((await page('?asset_type=audio&category=Technology')).categories).toEqual([
      'Music Loops 1',
      'Nature 1',
      'Technology 0',
    ])
    const all = await page('')
    expect(all.tags).toEqual(['metal', 'loop', 'robot', 'sunset'])
    expect(all.categories).toEqual(['Music Loops 1', 'Nature 2', 'Technology 3'])
  })

  it('follows an edit at once: the tags of an edited asset count at once', async () => {
    const [sound] = await t.db
      .selectFrom('assets')
      .select('id')
      .where(sql<boolean>`tags = array['loop']`)
      .limit(1)
      .execute()
    await updateAsset(t.db, sound.id, { tags: ['drone'] }, null)
    expect(counts((await api('?asset_type=audio')).body.tags)).toEqual(['drone 1', 'loop 1', 'metal 1'])
  })
})
