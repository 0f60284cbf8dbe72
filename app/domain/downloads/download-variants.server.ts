import sharp from 'sharp'
import {
  FORMAT_EXTENSIONS,
  MP3_BITRATE_KBPS,
  deliveredLongSide,
  type DownloadVariant,
  type OriginalSize,
} from '~/lib/download-options'
import { downloadFilename } from './downloads.server'
import { inImagePool, MAX_INPUT_PIXELS } from '~/platform/images.server'
import { encodeMp3 } from '~/platform/audio.server'

/**
 * '{title}-{long side}.{ext}': the variant's file name, saying the size it really is (the
 * original's own long side for 'original'); the plain download stays '{title}.{ext}'.
 */
export function variantFilename(title: string, variant: DownloadVariant, original: OriginalSize): string {
  // Audio has no size to say: the MP3 of 'Rain Loop' is 'Rain Loop.mp3'.
  if (variant.format === 'mp3') return downloadFilename(title, 'audio.mp3')
  const size = deliveredLongSide(variant, original) ?? variant.size
  return `${downloadFilename(title).replace(/\.png$/, '')}-${size}.${FORMAT_EXTENSIONS[variant.format]}`
}

/**
 * The private folder of an asset's delivered files (its original with provenance, its
 * variants), named after the original's own key so a replaced original never serves an old file.
 */
export function deliveredFolder(originalKey: string): string {
  const stem = originalKey
    .replace(/^originals\//, '')
    .replace(/\.[a-z0-9]+$/i, '')
    .toLowerCase()
  return `variants/${stem}`
}

/**
 * Encodes one variant from the original. An audio original's MP3 is the whole recording
 * encoded once. A picture's: scaled to the size's long side (never up: a larger size
 * is refused before, this is the guard for an asset row that misstates its size), padded by
 * a share of that long side on every side, the background baked in (JPEG always gets one).
 */
export async function makeVariant(original: Buffer, variant: DownloadVariant): Promise<Buffer> {
  if (variant.format === 'mp3') return encodeMp3(original, MP3_BITRATE_KBPS)
  return inImagePool(async () => {
    const meta = await sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
    const width = meta.autoOrient?.width ?? meta.width ?? 1
    const height = meta.autoOrient?.height ?? meta.height ?? 1
    const long = Math.max(width, height)
    const target = variant.size === 'original' ? long : Math.min(long, Number(variant.size))
    const pad = Math.round((target * variant.padding) / 100)
    const inner = Math.max(1, target - 2 * pad)
    const scale = Math.min(1, inner / long)
    const background =
      variant.background === 'transparent' ? (variant.format === 'jpeg' ? '#ffffff' : null) : variant.background
    let image = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).rotate()
    if (scale < 1)
      image = image.resize({
        width: Math.max(1, Math.round(width * scale)),
        height: Math.max(1, Math.round(height * scale)),
        fit: 'fill',
      })
    if (pad > 0)
      image = sharp(await image.png().toBuffer()).extend({
        top: pad,
        bottom: pad,
        left: pad,
        right: pad,
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      })
    if (background) image = sharp(await image.png().toBuffer()).flatten({ background })
    switch (variant.format) {
      case 'png':
        return image.png({ compressionLevel: 6 }).toBuffer()
      case 'webp':
        return image.webp({ quality: 90, alphaQuality: 100 }).toBuffer()
      case 'avif':
        return image.avif({ quality: 60, effort: 2 }).toBuffer()
      case 'jpeg':
        return image.jpeg({ quality: 90, mozjpeg: true }).toBuffer()
      case 'mp3':
        throw new Error('An MP3 is made from audio, not from a picture.')
    }
  })
}
