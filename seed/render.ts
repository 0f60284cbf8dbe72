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
import { imageSvg } from './images'
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

export interface DemoFile {
  data: Buffer
  filename: string
}

/** The original file of a demo asset: a transparent PNG, an opaque JPEG/PNG, or a WAV. */
export async function demoFile(asset: DemoAsset, imageSize: number, cacheDir?: string): Promise<DemoFile> {
  if (asset.assetType === '3d') {
    const webp = await sceneWebp(sceneOf(asset), cacheDir)
    const size = Math.min(imageSize, RENDER_SIZE)
    // The ground shadow can reach the frame's edge: fade the outer band so it never ends in a
    // hard line. Each mask multiplies the alpha (dest-in), one across, one down.
    const band = (vertical: boolean) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><defs><linearGradient id="f" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">` +
          `<stop offset="0" stop-opacity="0"/><stop offset="0.07" stop-opacity="1"/><stop offset="0.93" stop-opacity="1"/><stop offset="1" stop-opacity="0"/>` +
          `</linearGradient></defs><rect width="${size}" height="${size}" fill="url(#f)"/></svg>`,
      )
    const resized = await sharp(webp).resize(size, size).png().toBuffer()
    const across = await sharp(resized)
      .composite([{ input: band(false), blend: 'dest-in' }])
      .png()
      .toBuffer()
    const data = await sharp(across)
      .composite([{ input: band(true), blend: 'dest-in' }])
      .png({ compressionLevel: 8 })
      .toBuffer()
    return { data, filename: `${asset.title}.png` }
  }
  if (asset.assetType === 'image') {
    const svg = imageSvg(asset.image, imageSize)
    // Flattened: a full-bleed picture has no transparent pixel.
    const base = sharp(Buffer.from(svg)).flatten({ background: '#000000' })
    if (asset.image.format === 'jpeg') {
      return { data: await base.jpeg({ quality: 88, mozjpeg: true }).toBuffer(), filename: `${asset.title}.jpg` }
    }
    return {
      data: await base.removeAlpha().png({ compressionLevel: 9, palette: false }).toBuffer(),
      filename: `${asset.title}.png`,
    }
  }
  const pcm = synthesise(asset.sound)
  return { data: encodeWav(pcm, asset.sound.channels), filename: `${asset.title}.wav` }
}
