import { createHash } from 'node:crypto'
import type { DB } from '#db/client'
import type { Asset } from '#db/schema'
import { SITE_NAME } from '~/lib/constants'
import {
  extensionOf,
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
import { isOpenTo } from '~/domain/catalogue/assets.server'
import { keepUploadKeys, removeFiles, reserveUploadKeys, scheduleDeletion } from '~/platform/storage-cleanup.server'
import { deliveredFolder, makeVariant, variantFilename } from './download-variants.server'
import { DIGEST_PREFIX_LENGTH, downloadFilename } from './downloads.server'

/**
 * What a download delivers: a stored file made once per asset and variant, with the asset's
 * provenance inside (made with AI, by whom, under which licence, from which page). The same
 * bytes for every user, so they are kept, and a licence names them by their SHA-256.
 *
 * A file is kept under a key named by its digest, and the asset's `asset_variants` row points
 * at the current one. The title is inside the file: an edit of it clears the row's digest
 * (`updateAsset`), so the next download or the job that makes files ahead makes it again, under
 * a new key. The replaced file stays a while for the links and ZIPs granted with it, which name
 * its digest, so every licence keeps the bytes it names.
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

/**
 * Where a delivered file is kept, beside the asset's other files, never public: named by the
 * variant and its digest ('variants/<original>/512-ffffff.webp' becomes '…/512-ffffff-<digest>.webp'),
 * so other bytes never overwrite a file a licence names. Files kept before were named without the
 * digest; their rows still point at them.
 */
function deliveredKey(asset: Pick<Asset, 'original_key'>, variant: DownloadVariant | null, sha256: string): string {
  // The original's own extension as stored ('.jpeg' stays '.jpeg', unlike `extensionOf`): a link
  // to a replaced file finds it again by this key.
  const name = variant
    ? variantName(variant)
    : `original.${/\.([a-z0-9]+)$/i.exec(asset.original_key)?.[1]?.toLowerCase() ?? 'png'}`
  const dot = name.lastIndexOf('.')
  return `${deliveredFolder(asset.original_key)}/${name.slice(0, dot)}-${sha256.slice(0, DIGEST_PREFIX_LENGTH)}${name.slice(dot)}`
}

function fileLabel(
  asset: Pick<Asset, 'original_key' | 'width' | 'height' | 'asset_type'>,
  variant: DownloadVariant | null,
): string {
  if (!variant) {
    const size = asset.width && asset.height ? `, ${asset.width} × ${asset.height}` : ''
    return `Original ${(extensionOf(asset.original_key) ?? 'png').toUpperCase()}${size}`
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

/** What a kept file is: its key and digest, and what its asset and variant say of it. */
function describeFile(asset: Asset, variant: DownloadVariant | null, key: string, sha256: string): DeliveredFile {
  return {
    key,
    name: deliveredName(variant),
    sha256,
    mimeType: variant ? FORMAT_TYPES[variant.format] : asset.mime_type || 'image/png',
    filename: variant
      ? variantFilename(asset.title, variant, asset)
      : downloadFilename(asset.title, asset.original_key),
    label: fileLabel(asset, variant),
    title: asset.title,
  }
}

/** Counts files made (not read from storage): the tests' evidence that a second request is a read. */
export const deliveredStats = { made: 0 }

/** An asset as read with its delivered file of one name: its digest and key (null: to be made). */
export type DeliverableAsset = Asset & { delivered_sha256: string | null; delivered_key: string | null }

/**
 * The delivered file of an asset and variant, made and kept now when it was not (or was kept
 * before files carried their provenance, or its title changed since). `asset.delivered_sha256`
 * and `delivered_key` are what the caller read with the asset for this variant's name (null:
 * to be made). A file made from a read older than a title edit is made again from the asset as
 * it is now (`attempts` times at most). Null when the original is gone, or the asset was deleted
 * or unpublished meanwhile.
 */
export async function deliveredFile(
  db: DB,
  storage: Storage,
  asset: DeliverableAsset,
  variant: DownloadVariant | null,
  siteUrl: string,
  attempts = 3,
): Promise<DeliveredFile | null> {
  const facts = (key: string, sha256: string) => describeFile(asset, variant, key, sha256)
  if (asset.delivered_sha256 && asset.delivered_key) return facts(asset.delivered_key, asset.delivered_sha256)
  const original = await storage.get(asset.original_key)
  if (!original) return null
  const source = await readStoredFile(original)
  const bytes = await withProvenance(variant ? await makeVariant(source, variant) : source, asset, siteUrl)
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  deliveredStats.made++
  const file = facts(deliveredKey(asset, variant, sha256), sha256)
  const kept = await keepDelivered(db, storage, asset, file, bytes)
  if (kept === 'retitled') {
    // Who may have it was decided before (the grant, or the signed link): read it again as it is.
    const now =
      attempts > 1 ? await selectDeliverable(db, asset.id, deliveredName(variant), true).executeTakeFirst() : undefined
    return now ? deliveredFile(db, storage, now, variant, siteUrl, attempts - 1) : null
  }
  return kept ? file : null
}

async function withProvenance(bytes: Buffer, asset: Asset, siteUrl: string): Promise<Buffer> {
  const provenance = provenanceOf(asset, siteUrl)
  return asset.asset_type === 'audio' ? audioWithProvenance(bytes, provenance) : imageWithProvenance(bytes, provenance)
}

/**
 * How long a replaced file stays: longer than a download link lives. A ZIP read slower than this
 * stops at that file rather than deliver other bytes than its licence names.
 */
const REPLACED_FILE_MS = 60 * 60 * 1000

/**
 * Stores a delivered file as an upload is stored: its key reserved in storage_cleanup before
 * the write and handed to its `asset_variants` row after it, so the asset's deletion finds it.
 * Making is deterministic (same original, same options, same provenance: same bytes, same key),
 * so two requests making it at once usually write the same file and share one row.
 *
 * The row names the file only if the title inside is still the asset's, checked with the asset's
 * row held in that short transaction (no lock is held while the file is written): an edit either
 * comes before (the file is 'retitled', the row untouched, its reservation left for the sweep) or
 * after (it clears the row's digest). The file the row named before is retired after
 * REPLACED_FILE_MS. False when the asset was deleted meanwhile (the file is removed).
 */
async function keepDelivered(
  db: DB,
  storage: Storage,
  asset: Pick<Asset, 'id' | 'title'>,
  file: DeliveredFile,
  bytes: Buffer,
): Promise<boolean | 'retitled'> {
  const { key, name, sha256 } = file
  await reserveUploadKeys(db, [key])
  try {
    await storage.put(key, bytes, { contentType: file.mimeType })
    const kept = await db.transaction().execute(async (trx) => {
      // The asset's row, held so that the files kept for it are recorded one at a time (and an
      // edit or a deletion waits for this short transaction); the references other rows take
      // to it (a licence's) do not wait.
      const now = await trx
        .selectFrom('assets')
        .select('title')
        .where('id', '=', asset.id)
        .forNoKeyUpdate()
        .executeTakeFirst()
      if (!now) return false
      if (now.title !== asset.title) return 'retitled' as const
      const before = await trx
        .selectFrom('asset_variants')
        .select('key')
        .where('asset_id', '=', asset.id)
        .where('variant', '=', name)
        .executeTakeFirst()
      const row = { key, sha256, bytes: bytes.length }
      if (!before)
        await trx
          .insertInto('asset_variants')
          .values({ ...row, asset_id: asset.id, variant: name })
          .execute()
      else await trx.updateTable('asset_variants').set(row).where('key', '=', before.key).execute()
      await keepUploadKeys(trx, [key])
      // The file named before stays an hour for the downloads granted with it: the same file
      // made twice at once is the same key, but should an encoder ever differ, the first one too.
      if (before && before.key !== key)
        await scheduleDeletion(trx, [before.key], new Date(Date.now() + REPLACED_FILE_MS))
      return true
    })
    if (kept === false) await removeFiles(db, storage, [key]).catch(() => {})
    return kept
  } catch (error) {
    // Never removed here: another request may have kept the same file under this key. Its
    // reservation is released if a row names the key; otherwise the sweep takes the file.
    await db
      .deleteFrom('storage_cleanup')
      .where('key', '=', key)
      .where((eb) => eb.exists(eb.selectFrom('asset_variants').select('key').where('key', '=', key)))
      .execute()
      .catch(() => {})
    throw error
  }
}

/**
 * The asset to deliver, published (or, with `early`, in early access too), with the digest and
 * key of its delivered file by that name.
 */
export function selectDeliverable(db: DB, assetId: number, name: string, early = false) {
  return db
    .selectFrom('assets')
    .leftJoin('asset_variants', (join) =>
      join.onRef('asset_variants.asset_id', '=', 'assets.id').on('asset_variants.variant', '=', name),
    )
    .selectAll('assets')
    .select(['asset_variants.sha256 as delivered_sha256', 'asset_variants.key as delivered_key'])
    .where('assets.id', '=', assetId)
    .where(isOpenTo(early, 'assets'))
}

/**
 * The file behind a download link, to stream. A link names the digest of the file it was
 * granted with (links minted before digests were named take the current file): the kept file
 * while it is the current one (made again when its object is gone), or the file it replaced,
 * kept a while. 'replaced' when that file is gone too. Null once the asset is neither published
 * nor in early access, or deleted (a link minted before no longer works), or when the name is
 * not a file this asset delivers.
 */
export async function openDeliveredFile(
  db: DB,
  storage: Storage,
  assetId: number,
  variant: DownloadVariant | null,
  siteUrl: string,
  digest?: string,
): Promise<{ file: DeliveredFile; stored: StoredObject } | 'replaced' | null> {
  // The signed link is the grant: an asset in early access was granted to someone who has it.
  const asset = await selectDeliverable(db, assetId, deliveredName(variant), true).executeTakeFirst()
  if (!asset || (variant && !variantFits(asset.asset_type, variant))) return null
  if (digest && !asset.delivered_sha256?.startsWith(digest)) {
    const key = deliveredKey(asset, variant, digest)
    const stored = await storage.get(key)
    if (!stored) return 'replaced'
    // Named by the title inside it, as its licence names it.
    const granted = await db
      .selectFrom('licences')
      .select('asset_title')
      .where('asset_id', '=', asset.id)
      .where('variant', '=', deliveredName(variant))
      .where('sha256', 'like', `${digest}%`)
      .executeTakeFirst()
    return {
      file: describeFile({ ...asset, title: granted?.asset_title ?? asset.title }, variant, key, digest),
      stored,
    }
  }
  for (const known of [asset, { ...asset, delivered_sha256: null, delivered_key: null }]) {
    const file = await deliveredFile(db, storage, known, variant, siteUrl)
    if (!file) return null
    // Made again meanwhile with other bytes (its title changed): not the file this link grants.
    if (digest && !file.sha256.startsWith(digest)) return 'replaced'
    const stored = await storage.get(file.key)
    if (stored) return { file, stored }
    if (known.delivered_sha256 === null) break
  }
  return null
}
