import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { AssetView } from '~/lib/asset-view'
import {
  aspectRatio,
  cardPicture,
  GRID_MAX_RATIO,
  GRID_MIN_RATIO,
  gridRatio,
  previewSize,
  ratioStyle,
  thumbSize,
  widestCard,
} from '~/lib/asset-shape'
import { PREVIEW_SIZE, THUMB_SIZE } from '~/platform/images.server'

describe("an asset's shape", () => {
  it('is its width over its height', () => {
    expect(aspectRatio({ width: 1600, height: 900 })).toBeCloseTo(16 / 9)
    expect(aspectRatio({ width: 900, height: 1600 })).toBeCloseTo(9 / 16)
    expect(aspectRatio({ width: 1200, height: 1200 })).toBe(1)
  })

  it('is square for audio and anything stored without a size (its picture is drawn square)', () => {
    expect(aspectRatio({ width: null, height: null })).toBe(1)
    expect(aspectRatio({ width: 800, height: null })).toBe(1)
    expect(aspectRatio({ width: 0, height: 0 })).toBe(1)
  })

  it('is its own in the grid, held within limits for panoramas and slivers', () => {
    expect(gridRatio({ width: 1600, height: 900 })).toBeCloseTo(16 / 9)
    expect(gridRatio({ width: 900, height: 1600 })).toBeCloseTo(9 / 16)
    expect(gridRatio({ width: 6000, height: 1000 })).toBe(GRID_MAX_RATIO)
    expect(gridRatio({ width: 100, height: 1000 })).toBe(GRID_MIN_RATIO)
    expect(GRID_MIN_RATIO).toBeLessThanOrEqual(9 / 16)
    expect(GRID_MAX_RATIO).toBeGreaterThanOrEqual(21 / 9)
  })

  it('is written as the --ratio custom property the CSS reads', () => {
    expect(ratioStyle(16 / 9)).toEqual({ '--ratio': '1.7778' })
  })
})

describe('the sizes the <img> tags announce', () => {
  // The server scales with sharp's fit: inside; the width and height attributes must match it.
  const scaled = async (width: number, height: number, size: number) => {
    const made = await sharp({ create: { width, height, channels: 3, background: '#888' } })
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true })
    return { width: made.info.width, height: made.info.height }
  }

  for (const [width, height] of [
    [1600, 900],
    [900, 1600],
    [1200, 1200],
    [2400, 1601],
    [300, 200],
  ] as const) {
    it(`${width}x${height}: the thumbnail's and the preview's real size`, async () => {
      expect(thumbSize({ width, height })).toEqual(await scaled(width, height, THUMB_SIZE))
      expect(previewSize({ width, height })).toEqual(await scaled(width, height, PREVIEW_SIZE))
    })
  }

  it('a sizeless picture is announced square', () => {
    expect(thumbSize({ width: null, height: null })).toEqual({ width: THUMB_SIZE, height: THUMB_SIZE })
  })
})

describe('the files a card offers its picture in', () => {
  const asset = (width: number | null, height: number | null, more: Partial<AssetView> = {}) =>
    ({
      asset_type: 'image',
      width,
      height,
      thumbnail_uploaded: false,
      preview_urls: { thumb: '/t.png', thumb_webp: '/t.webp', preview: '/p.png', preview_webp: '/p.webp' },
      ...more,
    }) as AssetView

  it('a panorama in the rows: the thumbnail and the preview, each with its real width', () => {
    const offered = cardPicture(asset(2500, 1000), 'rows')
    expect(offered?.candidates).toEqual([
      { src: '/t.png', width: THUMB_SIZE },
      { src: '/p.png', width: PREVIEW_SIZE },
    ])
    // Its usual width on a desktop is wider than the thumbnail, so the fallback sizes ask for more.
    expect(offered?.sizes).toMatch(/, (\d+)px$/)
    expect(Number(/, (\d+)px$/.exec(offered!.sizes)![1])).toBeGreaterThan(THUMB_SIZE)
  })

  it('a card that can never be wider than its thumbnail offers the thumbnail alone', () => {
    expect(widestCard('rows', 1)).toBeLessThanOrEqual(THUMB_SIZE)
    expect(cardPicture(asset(1200, 1200), 'rows')).toBeNull()
    expect(cardPicture(asset(900, 1600), 'rows')).toBeNull()
    // A landscape fits the home page's columns.
    expect(cardPicture(asset(1600, 900), 'columns')).toBeNull()
  })

  it("a portrait in a phone's single column of a collection, or the home page's columns, is offered the preview", () => {
    expect(cardPicture(asset(900, 1600), 'cells')?.candidates.map((c) => c.width)).toEqual([270, 788])
    expect(cardPicture(asset(900, 1600), 'columns')).not.toBeNull()
    // A 4:5 portrait's 384 px thumbnail, in one column of a 430 px phone (398 px).
    expect(widestCard('cells', 0.8)).toBeGreaterThanOrEqual(398)
    expect(cardPicture(asset(1200, 1500), 'cells')?.candidates.map((c) => c.width)).toEqual([384, 1120])
  })

  it('never for audio, an uploaded thumbnail, or a picture no larger than its thumbnail', () => {
    expect(cardPicture(asset(null, null, { asset_type: 'audio' }), 'cells')).toBeNull()
    expect(cardPicture(asset(2500, 1000, { thumbnail_uploaded: true }), 'rows')).toBeNull()
    expect(cardPicture(asset(480, 160), 'rows')).toBeNull()
  })
})
