import sharp from 'sharp'
import { createPacer } from '~/platform/pacing.server'
import { sql } from 'kysely'
import type { DB } from '#db/client'
import { labDistance, rgbToOklab, swatchesOf, type Lab, type PaletteColour } from '~/lib/colour'
import { readStoredFile, type Storage } from '~/platform/storage.server'
import { inImagePool } from '~/platform/images.server'
import { defineBackfill } from '~/platform/backfill.server'
import { log } from '~/platform/log.server'

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
 * How many assets one chunk of the backfill looks at, and the pause before the next chunk. Paced
 * (BACKGROUND_DUTY), a chunk of 50 takes about 8 s on a busy machine: its colours are written
 * that often, and a chunk cut short loses little.
 */
export const PALETTE_CHUNK = 50
export const PALETTE_PAUSE_MS = 1_000

/**
 * Fills in the palette of up to `limit` assets that have none, after id `after`, from their
 * stored thumbnail (PNG). The colours are computed first and written in one statement at the
 * end (only where the palette is still missing), so a chunk cut short writes nothing. An asset
 * whose file is gone is passed over. `last` is the id to go on after; `done` when none is left.
 */
export async function fillPaletteChunk(
  db: DB,
  storage: Storage,
  {
    after = 0,
    limit = PALETTE_CHUNK,
    duty = 1,
    signal,
  }: { after?: number; limit?: number; duty?: number; signal?: AbortSignal } = {},
): Promise<{ filled: number; last: number; done: boolean }> {
  const paced = createPacer(duty, signal)
  const rows = await db
    .selectFrom('assets')
    .select(['id', 'thumb_png_key', 'preview_png_key', 'original_key', 'mime_type'])
    .where('palette', 'is', null)
    // An upload still being processed gets its palette from its job (decision 087).
    .where('processing_state', '=', 'ready')
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute()
  const found: { id: number; columns: ReturnType<typeof colourColumns> }[] = []
  for (const row of rows) {
    signal?.throwIfAborted()
    const key =
      row.thumb_png_key ?? row.preview_png_key ?? (row.mime_type.startsWith('image/') ? row.original_key : null)
    const colours = await paced(async () => {
      const file = key ? await storage.get(key) : null
      if (!file) return null
      const bytes = await readStoredFile(file)
      return inImagePool(() => paletteOf(bytes)).catch(() => null)
    })
    if (colours) found.push({ id: row.id, columns: colourColumns(colours) })
  }
  if (found.length > 0) {
    await sql`
      update assets set palette = v.palette, colour_swatches = v.swatches, has_transparency = v.transparent
      from (values ${sql.join(
        found.map(
          ({ id, columns }) =>
            sql`(${id}::int, ${columns.palette}::jsonb, ${columns.colour_swatches}::text[], ${columns.has_transparency}::boolean)`,
        ),
      )}) as v(id, palette, swatches, transparent)
      where assets.id = v.id and assets.palette is null`.execute(db)
  }
  return { filled: found.length, last: rows.at(-1)?.id ?? after, done: rows.length < limit }
}

/**
 * Fills in every missing palette, chunk after chunk, in this process: the `backfill:palettes`
 * command (the site does it through `paletteBackfill`'s job). Returns how many were filled.
 */
export async function backfillPalettes(db: DB, storage: Storage, { batch = 50 } = {}): Promise<number> {
  let filled = 0
  let after = 0
  for (;;) {
    const chunk = await fillPaletteChunk(db, storage, { after, limit: batch })
    filled += chunk.filled
    after = chunk.last
    if (chunk.done) return filled
  }
}

/** The backfill as a chain of bounded chunks on the job queue (decision 088 measured the chunk and the pause). */
export const paletteBackfill = defineBackfill<number>({
  name: 'palettes.backfill',
  key: 'palettes',
  first: 0,
  chunk: PALETTE_CHUNK,
  pauseMs: PALETTE_PAUSE_MS,
  fill: ({ db, storage }, options) => fillPaletteChunk(db, storage, options),
  filled: (chunk) => log.info('palettes filled', { assets: chunk.filled, upTo: chunk.last }),
})
