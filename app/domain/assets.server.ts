import { randomUUID } from 'node:crypto'
import type { DB } from '#db/client'
import type { Asset, AssetType } from '#db/schema'
import { normaliseTags } from '~/lib/tags'
import { inspectImage, makeDerivatives } from './images.server'
import type { Storage } from './storage.server'
import { invalidateCatalogueCache } from './catalogue-cache.server'

export interface NewAssetInput {
  original: Buffer
  originalFilename: string
  /** A separate image for the thumbnail (the WebP paired with a PNG on upload). */
  thumbnail?: Buffer
  title: string
  description?: string
  tags?: unknown
  category?: string
  assetType?: AssetType
  isActive?: boolean
  createdAt?: Date
  downloadCount?: number
}

/**
 * Stores an asset's original and its public derivatives, then its row. If any step fails,
 * the files written so far are removed: a failed upload leaves nothing behind.
 */
export async function createAsset(db: DB, storage: Storage, input: NewAssetInput): Promise<Asset> {
  const info = await inspectImage(input.original)
  if (input.thumbnail) await inspectImage(input.thumbnail)
  const derivatives = await makeDerivatives(input.original, input.thumbnail)
  const id = randomUUID()
  const ext = info.format === 'jpeg' ? 'jpg' : info.format
  const keys = {
    original_key: `originals/${id}.${ext}`,
    thumb_key: `public/${id}/thumb.webp`,
    thumb_png_key: `public/${id}/thumb.png`,
    preview_key: `public/${id}/preview.webp`,
    preview_png_key: `public/${id}/preview.png`,
  }
  const written: string[] = []
  try {
    for (const [key, data] of [
      [keys.original_key, input.original],
      [keys.thumb_key, derivatives.thumbWebp],
      [keys.thumb_png_key, derivatives.thumbPng],
      [keys.preview_key, derivatives.previewWebp],
      [keys.preview_png_key, derivatives.previewPng],
    ] as const) {
      await storage.put(key, data)
      written.push(key)
    }
    const isActive = input.isActive ?? false
    const createdAt = input.createdAt ?? new Date()
    const asset = await db
      .insertInto('assets')
      .values({
        ...keys,
        title: input.title.trim(),
        description: (input.description ?? '').trim(),
        tags: normaliseTags(input.tags ?? []),
        category: (input.category ?? '').trim(),
        asset_type: input.assetType ?? '3d',
        is_active: isActive,
        published_at: isActive ? createdAt : null,
        created_at: createdAt,
        download_count: input.downloadCount ?? 0,
        original_filename: input.originalFilename,
        mime_type: `image/${info.format}`,
        width: info.width,
        height: info.height,
        bytes: input.original.byteLength,
        dominant_colour: derivatives.dominantColour,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    invalidateCatalogueCache(db)
    return asset
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.delete(key)))
    throw error
  }
}

export function assetFileKeys(asset: Pick<Asset, 'original_key' | 'thumb_key' | 'thumb_png_key' | 'preview_key' | 'preview_png_key'>): string[] {
  return [asset.original_key, asset.thumb_key, asset.thumb_png_key, asset.preview_key, asset.preview_png_key].filter(
    (key): key is string => Boolean(key),
  )
}

/** Deletes the rows, then the files of each asset. Returns how many were deleted. */
export async function deleteAssets(db: DB, storage: Storage, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0
  const deleted = await db.deleteFrom('assets').where('id', 'in', ids).returningAll().execute()
  invalidateCatalogueCache(db)
  await Promise.allSettled(deleted.flatMap(assetFileKeys).map((key) => storage.delete(key)))
  return deleted.length
}
