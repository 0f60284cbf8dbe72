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

/**
 * Where a card is laid out, which bounds how wide it can be:
 * - `rows`: AssetGrid's justified rows, a card `--row-height` tall at first (240 px, 150 px on
 *   phones: AssetGrid.module.css) and grown with its row up to 1.6 times that;
 * - `columns`: the home page's masonry, four columns of the widest container at most;
 * - `cells`: CollectionGrid's cells of 220 px or more, one to a row on a phone (up to 455 px).
 */
export type CardFrame = 'rows' | 'columns' | 'cells'

const ROW_HEIGHT = 240
const ROW_GROWTH = 1.6
const COLUMN_WIDTH = 310
/** A phone's column of justified rows (390 px wide, less the page's padding). */
const PHONE_WIDTH = 358
/** CollectionGrid's cells are 220 px or more, 16 apart: one to a row below two of them. */
const WIDEST_CELL = 2 * 220 + 16 - 1

/** The widest a card of this ratio is laid out in the frame, in CSS pixels. */
export function widestCard(frame: CardFrame, ratio: number): number {
  if (frame === 'columns') return COLUMN_WIDTH
  if (frame === 'cells') return WIDEST_CELL
  return Math.round(ratio * ROW_HEIGHT * ROW_GROWTH)
}

/**
 * The `sizes` a card's picture is chosen by: the card's width in its frame before its row grows
 * (a row grown further shows the thumbnail a little enlarged rather than every landscape's
 * preview). The 36em and 48em breakpoints are the frames' own (AssetGrid, FreshFromStudio,
 * CollectionGrid).
 */
function usualSizes(frame: CardFrame, ratio: number): string {
  if (frame === 'columns') return `(max-width: 36em) 50vw, (max-width: 48em) 33vw, ${COLUMN_WIDTH}px`
  if (frame === 'cells') return '(max-width: 36em) 100vw, 250px'
  return `(max-width: 36em) ${Math.round(Math.min(ratio * 200, PHONE_WIDTH))}px, ${Math.round(ratio * ROW_HEIGHT)}px`
}

export interface CardPicture {
  /** The files the browser chooses from, each with its width in pixels, smallest first. */
  candidates: { src: string; width: number }[]
  sizes: string
}

/**
 * The files a card offers its picture in. The thumbnail alone where it is as wide as the card can
 * get (most cards: the page stays light); the preview beside it where the card can be wider than
 * the thumbnail (a panorama, a landscape in a grown row, a portrait in a phone's single column),
 * so the browser takes the larger file when the card's width and the screen's density need it.
 * Never for audio (its waveform is drawn for its size) or an uploaded thumbnail (it may show
 * another picture than the preview).
 */
export function cardPicture(asset: AssetView, frame: CardFrame): CardPicture | null {
  if (asset.asset_type === 'audio' || asset.thumbnail_uploaded) return null
  const thumb = thumbSize(asset)
  const preview = previewSize(asset)
  const ratio = gridRatio(asset)
  if (preview.width <= thumb.width || widestCard(frame, ratio) <= thumb.width) return null
  return {
    candidates: [
      { src: asset.preview_urls.thumb, width: thumb.width },
      { src: asset.preview_urls.preview, width: preview.width },
    ],
    sizes: usualSizes(frame, ratio),
  }
}
