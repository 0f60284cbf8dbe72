import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  aspectRatio,
  GRID_MAX_RATIO,
  GRID_MIN_RATIO,
  gridRatio,
  previewSize,
  ratioStyle,
  thumbSize,
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
