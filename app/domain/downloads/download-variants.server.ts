import sharp from 'sharp'
import type { DB } from '#db/client'
import {
  FORMAT_EXTENSIONS,
  FORMAT_TYPES,
  takesOptions,
  variantName,
  type DownloadVariant,
} from '~/lib/download-options'
import { downloadFilename } from './downloads.server'
import { inImagePool, MAX_INPUT_PIXELS } from '~/platform/images.server'
import type { Storage, StoredObject } from '~/platform/storage.server'
import { keepUploadKeys, removeFiles, reserveUploadKeys } from '~/platform/storage-cleanup.server'

/** '{title}-{size}.{ext}': the variant's file name (the plain download stays '{title}.png'). */
export function variantFilename(title: string, variant: DownloadVariant): string {
  return `${downloadFilename(title).replace(/\.png$/, '')}-${variant.size}.${FORMAT_EXTENSIONS[variant.format]}`
}

/**
 * Where a variant is kept: private, beside nothing public, and named after the original's own
 * key so a replaced original never serves an old variant.
 */
export function variantKey(originalKey: string, variant: DownloadVariant): string {
  const stem = originalKey
    .replace(/^originals\//, '')
    .replace(/\.[a-z0-9]+$/i, '')
    .toLowerCase()
  return `variants/${stem}/${variantName(variant)}`
}

/** Counts variants made (not read from storage): the tests' evidence that a second request is a read. */
export const variantStats = { made: 0 }

/**
 * Encodes one variant from the original: scaled to the size's long side (never up), padded by
 * a share of that long side on every side, the background baked in (JPEG always gets one).
 */
export async function makeVariant(original: Buffer, variant: DownloadVariant): Promise<Buffer> {
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
    }
  })
}

async function readAll(file: StoredObject): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of file.stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * The file behind a variant download link: from storage when it was made before, otherwise
 * made now from the original and kept. Null when the asset is gone or takes no options.
 */
export async function variantFile(
  db: DB,
  storage: Storage,
  assetId: number,
  variant: DownloadVariant,
): Promise<{ file: StoredObject; mimeType: string; filename: string } | null> {
  const asset = await db
    .selectFrom('assets')
    .select(['title', 'original_key', 'asset_type'])
    .where('id', '=', assetId)
    .where('is_active', '=', true)
    .executeTakeFirst()
  if (!asset || !takesOptions(asset.asset_type)) return null
  const key = variantKey(asset.original_key, variant)
  const answer = (file: StoredObject) => ({
    file,
    mimeType: FORMAT_TYPES[variant.format],
    filename: variantFilename(asset.title, variant),
  })
  const kept = await storage.get(key)
  if (kept) return answer(kept)
  const original = await storage.get(asset.original_key)
  if (!original) return null
  const bytes = await makeVariant(await readAll(original), variant)
  variantStats.made++
  if (!(await keepVariant(db, storage, assetId, key, bytes, FORMAT_TYPES[variant.format]))) return null
  const stored = await storage.get(key)
  return stored ? answer(stored) : null
}

/**
 * Stores a variant as an upload is stored: its key is reserved in storage_cleanup
 * before the write and handed to an `asset_variants` row after it, so the asset's deletion
 * finds it. False when the asset was deleted meanwhile (the row cannot be written): the object
 * is removed again, or left recorded for the sweep.
 */
async function keepVariant(
  db: DB,
  storage: Storage,
  assetId: number,
  key: string,
  bytes: Buffer,
  contentType: string,
): Promise<boolean> {
  await reserveUploadKeys(db, [key])
  try {
    await storage.put(key, bytes, { contentType })
    // The foreign key waits for a deletion of the asset in progress, then refuses the row.
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('asset_variants')
        .values({ key, asset_id: assetId })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute()
      await keepUploadKeys(trx, [key])
    })
    return true
  } catch (error) {
    await removeFiles(db, storage, [key]).catch(() => {})
    if (isForeignKeyViolation(error)) return false
    throw error
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23503'
}
