import type { CSSProperties } from 'react'
import type { AssetView } from './asset-view'

/**
 * The shape of an asset's picture, from the width and height the server stored, so cards and
 * the preview are laid out at their real ratio before any image arrives (no layout shift, no
 * JavaScript needed).
 */

/** The long side of the thumbnail and of the preview (see app/platform/images.server.ts). */
const THUMB_LONG_SIDE = 480
const PREVIEW_LONG_SIDE = 1400

/**
 * The narrowest and widest card the grid lays out. A panorama or a sliver beyond these is
 * shown whole (letterboxed) in a card of the nearest allowed shape, so it neither fills a row
 * alone at a few pixels tall nor squeezes its neighbours.
 */
export const GRID_MIN_RATIO = 0.4
export const GRID_MAX_RATIO = 3

type Shaped = Pick<AssetView, 'width' | 'height'>

/**
 * Width over height of the picture. Audio and anything stored without a size show a square
 * picture (the waveform is drawn square), so they count as 1.
 */
export function aspectRatio(asset: Shaped): number {
  const { width, height } = asset
  if (!width || !height || width <= 0 || height <= 0) return 1
  return width / height
}

/** The ratio of an asset's card in the grid: its own, held within the grid's limits. */
export function gridRatio(asset: Shaped): number {
  return Math.min(GRID_MAX_RATIO, Math.max(GRID_MIN_RATIO, aspectRatio(asset)))
}

/** Width and height of a picture scaled to fit `longSide` (never enlarged), as the server scales it. */
export function fitInside(asset: Shaped, longSide: number): { width: number; height: number } {
  const ratio = aspectRatio(asset)
  const long = Math.min(longSide, Math.max(asset.width || longSide, asset.height || longSide))
  return ratio >= 1
    ? { width: long, height: Math.max(1, Math.round(long / ratio)) }
    : { width: Math.max(1, Math.round(long * ratio)), height: long }
}

/** The thumbnail's pixel size, for the card's <img width height>. */
export const thumbSize = (asset: Shaped) => fitInside(asset, THUMB_LONG_SIDE)

/** The preview's pixel size, for the dialog's <img width height>. */
export const previewSize = (asset: Shaped) => fitInside(asset, PREVIEW_LONG_SIDE)

/** The CSS custom property the card, the related strip and the preview stage read their shape from. */
export function ratioStyle(ratio: number): CSSProperties {
  return { '--ratio': ratio.toFixed(4) } as CSSProperties
}
