import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset } from '../support/factories'
import type { Asset } from '#db/schema'
import { createAsset } from '~/domain/catalogue/assets.server'
import { backfillPalettes, paletteBackfill, paletteOf } from '~/domain/catalogue/palette.server'
import { searchAssets } from '~/domain/catalogue/search.server'
import { similarColours } from '~/domain/catalogue/related.server'
import { getAssetPreview } from '~/domain/catalogue/preview.server'
import { loader as apiAssets } from '~/routes/api/assets'
import { loader as explore } from '~/routes/explore'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

let t: TestContext
const made: Record<string, Asset> = {}

/** An opaque picture: a solid colour of the given size (a full-bleed 'image' asset). */
const solid = (hex: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: hex } })
    .png()
    .toBuffer()

beforeAll(async () => {
  t = await createTestContext()
  const picture = async (key: string, title: string, hex: string, width: number, height: number) => {
    made[key] = await createAsset(t.db, t.storage, {
      original: await solid(hex, width, height),
      originalFilename: `${key}.png`,
      title,
      tags: ['palette-test'],
      category: 'Colours',
      assetType: 'image',
      isActive: true,
    })
  }
  await picture('redWide', 'Crimson Field', '#d32f2f', 400, 200)
  await picture('blueTall', 'Ocean Column', '#1565c0', 200, 400)
  await picture('greenSquare', 'Moss Tile', '#388e3c', 300, 300)
  // A transparent 3D render: a blue sphere on nothing.
  made.blueRender = await makeAsset(t.db, t.storage, {
    title: 'Blue Glass Orb',
    colour: '#1e88e5',
    tags: ['palette-test'],
    category: 'Colours',
  })
}, 60_000)
afterAll(() => t.close())

const ids = (assets: { id: number }[]) => assets.map((a) => a.id).sort()
const search = (q: Parameters<typeof searchAssets>[1]) => searchAssets(t.db, { tags: ['palette-test'], ...q })

