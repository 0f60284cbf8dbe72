import { randomUUID } from 'node:crypto'
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely'
import type { DB } from '#db/client'
import type { Asset, AssetUpdate, Database, NewAsset, ProcessingState } from '#db/schema'
import type { AssetType } from '~/lib/constants'
import type { AdminStatusFilter, AssetChanges } from '~/lib/admin-assets'
import type { AssetView, StripItem } from '~/lib/asset-view'
import { normaliseTags } from '~/lib/tags'
import { EARLY_ACCESS_DAYS } from '~/lib/early-access'
import { plural } from '~/lib/plural'
import { recordAudit, type AuditEntry } from '~/domain/admin/audit.server'
import { inspectImage, makeDerivatives } from '~/platform/images.server'
import {
  inspectAudio,
  makeAudioPreview,
  NotAudioError,
  sniffAudioContainer,
  waveformImage,
  type AudioContainer,
} from '~/platform/audio.server'
import { colourColumns, paletteOf } from './palette.server'
import { publicFileUrl, type Storage } from '~/platform/storage.server'
import { invalidateCatalogueCache } from './catalogue-cache.server'
import {
  keepUploadKeys,
  putAll,
  removeFiles,
  reserveUploadKeys,
  scheduleDeletion,
} from '~/platform/storage-cleanup.server'

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
  /** The admin who uploads it: the upload is written to the audit log with the row. */
  actorId?: string | null
  /** What the original's bytes were sniffed as, when the caller already did (null: not audio). */
  audioContainer?: AudioContainer | null
}

/**
 * Stores an asset's original and its public derivatives, then its row. If any step fails,
 * the files written so far are removed: a failed upload leaves nothing behind.
 */
