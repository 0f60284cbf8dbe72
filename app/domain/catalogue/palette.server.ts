import sharp from 'sharp'
import type { DB } from '#db/client'
import { labDistance, rgbToOklab, swatchesOf, type Lab, type PaletteColour } from '~/lib/colour'
import { readStoredFile, type Storage } from '~/platform/storage.server'
import { inImagePool } from '~/platform/images.server'

/** At most this many colours per palette. */
export const PALETTE_SIZE = 5
/** Colours closer than this (OKLab) are one colour of the palette. */
const MERGE_DISTANCE = 0.08
const SAMPLE = 64

export interface ImageColours {
  palette: PaletteColour[]
  /** A real transparent background: at least 2% of the pixels are see-through. */
  transparent: boolean
}

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0')

/**
 * The dominant colours of an image with their weights, from a 64 px copy: opaque pixels are
 * binned (4 bits a channel), the bins merged greedily, biggest first, into colours closer
 * than MERGE_DISTANCE; the biggest PALETTE_SIZE are kept. Deterministic, a few milliseconds.
 */
export async function paletteOf(image: Buffer): Promise<ImageColours> {
  const { data, info } = await sharp(image)
    .resize(SAMPLE, SAMPLE, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const bins = new Map<number, { n: number; r: number; g: number; b: number }>()
  let opaque = 0
  let clear = 0
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] < 128) {
      clear++
      continue
    }
    opaque++
    const key = ((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4)
    const bin = bins.get(key) ?? { n: 0, r: 0, g: 0, b: 0 }
    bin.n++
    bin.r += data[i]
    bin.g += data[i + 1]
    bin.b += data[i + 2]
    bins.set(key, bin)
  }
  const clusters: { n: number; r: number; g: number; b: number; lab: Lab }[] = []
  for (const bin of [...bins.values()].sort((x, y) => y.n - x.n)) {
    const lab = rgbToOklab(bin.r / bin.n, bin.g / bin.n, bin.b / bin.n)
    const home = clusters.find((c) => labDistance(c.lab, lab) < MERGE_DISTANCE)
    if (home) {
      home.n += bin.n
      home.r += bin.r
      home.g += bin.g
      home.b += bin.b
    } else clusters.push({ ...bin, lab })
  }
  const palette = clusters
    .sort((x, y) => y.n - x.n)
    .slice(0, PALETTE_SIZE)
    .map((c) => {
      const [r, g, b] = [c.r / c.n, c.g / c.n, c.b / c.n]
      const [l, a, bb] = rgbToOklab(r, g, b)
      const round = (v: number) => Math.round(v * 10_000) / 10_000
      return {
        hex: `#${hex2(r)}${hex2(g)}${hex2(b)}`,
        weight: round(c.n / Math.max(opaque, 1)),
        l: round(l),
        a: round(a),
        b: round(bb),
      }
    })
  return { palette, transparent: clear / Math.max(info.width * info.height, 1) >= 0.02 }
}

/** The columns an asset's colours are stored in (migration 0007). */
export function colourColumns(colours: ImageColours) {
  return {
    palette: JSON.stringify(colours.palette),
    colour_swatches: swatchesOf(colours.palette),
    has_transparency: colours.transparent,
  }
}

/**
 * Fills in the palette of assets that have none (the catalogue from before palettes), from
 * their stored thumbnail (PNG): `backfill:palettes` and the start-up after migrating.
 * Returns how many were filled.
 */
export async function backfillPalettes(db: DB, storage: Storage, { batch = 50 } = {}): Promise<number> {
  let done = 0
  let after = 0
  for (;;) {
    const rows = await db
      .selectFrom('assets')
      .select(['id', 'thumb_png_key', 'preview_png_key', 'original_key', 'mime_type'])
      .where('palette', 'is', null)
      // An upload still being processed gets its palette from its job.
      .where('processing_state', '=', 'ready')
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute()
    if (rows.length === 0) return done
    for (const row of rows) {
      after = row.id
      const key =
        row.thumb_png_key ?? row.preview_png_key ?? (row.mime_type.startsWith('image/') ? row.original_key : null)
      const file = key ? await storage.get(key) : null
      if (!file) continue
      const bytes = await readStoredFile(file)
      const colours = await inImagePool(() => paletteOf(bytes)).catch(() => null)
      if (!colours) continue
      await db.updateTable('assets').set(colourColumns(colours)).where('id', '=', row.id).execute()
      done++
    }
  }
}
