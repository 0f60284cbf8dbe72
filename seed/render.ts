/**
 * Files for the demo catalogue: 3D renders (ray marched, see raymarch.ts), full-bleed 2D
 * images (SVG rasterised by sharp) and audio clips (synthesised, see sounds.ts).
 *
 * 3D renders take seconds each, so they are made once by `npm run seed:render` and committed
 * as WebP under seed/renders/, named by a hash of the scene: a changed scene gets a new
 * name. A scene without a committed render is rendered at start and kept in the data folder's
 * render cache, so later starts reuse it.
 */
import { mkdir, readFile, writeFile, rename } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type { DemoAsset } from './catalogue'
import type { Scene } from './raymarch'
import { COMMITTED_RENDERS, RENDER_SIZE, renderSceneWebp, sceneKey, sceneOf } from './render3d'
import { imageDimensions, imageSvg } from './images'
import { seededRandom } from './random'
import { synthesise, encodeWav } from './sounds'

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file)
  } catch {
    return null
  }
}

/** The committed render, else the cached one, else a new render stored in the cache. */
async function sceneWebp(scene: Scene, cacheDir: string | undefined): Promise<Buffer> {
  const name = `${sceneKey(scene)}.webp`
  const committed = await readIfExists(path.join(COMMITTED_RENDERS, name))
  if (committed) return committed
  if (cacheDir) {
    const cached = await readIfExists(path.join(cacheDir, name))
    if (cached) return cached
  }
  const webp = await renderSceneWebp(scene)
  if (cacheDir) {
    await mkdir(cacheDir, { recursive: true })
    const tmp = path.join(cacheDir, `${name}.${process.pid}.tmp`)
    await writeFile(tmp, webp)
    await rename(tmp, path.join(cacheDir, name))
  }
  return webp
}

/**
 * Adds grey grain to raw RGB pixels, in place: near-gaussian (the sum of three uniforms),
 * the same on every channel like film grain. Made here, not by libvips, which took seconds
 * at this size.
 */
function addGrain(raw: Buffer, sigma: number): void {
  const random = seededRandom(Math.round(sigma * 1000))
  // Three uniforms in [-0.5, 0.5) have a standard deviation of 0.5.
  const scale = sigma * 2
  for (let o = 0; o < raw.length; o += 3) {
    const n = (random() + random() + random() - 1.5) * scale
    raw[o] = Math.max(0, Math.min(255, raw[o] + n))
    raw[o + 1] = Math.max(0, Math.min(255, raw[o + 1] + n))
    raw[o + 2] = Math.max(0, Math.min(255, raw[o + 2] + n))
  }
}

/** The demo pictures' long side by default: 3D renders come at their own 2048 (RENDER_SIZE). */
export const DEMO_IMAGE_SIZE = 2400

export interface DemoFile {
  data: Buffer
  filename: string
}

/**
 * The original file of a demo asset: a transparent PNG, an opaque JPEG/PNG, or a WAV.
 * `longSide` is the pictures' long side in pixels; 3D renders come at that size up to the
 * size they were rendered at (RENDER_SIZE), never enlarged.
 */
export async function demoFile(asset: DemoAsset, longSide: number, cacheDir?: string): Promise<DemoFile> {
  if (asset.assetType === '3d') {
    const webp = await sceneWebp(sceneOf(asset), cacheDir)
    const size = Math.min(longSide, RENDER_SIZE)
    // The render's edges are already faded (render3d.ts): one decode and one PNG encode. A
    // lower zlib level: the PNG is stored once and served as WebP/AVIF variants anyway.
    const image = size < RENDER_SIZE ? sharp(webp).resize(size, size) : sharp(webp)
    const data = await image.png({ compressionLevel: 6 }).toBuffer()
    return { data, filename: `${asset.title}.png` }
  }
  if (asset.assetType === 'image') {
    const spec = asset.image
    const { width, height } = imageDimensions(spec, longSide)
    const drawn = spec.soft ? Math.ceil(longSide / 3) : longSide
    // Flattened: a full-bleed picture has no transparent pixel.
    let base = sharp(Buffer.from(imageSvg(spec, drawn))).flatten({ background: '#000000' })
    if (spec.soft || spec.grain) {
      // Rasterised first, then enlarged: sharp would otherwise render the SVG at the final size.
      const drawnRaw = await base.removeAlpha().raw().toBuffer({ resolveWithObject: true })
      const raw = await sharp(drawnRaw.data, { raw: drawnRaw.info })
        .resize(width, height, { kernel: 'lanczos3' })
        .raw()
        .toBuffer()
      if (spec.grain) addGrain(raw, spec.grain)
      base = sharp(raw, { raw: { width, height, channels: 3 } })
    }
    if (spec.format === 'jpeg') {
      // libjpeg-turbo, not mozjpeg: mozjpeg took seconds on a grainy 2400 px picture.
      return { data: await base.jpeg({ quality: 86 }).toBuffer(), filename: `${asset.title}.jpg` }
    }
    return {
      data: await base.removeAlpha().png({ compressionLevel: 6, palette: false }).toBuffer(),
      filename: `${asset.title}.png`,
    }
  }
  const pcm = synthesise(asset.sound)
  return { data: encodeWav(pcm, asset.sound.channels), filename: `${asset.title}.wav` }
}