export async function createAsset(db: DB, storage: Storage, input: NewAssetInput): Promise<Asset> {
  const id = randomUUID()
  const prepared = await deriveAssetFiles(id, input)
  const keys = prepared.keys
  const files = prepared.files
  const allKeys = files.map(([key]) => key)
  const colours = await coloursOf(prepared)
  // Recorded before any file is written: a crash from here on leaves nothing for good.
  await reserveUploadKeys(db, allKeys)
  const written: string[] = []
  try {
    await putAll(storage, files, written)
    const isActive = input.isActive ?? false
    const createdAt = input.createdAt ?? new Date()
    const insert = async (trx: Kysely<Database>) => {
      const row = await trx
        .insertInto('assets')
        .values({
          ...keys,
          title: input.title.trim(),
          description: (input.description ?? '').trim(),
          tags: normaliseTags(input.tags ?? []),
          category: (input.category ?? '').trim(),
          asset_type: prepared.assetType,
          is_active: isActive,
          published_at: isActive ? createdAt : null,
          created_at: createdAt,
          download_count: input.downloadCount ?? 0,
          original_filename: input.originalFilename,
          ...prepared.columns,
          bytes: input.original.byteLength,
          ...colours,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      await keepUploadKeys(trx, allKeys)
      if (input.actorId !== undefined) {
        await recordAudit(trx, {
          actorId: input.actorId,
          action: 'asset.upload',
          targetType: 'asset',
          targetId: row.id,
          details: {
            title: row.title,
            filename: input.originalFilename,
            bytes: row.bytes,
            thumbnail: Boolean(input.thumbnail),
          },
        })
      }
      return row
    }
    // The audit row and the files' ownership commit with the asset row or not at all.
    const asset = await db.transaction().execute(insert)
    invalidateCatalogueCache(db)
    return asset
  } catch (error) {
    // Files that fail to go (or a database that is gone) stay recorded for the sweep.
    await removeFiles(db, storage, written).catch(() => {})
    throw error
  }
}

export interface PreparedFiles {
  assetType: AssetType
  keys: {
    original_key: string
    thumb_key: string
    thumb_png_key: string
    preview_key: string
    preview_png_key: string
    audio_preview_key: string | null
  }
  files: [string, Buffer][]
  columns: Pick<
    NewAsset,
    'mime_type' | 'width' | 'height' | 'dominant_colour' | 'duration_ms' | 'sample_rate' | 'channels' | 'waveform'
  >
}

/** The steps of making an asset's files, as the upload's progress names them. */
export type ProcessingStep = 'decode' | 'preview' | 'waveform' | 'derivatives' | 'palette' | 'saving'

/** Colour search: from the thumbnail, the same pixels the dominant colour came from. */
export async function coloursOf(prepared: PreparedFiles) {
  const thumbPng = prepared.files.find(([key]) => key === prepared.keys.thumb_png_key)?.[1]
  return thumbPng ? colourColumns(await paletteOf(thumbPng)) : {}
}

/**
 * Every file of an asset from its original (the original among them), named after `id`: the
 * heavy part of an upload, made inline by createAsset (the seed, tests) and by the job
 * 'process-upload' after an upload (decision 087). The type comes from the file: audio
 * (decoded by ffmpeg) is always 'audio'; an image is '3d' or 'image' as the admin says ('3d'
 * when unsaid), never 'audio'.
 */
export async function deriveAssetFiles(
  id: string,
  input: Pick<NewAssetInput, 'original' | 'thumbnail' | 'title' | 'assetType' | 'audioContainer'>,
  onStep: (step: ProcessingStep) => Promise<void> = async () => {},
): Promise<PreparedFiles> {
  const container = input.audioContainer === undefined ? sniffAudioContainer(input.original) : input.audioContainer
  if (container) {
    await onStep('decode')
    const info = await inspectAudio(input.original, container)
    await onStep('preview')
    const preview = await makeAudioPreview(input.original, info.format)
    await onStep('waveform')
    const picture = await waveformImage(info.peaks, 1024, hueOf(input.title))
    const derivatives = await makeDerivatives(picture)
    const keys = {
      original_key: `originals/${id}.${info.format}`,
      thumb_key: `public/${id}/thumb.webp`,
      thumb_png_key: `public/${id}/thumb.png`,
      preview_key: `public/${id}/preview.webp`,
      preview_png_key: `public/${id}/preview.png`,
      audio_preview_key: `public/${id}/preview.mp3`,
    }
    return {
      assetType: 'audio',
      keys,
      files: [
        [keys.original_key, input.original],
        [keys.audio_preview_key, preview],
        [keys.thumb_key, derivatives.thumbWebp],
        [keys.thumb_png_key, derivatives.thumbPng],
        [keys.preview_key, derivatives.previewWebp],
        [keys.preview_png_key, derivatives.previewPng],
      ],
      columns: {
        mime_type: info.mimeType,
        width: null,
        height: null,
        dominant_colour: derivatives.dominantColour,
        duration_ms: info.durationMs,
        sample_rate: info.sampleRate,
        channels: info.channels,
        waveform: JSON.stringify(info.peaks),
      },
    }
  }
  if (input.assetType === 'audio') throw new NotAudioError()
  const info = await inspectImage(input.original)
  if (input.thumbnail) await inspectImage(input.thumbnail)
  await onStep('derivatives')
  const derivatives = await makeDerivatives(input.original, input.thumbnail)
  const ext = info.format === 'jpeg' ? 'jpg' : info.format
  const keys = {
    original_key: `originals/${id}.${ext}`,
    thumb_key: `public/${id}/thumb.webp`,
    thumb_png_key: `public/${id}/thumb.png`,
    preview_key: `public/${id}/preview.webp`,
    preview_png_key: `public/${id}/preview.png`,
    audio_preview_key: null,
  }
  return {
    assetType: input.assetType ?? '3d',
    keys,
    files: [
      [keys.original_key, input.original],
      [keys.thumb_key, derivatives.thumbWebp],
      [keys.thumb_png_key, derivatives.thumbPng],
      [keys.preview_key, derivatives.previewWebp],
      [keys.preview_png_key, derivatives.previewPng],
    ],
    columns: {
      mime_type: `image/${info.format}`,
      width: info.width,
      height: info.height,
      dominant_colour: derivatives.dominantColour,
    },
  }
}

export const ASSET_NOT_FOUND = 'Asset not found'
export const AUDIO_STAYS_AUDIO = 'An audio file is always an audio asset.'
export const IMAGE_NOT_AUDIO = 'An image cannot be an audio asset: choose 3D or image.'

/** A stable hue per title, so waveform pictures differ from one another. */
function hueOf(title: string): number {
  let h = 0
  for (const ch of title) h = (h * 31 + ch.charCodeAt(0)) % 360
  return h
}

export function assetFileKeys(
  asset: Pick<Asset, 'original_key' | 'thumb_key' | 'thumb_png_key' | 'preview_key' | 'preview_png_key'> & {
    audio_preview_key?: string | null
    thumbnail_source_key?: string | null
  },
): string[] {
  return [
    asset.original_key,
    asset.thumb_key,
    asset.thumb_png_key,
    asset.preview_key,
    asset.preview_png_key,
    asset.audio_preview_key,
    asset.thumbnail_source_key,
  ].filter((key): key is string => Boolean(key))
}

/**
 * Deletes the rows, then the files of each asset. Returns how many were deleted. With an
 * actor (an admin), each deletion is written to the audit log in the same transaction.
 */
export async function deleteAssets(db: DB, storage: Storage, ids: number[], actorId?: string | null): Promise<number> {
  if (ids.length === 0) return 0
  const { rows: deleted, variantKeys } = await db.transaction().execute(async (trx) => {
    // The assets' rows first, in id order, as an edit and the keeping of a delivered file take
    // them before their variants' rows: the same order everywhere, so none waits on another.
    await trx.selectFrom('assets').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute()
    // The stored download variants go with the asset: deleting their rows records their keys
    // in storage_cleanup (a trigger; the cascade would do the same).
    const variants = await trx.deleteFrom('asset_variants').where('asset_id', 'in', ids).returning('key').execute()
    const rows = await trx.deleteFrom('assets').where('id', 'in', ids).returningAll().execute()
    await scheduleDeletion(trx, rows.flatMap(assetFileKeys))
    if (actorId !== undefined) {
      await recordAudit(
        trx,
        rows.map((row) => ({
          actorId,
          action: 'asset.delete' as const,
          targetType: 'asset' as const,
          targetId: row.id,
          details: { title: row.title },
        })),
      )
    }
    return { rows, variantKeys: variants.map((v) => v.key) }
  })
  invalidateCatalogueCache(db)
  // Files go once the rows are gone (never a row that points at nothing); a file that fails to
  // go stays recorded and the next sweep removes it.
  await removeFiles(db, storage, [...deleted.flatMap(assetFileKeys), ...variantKeys]).catch(() => {})
  return deleted.length
}

/** An asset as the admin screens and the admin API show it: drafts included. */
export interface AdminAssetView extends AssetView {
  original_filename: string
  published_at: string | null
  /** When a draft is scheduled to go live; null: no schedule. */
  publish_at: string | null
  updated_at: string
  /** The upload's processing (decision 087): only a 'ready' asset can be published. */
  processing: AssetProcessing
}

export interface AssetProcessing {
  state: ProcessingState
  /** Why it failed ('failed'), or why the last attempt failed while the next one waits. */
  error: string | null
  /** The step it is at, while processing. */
  step: string | null
  /** Retry can mend it: false once it failed because of the file itself (another attempt reads the same bytes). */
  retryable: boolean
}

/**
 * Published: an asset the public may see, find, favourite and download; a draft is the
 * admin's alone. `table` names the assets where a query joins or renames them.
 */
export function isPublished(table?: string): RawBuilder<SqlBool> {
  return table ? sql<SqlBool>`${sql.ref(`${table}.is_active`)}` : sql<SqlBool>`is_active`
}

/**
 * A draft in early access: scheduled to go live within EARLY_ACCESS_DAYS (in hours, whatever the
 * session's time zone), its processing done: what the schedule will put live. One whose time has
 * come stays in it until the schedule's job has published it, a moment later.
 */
export function inEarlyAccess(table?: string): RawBuilder<SqlBool> {
  const col = (name: string) => sql.ref(table ? `${table}.${name}` : name)
  return sql<SqlBool>`(not ${col('is_active')} and ${col('processing_state')} = 'ready'
    and ${col('publish_at')} <= now() + ${sql.lit(`${EARLY_ACCESS_DAYS * 24} hours`)}::interval)`
}

/** Published, or in early access for someone who has it (hasEarlyAccess). */
export function isOpenTo(early: boolean, table?: string): RawBuilder<SqlBool> {
  return early ? sql<SqlBool>`(${isPublished(table)} or ${inEarlyAccess(table)})` : isPublished(table)
}

/**
 * The columns an asset's view is made from (toAssetView). Never the search vectors, which only
 * the database reads: a third of a row's bytes, printed and parsed for nothing on every page
 * of results and every asset page.
 */
export const ASSET_VIEW_COLUMNS = [
  'id',
  'title',
  'description',
  'tags',
  'category',
  'asset_type',
  'download_count',
  'is_active',
  'created_at',
  'thumb_key',
  'thumb_png_key',
  'preview_key',
  'preview_png_key',
  'width',
  'height',
  'dominant_colour',
  'palette',
  'original_key',
  'audio_preview_key',
  'duration_ms',
  'sample_rate',
  'channels',
  'waveform',
  'thumbnail_source_key',
] as const satisfies readonly (keyof Asset)[]

export type AssetViewRow = Pick<Asset, (typeof ASSET_VIEW_COLUMNS)[number]>

/** The columns a strip's thumbnail is made from (toStripItem): Related Assets, Similar colours. */
export const STRIP_COLUMNS = [
  'id',
  'title',
  'thumb_png_key',
  'asset_type',
  'width',
  'height',
] as const satisfies readonly (keyof Asset)[]

export type StripRow = Pick<Asset, (typeof STRIP_COLUMNS)[number]>

/** The thumbnail as toAssetView gives it, and nothing a strip does not draw. */
export function toStripItem({ id, title, thumb_png_key, asset_type, width, height }: StripRow): StripItem {
  return { id, title, thumbnail: publicFileUrl(thumb_png_key), asset_type, width, height }
}

/** An asset as pages and the public API show it: public image URLs, never the original's key. */
export function toAssetView(asset: AssetViewRow): AssetView {
  const thumb = publicFileUrl(asset.thumb_png_key)
  const preview = publicFileUrl(asset.preview_png_key)
  return {
    id: asset.id,
    title: asset.title,
    description: asset.description,
    tags: asset.tags,
    category: asset.category,
    asset_type: asset.asset_type,
    download_count: asset.download_count,
    is_active: asset.is_active,
    created_at: asset.created_at.toISOString(),
    image: preview,
    thumbnail: thumb,
    preview_urls: {
      thumb,
      thumb_webp: publicFileUrl(asset.thumb_key),
      preview,
      preview_webp: publicFileUrl(asset.preview_key),
    },
    width: asset.width,
    height: asset.height,
    dominant_colour: asset.dominant_colour,
    // Read with the row (no query of its own); the OKLab coordinates stay internal.
    palette: (asset.palette ?? []).map((c) => ({ hex: c.hex, weight: c.weight })),
    file_format: (/\.([a-z0-9]+)$/i.exec(asset.original_key)?.[1] ?? 'png').toUpperCase(),
    thumbnail_uploaded: asset.thumbnail_source_key !== null,
    audio:
      asset.audio_preview_key && asset.duration_ms !== null
        ? {
            duration_ms: asset.duration_ms,
            sample_rate: asset.sample_rate,
            channels: asset.channels,
            waveform: asset.waveform ?? [],
            preview_url: publicFileUrl(asset.audio_preview_key),
          }
        : null,
  }
}

export function toAdminAssetView(asset: Asset): AdminAssetView {
  return {
    ...toAssetView(asset),
    original_filename: asset.original_filename,
    published_at: asset.published_at?.toISOString() ?? null,
    publish_at: asset.publish_at?.toISOString() ?? null,
    updated_at: asset.updated_at.toISOString(),
    processing: {
      state: asset.processing_state,
      error: asset.processing_error,
      step: asset.processing_state === 'processing' ? asset.processing_step : null,
      retryable: asset.processing_retryable,
    },
  }
}

export async function getAssetForAdmin(db: DB, id: number): Promise<AdminAssetView | null> {
  const row = await db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toAdminAssetView(row) : null
}

/** Several assets by id, in the order asked for; unknown ids are left out. */
export async function getAssetsForAdmin(db: DB, ids: number[]): Promise<AdminAssetView[]> {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('assets').selectAll().where('id', 'in', ids).execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [toAdminAssetView(row)] : []
  })
}

