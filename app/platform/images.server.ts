import sharp, { type Metadata } from 'sharp'

// One file's cost is bounded by its pixels: 16.7 megapixels (4096x4096) keeps the whole upload
// (one full decode, four encodes) under 2 s of CPU, and refuses decompression bombs long before
// they are decoded (measured in docs/decisions/043-upload-processing-limits.md).
export const MAX_INPUT_PIXELS = 4096 * 4096
export const THUMB_SIZE = 480
export const PREVIEW_SIZE = 1400
/** Raster formats the product processes, by what the decoder finds (never by the file name). */
export const ACCEPTED_FORMATS = ['png', 'jpeg', 'webp', 'avif'] as const
/** At most this many images are decoded or encoded at once, whatever the number of requests. */
export const IMAGE_POOL_SIZE = 2

export class NotAnImageError extends Error {
  constructor() {
    super('The file is not an image we can read.')
  }
}

export interface ImageInfo {
  width: number
  height: number
  format: (typeof ACCEPTED_FORMATS)[number]
}

let running = 0
const waiting: (() => void)[] = []

/** Runs image work in the bounded pool: a burst of uploads queues instead of using all memory. */
export async function inImagePool<T>(work: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_POOL_SIZE) await new Promise<void>((resolve) => waiting.push(resolve))
  else running++
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

/**
 * Reads the header: the format must be one we process (PNG, JPEG, WebP, AVIF; SVG, GIF, TIFF,
 * PDF and HEIC are refused) and the size within MAX_INPUT_PIXELS. The pixels are decoded once,
 * later, by makeDerivatives, which refuses a broken file the same way.
 */
export async function inspectImage(data: Buffer): Promise<ImageInfo> {
  let meta: Metadata
  try {
    meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata()
  } catch {
    throw new NotAnImageError()
  }
  const format = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heic') : meta.format
  if (!meta.width || !meta.height || !ACCEPTED_FORMATS.includes(format as ImageInfo['format']))
    throw new NotAnImageError()
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new NotAnImageError()
  return { width: meta.width, height: meta.height, format: format as ImageInfo['format'] }
}

export interface Derivatives {
  thumbWebp: Buffer
  thumbPng: Buffer
  previewWebp: Buffer
  previewPng: Buffer
  dominantColour: string
}

interface RawPixels {
  data: Buffer
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 }
}

/** Decodes an image once, oriented and scaled to fit `size`, as raw pixels to encode from. */
async function decodeScaled(data: Buffer, size: number): Promise<RawPixels> {
  await inspectImage(data)
  try {
    const { data: raw, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
    return { data: raw, info: { width: info.width, height: info.height, channels: info.channels } }
  } catch {
    throw new NotAnImageError()
  }
}

// A new pipeline on the same pixels for each output: sharp's clone() copies its input on the
// server's thread, megabytes per copy.
const fromRaw = (pixels: RawPixels) => sharp(pixels.data, { raw: pixels.info })

async function encoded(pixels: RawPixels) {
  const [webp, png] = await Promise.all([
    fromRaw(pixels).webp({ quality: 82, alphaQuality: 90, effort: 2 }).toBuffer(),
    // Level 6 is the zlib default: a few percent larger than 9 for a third of the time.
    fromRaw(pixels).png({ compressionLevel: 6, palette: false }).toBuffer(),
  ])
  return { webp, png }
}

/**
 * The public copies of an asset, from one decode of the original (the thumbnail is scaled from
 * the preview). A separate thumbnail source (the WebP paired with a PNG on upload) replaces the
 * original for the thumbnail only. Throws NotAnImageError for anything we do not process.
 */
export function makeDerivatives(original: Buffer, thumbnailSource?: Buffer): Promise<Derivatives> {
  return inImagePool(async () => {
    const preview = await decodeScaled(original, PREVIEW_SIZE)
    const thumbBase = thumbnailSource
      ? await decodeScaled(thumbnailSource, THUMB_SIZE)
      : await fromRaw(preview)
          .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'inside', withoutEnlargement: true })
          .raw()
          .toBuffer({ resolveWithObject: true })
          .then(({ data, info }) => ({
            data,
            info: { width: info.width, height: info.height, channels: info.channels },
          }))
    const [thumb, previewCopies] = await Promise.all([encoded(thumbBase), encoded(preview)])
    // The thumbnail is enough to find the dominant colour, and far cheaper to scan.
    const stats = await sharp(thumb.png).stats()
    const { r, g, b } = stats.dominant
    const hex = (n: number) => n.toString(16).padStart(2, '0')
    return {
      thumbWebp: thumb.webp,
      thumbPng: thumb.png,
      previewWebp: previewCopies.webp,
      previewPng: previewCopies.png,
      dominantColour: `#${hex(r)}${hex(g)}${hex(b)}`,
    }
  })
}
