import { createHash } from 'node:crypto'
import type { DB } from '#db/client'
import type { Asset } from '#db/schema'
import { SITE_NAME } from '~/lib/constants'
import {
  FORMAT_LABELS,
  FORMAT_TYPES,
  MP3_BITRATE_KBPS,
  type DownloadVariant,
  takesBackground,
  variantFits,
  variantName,
} from '~/lib/download-options'
import { LICENCE_TERMS } from '~/lib/licence-terms'
import { audioWithProvenance, imageWithProvenance, type Provenance } from '~/platform/provenance.server'
import { readStoredFile, type Storage, type StoredObject } from '~/platform/storage.server'
import { isPublished } from '~/domain/catalogue/assets.server'
import { keepUploadKeys, removeFiles, reserveUploadKeys } from '~/platform/storage-cleanup.server'
import { deliveredFolder, makeVariant, variantFilename, variantKey } from './download-variants.server'
import { downloadFilename } from './downloads.server'

/**
 * What a download delivers: a stored file made once per asset and variant, with the asset's
 * provenance inside (made with AI, by whom, under which licence, from which page). The same
 * bytes for every user, so they are kept, and a licence names them by their SHA-256.
 */
export interface DeliveredFile {
  key: string
  /** 'original' or the variant's name. */
  name: string
  sha256: string
  mimeType: string
  filename: string
  /** 'Original PNG, 2048 × 2048' or '1024 px WebP, white background'. */
  label: string
  /** The asset's title written inside the file: what its licence names. */
  title: string
}

/** The name a delivered file goes by: the variant's name, or 'original'. */
export function deliveredName(variant: DownloadVariant | null): string {
  return variant ? variantName(variant) : 'original'
}

/** Where a delivered original is kept: beside the asset's variants, never public. */
function deliveredKey(asset: Pick<Asset, 'original_key'>, variant: DownloadVariant | null): string {
  if (variant) return variantKey(asset.original_key, variant)
  const ext = /\.([a-z0-9]+)$/i.exec(asset.original_key)?.[1]?.toLowerCase() ?? 'png'
  return `${deliveredFolder(asset.original_key)}/original.${ext}`
}

function fileLabel(
  asset: Pick<Asset, 'original_key' | 'width' | 'height' | 'asset_type'>,
  variant: DownloadVariant | null,
): string {
  if (!variant) {
    const format = (/\.([a-z0-9]+)$/i.exec(asset.original_key)?.[1] ?? 'png').toUpperCase()
    const size = asset.width && asset.height ? `, ${asset.width} × ${asset.height}` : ''
    return `Original ${format === 'JPEG' ? 'JPG' : format}${size}`
  }
  if (variant.format === 'mp3') return `MP3, ${MP3_BITRATE_KBPS} kbit/s`
  const parts = [`${variant.size === 'original' ? 'Full size' : `${variant.size} px`} ${FORMAT_LABELS[variant.format]}`]
  if (takesBackground(asset.asset_type) && variant.background !== 'transparent')
    parts.push(`${variant.background} background`)
  if (variant.padding) parts.push(`${variant.padding}% padding`)
  return parts.join(', ')
}

/** The facts a delivered file carries: the same for every copy of the asset. */
export function provenanceOf(asset: Pick<Asset, 'id' | 'title'>, siteUrl: string): Provenance {
  return {
    title: asset.title,
    creator: SITE_NAME,
    assetUrl: new URL(`/assets/${asset.id}`, siteUrl).href,
    licenseUrl: new URL(LICENCE_TERMS.url, siteUrl).href,
    rights: `Made with AI by ${SITE_NAME}. Royalty-free under the ${SITE_NAME} licence agreement: ${new URL(LICENCE_TERMS.url, siteUrl).href}`,
  }
}

/** Counts files made (not read from storage): the tests' evidence that a second request is a read. */
export const deliveredStats = { made: 0 }

export type DeliverableAsset = Asset & { delivered_sha256: string | null }

/**
 * The delivered file of an asset and variant, made and kept now when it was not (or was kept
 * before files carried their provenance). `asset.delivered_sha256` is what the caller read
 * with the asset for this variant's name (null: not kept yet). Null when the original is gone
 * or the asset was deleted meanwhile.
 */
