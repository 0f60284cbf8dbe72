import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import { loader as assetsApi } from '~/routes/api/assets'
import { loader as tagsApi } from '~/routes/api/assets-tags'
import { loader as adminAssetApi } from '~/routes/api/admin/assets-id'
import { createSession } from '~/domain/accounts/sessions.server'
import { loader as explore } from '~/routes/explore'
import { loader as assetPage } from '~/routes/asset'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

describe('GET /api/assets', () => {
  let t: TestContext
  const category = `Api ${randomUUID().slice(0, 8)}`
  beforeAll(async () => {
    t = await createTestContext()
    for (let i = 0; i < 3; i++) {
      await makeAsset(t.db, t.storage, {
        title: `Api Teapot ${i}`,
        tags: '["Kitchen", "Teapot"]',
        category,
        assetType: i === 2 ? 'image' : '3d',
      })
    }
  }, 60_000)
  afterAll(() => t.close())

  const get = async (query: string) => {
    const res = (await callRoute(assetsApi, {
      request: makeRequest(`/api/assets?${query}`),
      context: t.routerContext(),
    })) as Response
    return { status: res.status, body: await res.json() }
  }

  it('returns {assets, total} with the spec fields', async () => {
    const { status, body } = await get(`category=${encodeURIComponent(category)}&sort=alphabetical&limit=2`)
    expect(status).toBe(200)
    expect(body.total).toBe(3)
    expect(body.assets).toHaveLength(2)
    const [asset] = body.assets
    for (const field of [
      'id',
      'title',
      'description',
      'tags',
      'category',
      'image',
      'thumbnail',
      'preview_urls',
      'download_count',
      'is_active',
      'created_at',
      'asset_type',
    ]) {
      expect(asset).toHaveProperty(field)
    }
    expect(asset.tags).toEqual(['kitchen', 'teapot'])
    expect(asset.preview_urls.thumb).toMatch(/^\/images\//)
  })

  it('searches with search= and filters by asset_type and tags', async () => {
    const { body } = await get(`search=teapot&asset_type=image&category=${encodeURIComponent(category)}&tags=kitchen`)
    expect(body.total).toBe(1)
    expect(body.assets[0].asset_type).toBe('image')
  })

  it('says which words it searched when it corrected a typo, and exact=true searches them as typed', async () => {
    const inCategory = `category=${encodeURIComponent(category)}`
    const typo = await get(`search=teapto&${inCategory}`)
    expect({ total: typo.body.total, correctedQuery: typo.body.correctedQuery }).toEqual({
      total: 3,
      correctedQuery: 'teapot',
    })
    const asTyped = await get(`search=teapto&exact=true&${inCategory}`)
    expect({ total: asTyped.body.total, correctedQuery: asTyped.body.correctedQuery }).toEqual({
      total: 0,
      correctedQuery: null,
    })
    expect((await get(`search=teapot&${inCategory}`)).body.correctedQuery).toBeNull()
    const bad = await get('search=teapto&exact=maybe')
    expect({ status: bad.status, error: bad.body.error }).toEqual({ status: 400, error: 'exact must be true or false' })
  })

  it('gives each asset its palette: {hex, weight}, biggest share first (decision 60)', async () => {
    const paletteCategory = `${category} palette`
    // A full-bleed red square: one colour covering every pixel.
    const red = await makeAsset(t.db, t.storage, {
      title: 'Api Red Square',
      category: paletteCategory,
      assetType: 'image',
      colour: '#ff0000',
    })
    // A known palette of several colours, as a stored row has it (OKLab coordinates stay inside).
    const known = [
      { hex: '#3b82f6', weight: 0.7, l: 0.6231, a: -0.0326, b: -0.1855 },
      { hex: '#ffffff', weight: 0.2, l: 1, a: 0, b: 0 },
      { hex: '#000000', weight: 0.1, l: 0, a: 0, b: 0 },
    ]
    const blue = await makeAsset(t.db, t.storage, { title: 'Api Blue Palette', category: paletteCategory })
    await t.db
      .updateTable('assets')
      .set({ palette: JSON.stringify(known) })
      .where('id', '=', blue.id)
      .execute()
    const { body } = await get(`category=${encodeURIComponent(paletteCategory)}&limit=100`)
    const byTitle = new Map((body.assets as { title: string; palette: unknown }[]).map((a) => [a.title, a.palette]))
    expect(byTitle.get('Api Red Square')).toEqual([{ hex: '#ff0000', weight: 1 }])
    expect(byTitle.get('Api Blue Palette')).toEqual(known.map(({ hex, weight }) => ({ hex, weight })))
    // The admin JSON shares the view.
    const admin = await makeUser(t.db, { role: 'admin' })
    const { token } = await createSession(t.db, admin.id)
    const res = (await callRoute(adminAssetApi, {
      request: makeRequest(`/api/admin/assets/${red.id}`, { headers: { authorization: `Bearer ${token}` } }),
      params: { id: String(red.id) },
      context: t.routerContext(),
    })) as Response
    expect(((await res.json()) as { palette: unknown }).palette).toEqual([{ hex: '#ff0000', weight: 1 }])
    // An asset whose palette is not computed yet answers an empty list, never null.
    await t.db.updateTable('assets').set({ palette: null }).where('id', '=', blue.id).execute()
    const again = await get(`category=${encodeURIComponent(paletteCategory)}&limit=100`)
    expect(
      (again.body.assets as { title: string; palette: unknown }[]).find((a) => a.title === 'Api Blue Palette')!.palette,
    ).toEqual([])
  })

  it('takes limit up to 100 and refuses more with 400, as documented', async () => {
    expect((await get('limit=100')).body.limit).toBe(100)
    const { status, body } = await get('limit=101')
    expect(status).toBe(400)
    expect(body.error).toBe('limit must be at most 100')
  })

  it.each([
    ['sort=random', 'sort must be one of'],
    ['asset_type=video', 'asset_type must be one of'],
    ['page=0', 'page must be at least 1'],
    ['page=abc', 'page must be a whole number'],
    ['limit=-1', 'limit must be a whole number'],
    ['limit=0', 'limit must be at least 1'],
    [`search=${'x'.repeat(201)}`, 'search must be at most 200 characters'],
  ])('answers 400 with a JSON error for %s', async (query, message) => {
    const { status, body } = await get(query)
    expect(status).toBe(400)
    expect(body.error).toContain(message)
  })
})

describe('GET /api/assets/tags', () => {
  it('returns tags with count and thumbnail, sorted by count descending', async () => {
    const t = await createTestContext()
    await makeAsset(t.db, t.storage, { tags: ['tagapi-common', 'tagapi-rare'] })
    await makeAsset(t.db, t.storage, { tags: ['tagapi-common'] })
    const res = (await callRoute(tagsApi, {
      request: makeRequest('/api/assets/tags'),
      context: t.routerContext(),
    })) as Response
    const body = await res.json()
    expect(res.status).toBe(200)
    const counts = body.tags.map((x: { count: number }) => x.count)
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a))
    for (const tag of body.tags) expect(Object.keys(tag).sort()).toEqual(['count', 'tag', 'thumbnail'])
    await t.close()
  })
})