export interface AdminAssetQuery {
  q?: string
  status?: AdminStatusFilter
  page?: number
  limit?: number
}

export interface AdminAssetPage {
  assets: AdminAssetView[]
  total: number
  page: number
  pageCount: number
  limit: number
}

/**
 * Every asset, published or not, newest first, a page at a time; `q` matches a word of the
 * title, category or a tag, or the id. Pages keep thousands of rows cheap to show.
 */
export async function listAssetsForAdmin(db: DB, query: AdminAssetQuery = {}): Promise<AdminAssetPage> {
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? 50), 1), 200)
  const page = Math.max(Math.trunc(query.page ?? 1), 1)
  let base = db.selectFrom('assets')
  if (query.status === 'published') base = base.where(isPublished())
  if (query.status === 'pending') base = base.where(sql<SqlBool>`not ${isPublished()}`)
  // A published asset has no schedule (publishing clears it); the partial index finds the few.
  if (query.status === 'scheduled')
    base = base.where('publish_at', 'is not', null).where(sql<SqlBool>`not ${isPublished()}`)
  const q = query.q?.trim()
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, '\\$&')}%`
    const tag = q.toLowerCase()
    base = base.where((eb) =>
      eb.or([
        eb('title', 'ilike', like),
        eb('category', 'ilike', like),
        eb('tags', '@>', sql<string[]>`array[${tag}]::text[]`),
        ...(/^\d{1,9}$/.test(q) ? [eb('id', '=', Number(q))] : []),
      ]),
    )
  }
  const [rows, counted] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  const total = Number(counted.n)
  return { assets: rows.map(toAdminAssetView), total, page, limit, pageCount: Math.max(1, Math.ceil(total / limit)) }
}

export const STILL_PROCESSING = 'This asset is still being processed; publish it when it is ready.'
export const PROCESSING_FAILED = "This asset's processing failed: retry it, then publish it when it is ready."

/** Refused: an asset to publish is not processed yet (or its processing failed); nothing was written. */
export interface NotReadyRefusal {
  ok: false
  reason: 'asset-processing'
  error: string
  /** The assets that are not ready. */
  ids: number[]
}

/**
 * The publishing rule (decision 087): only a processed asset goes public, so no page ever shows
 * one without its previews. Checked by every path that publishes (setPublished, updateAsset);
 * the database's check constraint backs it.
 */
function notReadyToPublish(rows: { id: number; processing_state: ProcessingState }[]): NotReadyRefusal | null {
  const waiting = rows.filter((row) => row.processing_state !== 'ready')
  if (waiting.length === 0) return null
  const error =
    rows.length === 1
      ? waiting[0].processing_state === 'failed'
        ? PROCESSING_FAILED
        : STILL_PROCESSING
      : `Nothing was published: ${plural(waiting.length, 'asset')} of ${rows.length} ${waiting.length === 1 ? 'is' : 'are'} still being processed or failed; publish them when they are ready.`
  return { ok: false, reason: 'asset-processing', error, ids: waiting.map((row) => row.id) }
}

export type UpdateAssetResult =
  /** `retitled`: the title changed, so the files its downloads deliver are to be made again. */
  | { ok: true; asset: AdminAssetView; retitled: boolean }
  /** No such asset, or a type change the file does not allow (audio is audio; an image is 3D or image). */
  | { ok: false; reason: 'asset-not-found' | 'asset-type-not-allowed'; error: string }
  | NotReadyRefusal

/**
 * The admin's edit of an asset (inline edit and PUT /api/admin/assets/{id}). A refusal
 * writes nothing.
 */
export async function updateAsset(
  db: DB,
  id: number,
  changes: AssetChanges,
  actorId: string | null,
): Promise<UpdateAssetResult> {
  const updated = await db.transaction().execute(async (trx): Promise<UpdateAssetResult> => {
    const before = await trx
      .selectFrom('assets')
      .select(['title', 'is_active', 'published_at', 'audio_preview_key', 'processing_state'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()
    if (!before) return { ok: false, reason: 'asset-not-found', error: ASSET_NOT_FOUND }
    if (changes.is_active && !before.is_active) {
      const refusal = notReadyToPublish([{ id, processing_state: before.processing_state }])
      if (refusal) return refusal
    }
    const set: AssetUpdate = { updated_at: new Date() }
    if (changes.asset_type !== undefined) {
      const isAudio = before.audio_preview_key !== null
      // Checked before anything is written: the transaction ends with nothing changed.
      if (isAudio !== (changes.asset_type === 'audio'))
        return { ok: false, reason: 'asset-type-not-allowed', error: isAudio ? AUDIO_STAYS_AUDIO : IMAGE_NOT_AUDIO }
      set.asset_type = changes.asset_type
    }
    if (changes.title !== undefined) set.title = changes.title
    if (changes.description !== undefined) set.description = changes.description
    if (changes.category !== undefined) set.category = changes.category
    if (changes.tags !== undefined) set.tags = normaliseTags(changes.tags)
    if (changes.is_active !== undefined) {
      set.is_active = changes.is_active
      // Published now, or back to draft: either way no schedule is left waiting (decision 89).
      set.publish_at = null
      if (changes.is_active && !before.published_at) set.published_at = new Date()
    }
    const row = await trx.updateTable('assets').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
    // The title is written inside every delivered file: the files kept with the old one are
    // no longer what a download should deliver. Without a digest they are made again (under
    // new keys, named by their digest) by the next download or the job that makes them ahead.
    const retitled = row.title !== before.title
    if (retitled)
      await trx.updateTable('asset_variants').set({ sha256: null, bytes: null }).where('asset_id', '=', id).execute()
    const audits: AuditEntry[] = [
      { actorId, action: 'asset.update', targetType: 'asset', targetId: id, details: { changes } },
    ]
    if (changes.is_active !== undefined && changes.is_active !== before.is_active) {
      audits.push({
        actorId,
        action: changes.is_active ? 'asset.publish' : 'asset.unpublish',
        targetType: 'asset',
        targetId: id,
      })
    }
    await recordAudit(trx, audits)
    return { ok: true, asset: toAdminAssetView(row), retitled }
  })
  if (updated.ok) invalidateCatalogueCache(db)
  return updated
}

export type PublishResult = { ok: true; ids: number[] } | NotReadyRefusal

/**
 * The one way assets are published (is_active true) or returned to draft (false): the row's
 * button, the bulk bar, the upload page, the API and a schedule. Answers the ids that exist;
 * only actual changes are written to the audit log. Publishing refuses, writing nothing, while
 * any of the assets is not processed ('asset-processing', decision 087). Publishing clears the
 * asset's schedule; returning to draft withdraws one too (decision 89).
 */
export async function setPublished(
  db: DB,
  ids: number[],
  isActive: boolean,
  actorId: string | null,
  options: { scheduled?: boolean } = {},
): Promise<PublishResult> {
  if (ids.length === 0) return { ok: true, ids: [] }
  const found = await db.transaction().execute(async (trx): Promise<PublishResult> => {
    const existing = await trx
      .selectFrom('assets')
      .select(['id', 'is_active', 'title', 'processing_state', 'publish_at'])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute()
    if (isActive) {
      const refusal = notReadyToPublish(existing.filter((a) => !a.is_active))
      if (refusal) return refusal
    }
    const changing = existing.filter((a) => a.is_active !== isActive).map((a) => a.id)
    if (changing.length > 0) {
      await trx
        .updateTable('assets')
        .set({
          is_active: isActive,
          updated_at: new Date(),
          publish_at: null,
          ...(isActive ? { published_at: sql<Date>`coalesce(published_at, now())` } : {}),
        })
        .where('id', 'in', changing)
        .execute()
      await recordAudit(
        trx,
        existing
          .filter((a) => changing.includes(a.id))
          .map((a) => ({
            actorId,
            action: isActive ? ('asset.publish' as const) : ('asset.unpublish' as const),
            targetType: 'asset' as const,
            targetId: a.id,
            details: { title: a.title, ...(options.scheduled ? { scheduled: true } : {}) },
          })),
      )
    }
    // A draft asked to stay a draft keeps no schedule either: 'Unpublish' means not live.
    const withdrawn = isActive ? [] : existing.filter((a) => !changing.includes(a.id) && a.publish_at !== null)
    if (withdrawn.length > 0) {
      await trx
        .updateTable('assets')
        .set({ publish_at: null, updated_at: new Date() })
        .where(
          'id',
          'in',
          withdrawn.map((a) => a.id),
        )
        .execute()
      await recordAudit(
        trx,
        withdrawn.map((a) => ({
          actorId,
          action: 'asset.unschedule' as const,
          targetType: 'asset' as const,
          targetId: a.id,
          details: { title: a.title },
        })),
      )
    }
    return { ok: true, ids: existing.map((a) => a.id) }
  })
  if (found.ok) invalidateCatalogueCache(db)
  return found
}

/** A published asset as a view; null for an unknown or unpublished id. */
export async function getPublishedAsset(db: DB, id: number): Promise<AssetView | null> {
  const row = await db
    .selectFrom('assets')
    .select(ASSET_VIEW_COLUMNS)
    .where('id', '=', id)
    .where(isPublished())
    .executeTakeFirst()
  return row ? toAssetView(row) : null
}

/** The assets of `ids`, in that order (one query; an id gone meanwhile is left out). */
export async function assetsInOrder(db: DB, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('assets').select(ASSET_VIEW_COLUMNS).where('id', 'in', ids).execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/** The assets of `ids` as views, in that order (one query for any number of lists). */
export async function assetViewsInOrder(db: DB, ids: number[]): Promise<AssetView[]> {
  return (await assetsInOrder(db, ids)).map(toAssetView)
}