export async function deliveredFile(
  db: DB,
  storage: Storage,
  asset: DeliverableAsset,
  variant: DownloadVariant | null,
  siteUrl: string,
  attempts = 3,
): Promise<DeliveredFile | null> {
  const key = deliveredKey(asset, variant)
  const facts = (sha256: string): DeliveredFile => ({
    key,
    name: deliveredName(variant),
    sha256,
    mimeType: variant ? FORMAT_TYPES[variant.format] : asset.mime_type || 'image/png',
    filename: variant
      ? variantFilename(asset.title, variant, asset)
      : downloadFilename(asset.title, asset.original_key),
    label: fileLabel(asset, variant),
    title: asset.title,
  })
  if (asset.delivered_sha256) return facts(asset.delivered_sha256)
  const original = await storage.get(asset.original_key)
  if (!original) return null
  const source = await readStoredFile(original)
  const bytes = await withProvenance(variant ? await makeVariant(source, variant) : source, asset, siteUrl)
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  deliveredStats.made++
  const kept = await keepDelivered(
    db,
    storage,
    asset,
    deliveredName(variant),
    key,
    bytes,
    facts(sha256).mimeType,
    sha256,
  )
  if (kept === 'retitled') {
    // Made with a title an edit replaced meanwhile: made again from the asset as it is now.
    const now =
      attempts > 1 ? await selectDeliverable(db, asset.id, deliveredName(variant)).executeTakeFirst() : undefined
    return now ? deliveredFile(db, storage, now, variant, siteUrl, attempts - 1) : null
  }
  return kept ? facts(sha256) : null
}

async function withProvenance(bytes: Buffer, asset: Asset, siteUrl: string): Promise<Buffer> {
  const provenance = provenanceOf(asset, siteUrl)
  return asset.asset_type === 'audio' ? audioWithProvenance(bytes, provenance) : imageWithProvenance(bytes, provenance)
}

/**
 * Stores a delivered file as an upload is stored: its key reserved in storage_cleanup before
 * the write and handed to its `asset_variants` row after it, so the asset's deletion finds it.
 * Making is deterministic (same original, same options, same provenance: same bytes), so two
 * requests making it at once write the same file and the same digest, and share one row.
 *
 * The title is inside the file, and an edit of it clears the asset's digests (`updateAsset`).
 * The asset's row is held (FOR SHARE) from before the write until the row names the file, and
 * the file is written only if the title it carries is still the asset's: so an edit waits for
 * a file being kept, and a file made before an edit never lands after it. 'retitled' when the
 * title changed meanwhile (nothing written); false when the asset was deleted meanwhile.
 */
async function keepDelivered(
  db: DB,
  storage: Storage,
  asset: Pick<Asset, 'id' | 'title'>,
  name: string,
  key: string,
  bytes: Buffer,
  contentType: string,
  sha256: string,
): Promise<boolean | 'retitled'> {
  await reserveUploadKeys(db, [key])
  try {
    const kept = await db.transaction().execute(async (trx) => {
      const now = await trx
        .selectFrom('assets')
        .select('title')
        .where('id', '=', asset.id)
        .forShare()
        .executeTakeFirst()
      if (!now) return false
      if (now.title !== asset.title) return 'retitled' as const
      await storage.put(key, bytes, { contentType })
      // The row is unique by key and by asset and name. With no conflict target both are
      // arbiters, so a row a parallel request wrote first under either is found, not an error
      // (a target names one index, and a race on the other failed); then it gets this digest.
      await trx
        .insertInto('asset_variants')
        .values({ key, asset_id: asset.id, variant: name, sha256, bytes: bytes.length })
        .onConflict((oc) => oc.doNothing())
        .execute()
      await trx
        .updateTable('asset_variants')
        .set({ sha256, variant: name, bytes: bytes.length })
        .where('key', '=', key)
        .execute()
      await keepUploadKeys(trx, [key])
      return true
    })
    // Nothing was written: the reservation goes (an older file of the asset may be at the key).
    if (kept === 'retitled') await keepUploadKeys(db, [key])
    if (kept === false) await removeFiles(db, storage, [key]).catch(() => {})
    return kept
  } catch (error) {
    await removeFiles(db, storage, [key]).catch(() => {})
    if ((error as { code?: unknown } | null)?.code === '23503') return false
    throw error
  }
}

/** The published asset with the digest of its delivered file of this name, in one read. */
export function selectDeliverable(db: DB, assetId: number, name: string) {
  return db
    .selectFrom('assets')
    .leftJoin('asset_variants', (join) =>
      join.onRef('asset_variants.asset_id', '=', 'assets.id').on('asset_variants.variant', '=', name),
    )
    .selectAll('assets')
    .select('asset_variants.sha256 as delivered_sha256')
    .where('assets.id', '=', assetId)
    .where(isPublished('assets'))
}

/**
 * The file behind a download link, to stream: the kept file, or made again when its object is
 * gone. Null once the asset is unpublished or deleted (a link minted before no longer works),
 * or when the name is not a file this asset delivers.
 */
export async function openDeliveredFile(
  db: DB,
  storage: Storage,
  assetId: number,
  variant: DownloadVariant | null,
  siteUrl: string,
): Promise<{ file: DeliveredFile; stored: StoredObject } | null> {
  const asset = await selectDeliverable(db, assetId, deliveredName(variant)).executeTakeFirst()
  if (!asset || (variant && !variantFits(asset.asset_type, variant))) return null
  for (const known of [asset.delivered_sha256, null]) {
    const file = await deliveredFile(db, storage, { ...asset, delivered_sha256: known }, variant, siteUrl)
    if (!file) return null
    const stored = await storage.get(file.key)
    if (stored) return { file, stored }
    if (known === null) break
  }
  return null
}
