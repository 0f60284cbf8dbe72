import type { AssetType } from './constants'
import { PLACEHOLDER_IMAGE } from './constants'

/** An asset as pages and the public API show it. */
export interface AssetView {
  id: number
  title: string
  description: string
  tags: string[]
  category: string
  asset_type: AssetType
  download_count: number
  is_active: boolean
  created_at: string
  /** The preview as PNG; `preview_urls` has the WebP variants. */
  image: string
  thumbnail: string
  preview_urls: { thumb: string; thumb_webp: string; preview: string; preview_webp: string }
  width: number | null
  height: number | null
  dominant_colour: string | null
  /** The dominant colours, biggest share first (up to 5); empty until computed, never null. */
  palette: PaletteEntry[]
  /** What the download gives: 'PNG', 'JPG', 'WAV', 'MP3', 'OGG', 'OPUS', 'FLAC'. */
  file_format: string
  /**
   * The thumbnail was uploaded with the asset (a WebP paired with its PNG) instead of scaled from
   * the picture: it may show something else, so nothing stands in for it at another size.
   */
  thumbnail_uploaded: boolean
  /** Audio assets only. */
  audio: AudioView | null
}

/**
 * An asset as a strip of small thumbnails shows it (Related Assets, Similar colours): only what
 * the strip draws, so an asset page does not carry twenty whole assets in its HTML and its data.
 */
export type StripItem = Pick<AssetView, 'id' | 'title' | 'thumbnail' | 'asset_type' | 'width' | 'height'>

/** One dominant colour: '#rrggbb' and its share (0..1) of the visible (opaque) pixels. */
export interface PaletteEntry {
  hex: string
  weight: number
}

export interface AudioView {
  duration_ms: number
  sample_rate: number | null
  channels: number | null
  /** Peaks 0..1, one per bar. */
  waveform: number[]
  /** The MP3 listening preview. */
  preview_url: string
}

const WHAT: Record<AssetType, string> = { '3d': 'render', image: 'image', audio: 'audio clip' }

/**
 * What an asset without a description is described as, by its type and real format: 'A free,
 * high-quality 3D PNG render', 'A free, high-quality JPG image', 'A free, high-quality WAV
 * audio clip', each 'ready for personal and commercial use'.
 */
export function fallbackDescription(asset: Pick<AssetView, 'asset_type' | 'file_format'>): string {
  const format = asset.asset_type === '3d' ? `3D ${asset.file_format}` : asset.file_format
  return `A free, high-quality ${format} ${WHAT[asset.asset_type]}, ready for personal and commercial use.`
}

/** 83500 → '1:24'. */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000)
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`
}

/**
 * A file's size as people read it, in binary units like the upload limits ('10MB'):
 * 830 → '830 bytes', 52_000 → '51 KB', 3_250_000 → '3.1 MB', 24_000_000 → '23 MB'.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  const kb = bytes / 1024
  // The thresholds are where rounding would print the next unit's '1024 KB' or '10.0 MB'.
  if (kb < 1023.5) return `${Math.round(kb)} KB`
  const mb = kb / 1024
  return mb < 9.95 ? `${mb.toFixed(1)} MB` : `${Math.round(mb)} MB`
}

/** The .webp variant of a .png URL, which cards and the dialog prefer. */
export function webpVariant(url: string): string | null {
  return url.endsWith('.png') ? `${url.slice(0, -4)}.webp` : null
}

/**
 * The thumbnail of an asset in any of the shapes the API allows: `preview_urls` as an
 * object or a JSON string with `thumb`; else `original_url`; else the placeholder.
 */
export function thumbnailOf(asset: {
  preview_urls?: unknown
  original_url?: string | null
  thumbnail?: string | null
}): string {
  let urls = asset.preview_urls
  if (typeof urls === 'string') {
    try {
      urls = JSON.parse(urls)
    } catch {
      urls = null
    }
  }
  if (urls && typeof urls === 'object' && 'thumb' in urls && typeof urls.thumb === 'string' && urls.thumb)
    return urls.thumb
  return asset.original_url || asset.thumbnail || PLACEHOLDER_IMAGE
}
