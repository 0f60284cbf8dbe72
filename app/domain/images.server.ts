import sharp from 'sharp'

// Against decompression bombs: 50 megapixels is far beyond any asset we publish.
export const MAX_INPUT_PIXELS = 50_000_000
export const THUMB_SIZE = 480
export const PREVIEW_SIZE = 1400

export class NotAnImageError extends Error {
  constructor() {
    super('The file is not an image we can read.')
  }
}

export interface ImageInfo {
  width: number
  height: number
  format: string
}

/** Decodes the header and the pixels, so a renamed text file or a broken image is refused. */
export async function inspectImage(data: Buffer): Promise<ImageInfo> {
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    const meta = await image.metadata()
    if (!meta.width || !meta.height || !meta.format) throw new NotAnImageError()
    await image.stats() // forces a full decode
    return { width: meta.width, height: meta.height, format: meta.format }
  } catch (error) {
    if (error instanceof NotAnImageError) throw error
    throw new NotAnImageError()
  }
}

export interface Derivatives {
  thumbWebp: Buffer
  thumbPng: Buffer
  previewWebp: Buffer
  previewPng: Buffer
  dominantColour: string
}

async function resized(data: Buffer, size: number) {
  const base = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
  const [webp, png] = await Promise.all([
    base.clone().webp({ quality: 82, alphaQuality: 90, effort: 2 }).toBuffer(),
    // Level 6 is the zlib default: a few percent larger than 9 for a third of the time.
    base.clone().png({ compressionLevel: 6, palette: false }).toBuffer(),
  ])
  return { webp, png }
}

/**
 * The public copies of an asset. A separate thumbnail source (the WebP paired with a PNG on
 * upload) replaces the original for the thumbnail only.
 */
export async function makeDerivatives(original: Buffer, thumbnailSource?: Buffer): Promise<Derivatives> {
  const [thumb, preview] = await Promise.all([
    resized(thumbnailSource ?? original, THUMB_SIZE),
    resized(original, PREVIEW_SIZE),
  ])
  // The thumbnail is enough to find the dominant colour, and far cheaper to scan.
  const stats = await sharp(thumb.png).stats()
  const { r, g, b } = stats.dominant
  const hex = (n: number) => n.toString(16).padStart(2, '0')
  return {
    thumbWebp: thumb.webp,
    thumbPng: thumb.png,
    previewWebp: preview.webp,
    previewPng: preview.png,
    dominantColour: `#${hex(r)}${hex(g)}${hex(b)}`,
  }
}