describe('explore and asset pages', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await createTestContext()
  })
  afterAll(() => t.close())

  it('explore reads the URL leniently and opens the preview of ?assetId=', async () => {
    const category = `Page ${randomUUID().slice(0, 6)}`
    const a = await makeAsset(t.db, t.storage, { title: 'Page Lamp', tags: ['lamp', 'desk', 'light'], category })
    const b = await makeAsset(t.db, t.storage, { title: 'Page Lamp Two', tags: ['light'], category })
    const url = `/explore?category=${encodeURIComponent(category)}&sort=bogus&page=x&assetId=${a.id}`
    const data = (await callRoute(explore, { request: makeRequest(url), context: t.routerContext() })) as Awaited<
      ReturnType<typeof explore>
    >
    expect(data.result.total).toBe(2)
    expect(data.preview?.asset.id).toBe(a.id)
    expect(data.preview?.related.map((r) => r.id)).toEqual([b.id])
  })

  it('a draft or unknown asset opens no preview and its page is a 404', async () => {
    const draft = await makeAsset(t.db, t.storage, { isActive: false })
    const data = (await callRoute(explore, {
      request: makeRequest(`/explore?assetId=${draft.id}`),
      context: t.routerContext(),
    })) as Awaited<ReturnType<typeof explore>>
    expect(data.preview).toBeNull()
    for (const id of [String(draft.id), '999999999', 'abc']) {
      const res = await callRoute(assetPage, {
        request: makeRequest(`/assets/${id}`),
        params: { id },
        context: t.routerContext(),
      })
      expect((res as { thrown: { init: { status: number } } }).thrown.init.status).toBe(404)
    }
  })
})