describe('palettes', () => {
  it('are computed at upload: dominant colours with weights, and whether the background is transparent', async () => {
    const row = await t.db
      .selectFrom('assets')
      .select(['palette', 'colour_swatches', 'has_transparency', 'orientation'])
      .where('id', '=', made.redWide.id)
      .executeTakeFirstOrThrow()
    expect(row.palette?.[0]).toMatchObject({ hex: '#d32f2f', weight: 1 })
    expect(row.colour_swatches).toContain('red')
    expect(row.has_transparency).toBe(false)
    expect(row.orientation).toBe('landscape')
    const render = await t.db
      .selectFrom('assets')
      .select(['has_transparency', 'colour_swatches'])
      .where('id', '=', made.blueRender.id)
      .executeTakeFirstOrThrow()
    expect(render.has_transparency).toBe(true)
    expect(render.colour_swatches).toContain('blue')
  })

  it('weights sum to at most 1 and ignore transparent pixels', async () => {
    const half = await sharp({
      create: { width: 100, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: await sharp({ create: { width: 50, height: 100, channels: 4, background: '#ffeb3b' } })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer()
    const { palette, transparent } = await paletteOf(half)
    expect(transparent).toBe(true)
    expect(palette[0].hex).toBe('#ffeb3b')
    expect(palette[0].weight).toBe(1)
  })

  it('the backfill fills assets without a palette from their thumbnail', async () => {
    await t.db
      .updateTable('assets')
      .set({ palette: null, colour_swatches: [], has_transparency: null })
      .where('id', '=', made.greenSquare.id)
      .execute()
    expect(ids((await search({ colour: 'green' })).assets)).toEqual([])
    expect(await backfillPalettes(t.db, t.storage)).toBeGreaterThanOrEqual(1)
    expect(ids((await search({ colour: 'green' })).assets)).toEqual([made.greenSquare.id])
  })

  it('the backfill job fills them in chunks, each chunk sending the next; one chain however often it is sent', async () => {
    await t.db
      .updateTable('assets')
      .set({ palette: null, colour_swatches: [], has_transparency: null })
      .where('id', 'in', [made.greenSquare.id, made.redWide.id])
      .execute()
    const version = () => t.db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()
    const before = await version()
    // One asset a chunk, no pause: the chain is a job per asset, run here until none is due.
    expect(await paletteBackfill.send(t.services.jobs, { chunk: 1, pauseMs: 0 })).toBeTruthy()
    // A second start while the first chunk waits: the same chain, not a second one.
    expect(await paletteBackfill.send(t.services.jobs)).toBeNull()
    const ran = await t.services.jobs.runDue({ names: [paletteBackfill.job.name] })
    expect(ran).toBeGreaterThanOrEqual(3)
    expect(ids((await search({ colour: 'green' })).assets)).toEqual([made.greenSquare.id])
    expect(ids((await search({ colour: 'red' })).assets)).toEqual([made.redWide.id])
    const jobs = await t.services.jobs.list({ names: [paletteBackfill.job.name], states: ['completed', 'failed'] })
    expect(jobs.every((job) => job.state === 'completed')).toBe(true)
    // Filling palettes leaves every instance's caches alone (decision 98); an edit does not.
    expect(await version()).toEqual(before)
    await t.db.updateTable('assets').set({ title: 'Moss Tile' }).where('id', '=', made.greenSquare.id).execute()
    expect(Number((await version()).version)).toBeGreaterThan(Number(before.version))
  })
})

describe('colour, orientation and transparency filters', () => {
  it('a swatch finds the assets with that colour, and only those', async () => {
    expect(ids((await search({ colour: 'red' })).assets)).toEqual([made.redWide.id])
    expect(ids((await search({ colour: 'blue' })).assets)).toEqual(ids([made.blueTall, made.blueRender]))
    expect((await search({ colour: 'yellow' })).assets).toEqual([])
  })

  it('#rrggbb finds palettes near it in OKLab, ranked by closeness under relevance', async () => {
    expect(ids((await search({ colour: '#c62828' })).assets)).toEqual([made.redWide.id])
    // Both blue assets match 'blue'; the sphere (#1e88e5) is closer to #2196f3 than the column.
    const close = await search({ colour: '#1565c0', q: 'colours', sort: 'relevance' })
    expect(close.assets.map((a) => a.id)[0]).toBe(made.blueTall.id)
    const other = await search({ colour: '#1e88e5', q: 'colours', sort: 'relevance' })
    expect(other.assets.map((a) => a.id)[0]).toBe(made.blueRender.id)
  })

  it('orientation and transparent-only', async () => {
    expect(ids((await search({ orientation: 'landscape' })).assets)).toEqual([made.redWide.id])
    expect(ids((await search({ orientation: 'portrait' })).assets)).toEqual([made.blueTall.id])
    expect(ids((await search({ orientation: 'square' })).assets)).toEqual(ids([made.greenSquare, made.blueRender]))
    expect(ids((await search({ transparentOnly: true })).assets)).toEqual([made.blueRender.id])
    expect(ids((await search({ transparentOnly: true, colour: 'red' })).assets)).toEqual([])
    expect(ids((await search({ q: 'orb', orientation: 'square' })).assets)).toEqual([made.blueRender.id])
  })

  it('GET /api/assets takes color, orientation and transparent; bad values are 400s', async () => {
    const get = async (query: string) =>
      (await callRoute(apiAssets, {
        request: makeRequest(`/api/assets?tags=palette-test&${query}`),
        context: t.routerContext(),
      })) as Response
    const body = async (query: string) => ((await (await get(query)).json()) as { assets: { id: number }[] }).assets
    expect(ids(await body('color=red'))).toEqual([made.redWide.id])
    expect(ids(await body('color=%232e7d32'))).toEqual([made.greenSquare.id])
    expect(ids(await body('orientation=portrait'))).toEqual([made.blueTall.id])
    expect(ids(await body('transparent=true&color=blue'))).toEqual([made.blueRender.id])
    for (const [query, message] of [
      ['color=reddish', /color must be one of red, orange/],
      ['color=%23ff00', /color must be one of .* or a colour as #rrggbb/],
      ['orientation=diagonal', /orientation must be one of landscape, portrait, square/],
      ['transparent=maybe', /transparent must be true or false/],
    ] as const) {
      const res = await get(query)
      expect(res.status, query).toBe(400)
      expect(((await res.json()) as { error: string }).error).toMatch(message)
    }
  })

  it('/explore filters by swatch links and the filters form, and offers the active colour for removal', async () => {
    const page = async (query: string) =>
      (await callRoute(explore, {
        request: makeRequest(`/explore?tags=palette-test&${query}`),
        context: t.routerContext(),
      })) as { result: { assets: { id: number }[] }; params: { color: string } }
    const red = await page('color=red')
    expect(ids(red.result.assets)).toEqual([made.redWide.id])
    expect(red.params.color).toBe('red')
    expect(ids((await page('color=2E7D32')).result.assets)).toEqual([made.greenSquare.id])
    expect(ids((await page('orientation=portrait&transparent=1')).result.assets)).toEqual([])
    expect(ids((await page('orientation=square&transparent=1')).result.assets)).toEqual([made.blueRender.id])
    // An unknown colour on the page is ignored (pages read their URL leniently).
    expect((await page('color=nope')).params.color).toBe('')
  })
})

describe('similar colours', () => {
  it('lists the closest palettes first, never the asset itself, in the preview data', async () => {
    // Other test files share the database (and the factories' default is blue): rank ours.
    const ours = new Set(Object.values(made).map((a) => a.id))
    const similar = (await similarColours(t.db, made.blueTall.id, 1000)).filter((a) => ours.has(a.id))
    expect(similar[0]?.id).toBe(made.blueRender.id)
    expect(similar.map((a) => a.id)).not.toContain(made.blueTall.id)
    expect(similar.map((a) => a.id)).not.toContain(made.redWide.id)
    // The dialog's strip is that same list for the asset shown (its first ten).
    const preview = await getAssetPreview(t.db, made.blueRender.id)
    expect(preview?.similar.map((a) => a.id)).toEqual((await similarColours(t.db, made.blueRender.id)).map((a) => a.id))
    expect(preview?.similar.map((a) => a.id)).not.toContain(made.blueRender.id)
    expect((await similarColours(t.db, made.blueRender.id, 1000)).map((a) => a.id)).toContain(made.blueTall.id)
  })
})
