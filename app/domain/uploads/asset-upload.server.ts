import { randomUUID } from 'node:crypto'
import type { DB } from '#db/client'
import type { AssetType, ImageAssetType } from '~/lib/constants'
import { oversizeMessage } from '~/lib/upload-limits'
import { AUDIO_MIME, sniffAudioContainer, type AudioContainer, type AudioFormat } from '~/platform/audio.server'
import { claimsAudio, fileBaseName, planUpload, type CsvMetadataRow, type UploadItem } from '~/lib/upload-plan'
import { toAdminAssetView, type AdminAssetView } from '~/domain/catalogue/assets.server'
import { recordAudit } from '~/domain/admin/audit.server'
import { inspectImage, NotAnImageError } from '~/platform/images.server'
import { log } from '~/platform/log.server'
import type { Storage } from '~/platform/storage.server'
import type { JobQueue } from '~/platform/job-queue.server'
import { keepUploadKeys, putAll, removeFiles, reserveUploadKeys } from '~/platform/storage-cleanup.server'
import { normaliseTags } from '~/lib/tags'
import { errorMessage } from '~/lib/errors'
import { NOT_AN_IMAGE, NOT_AUDIO, processUploadJob } from './jobs.server'

export const UPLOAD_FAILED = 'Upload failed'
export const THUMBNAIL_NOT_AN_IMAGE = 'The thumbnail is not an image we can read.'

export { NOT_AN_IMAGE, NOT_AUDIO }

/**
 * Why an upload was refused: over its type's limit ('file-too-large'), no bytes
 * ('empty-file'), a file or thumbnail that is no image we process ('not-an-image'), a file
 * that says it is audio or was sent as audio but does not decode ('not-audio').
 */
export type UploadRefusal = 'file-too-large' | 'empty-file' | 'not-an-image' | 'not-audio'

export type UploadResult = { ok: true; asset: UploadedAsset } | { ok: false; reason: UploadRefusal; error: string }

const refuse = (reason: UploadRefusal, error: string): UploadResult => ({ ok: false, reason, error })

export interface UploadAssetInput {
  original: Buffer
  filename: string
  thumbnail?: Buffer | null
  title?: string
  description?: string
  tags?: unknown
  category?: string
  assetType?: AssetType
  /** The type the browser declared, if any: only to word the refusal of a fake audio file. */
  mimeType?: string
}

/** What an upload answers (POST /api/admin/assets): the asset, and original_url. */
export interface UploadedAsset extends AdminAssetView {
  /** Originals stay private (they leave only through a download): this is the full-size public preview ('' while processing). */
  original_url: string
}

/** Ogg holds Opus or Vorbis: the first packet says which (the job's decode confirms it). */
function audioFormatOf(container: AudioContainer, data: Buffer): AudioFormat {
  if (container !== 'ogg') return container
  return data.subarray(0, 512).includes('OpusHead') ? 'opus' : 'ogg'
}

/**
 * The admin's upload of one asset (the upload page, its batch and POST /api/admin/assets): at
 * most 10MB (audio 50MB), an image whose header we read or a file whose first bytes are
 * audio. It answers at once (decision 087): the original (and a paired thumbnail) is stored,
 * the draft row written 'processing', and the job 'process-upload' queued in the same
 * transaction; the job makes the previews, waveform and palette. The upload is audited. A bad
 * file is refused ({ ok: false, reason }) and nothing is left behind; only unexpected faults
 * (storage, database) throw.
 */
export async function uploadAsset(
  db: DB,
  storage: Storage,
  jobs: JobQueue,
  actorId: string | null,
  input: UploadAssetInput,
): Promise<UploadResult> {
  // Each type has its own limit; the bytes, not the name, say which type a file is.
  const container = sniffAudioContainer(input.original)
  const tooLarge =
    oversizeMessage(input.original.byteLength, container !== null, input.filename) ??
    (input.thumbnail ? oversizeMessage(input.thumbnail.byteLength, false, 'The thumbnail') : null)
  if (tooLarge) return refuse('file-too-large', tooLarge)
  if (input.original.byteLength === 0) return refuse('empty-file', 'The file is empty.')
  if (input.thumbnail) {
    try {
      await inspectImage(input.thumbnail)
    } catch (error) {
      if (error instanceof NotAnImageError) return refuse('not-an-image', THUMBNAIL_NOT_AN_IMAGE)
      throw error
    }
  }
  // What the file is, from its first bytes or its header: cheap checks only. Decoding the
  // audio and making the pictures is the job's.
  let kind: { assetType: AssetType; ext: string; mimeType: string; width: number | null; height: number | null }
  if (container) {
    const format = audioFormatOf(container, input.original)
    kind = { assetType: 'audio', ext: format, mimeType: AUDIO_MIME[format], width: null, height: null }
  } else {
    if (input.assetType === 'audio') return refuse('not-audio', NOT_AUDIO)
    try {
      const info = await inspectImage(input.original)
      kind = {
        assetType: input.assetType ?? '3d',
        ext: info.format === 'jpeg' ? 'jpg' : info.format,
        mimeType: `image/${info.format}`,
        width: info.width,
        height: info.height,
      }
    } catch (error) {
      if (!(error instanceof NotAnImageError)) throw error
      return claimsAudio({ name: input.filename, type: input.mimeType })
        ? refuse('not-audio', NOT_AUDIO)
        : refuse('not-an-image', NOT_AN_IMAGE)
    }
  }

  const id = randomUUID()
  const originalKey = `originals/${id}.${kind.ext}`
  const thumbnailKey = input.thumbnail ? `originals/${id}-thumbnail` : null
  const files: [string, Buffer][] = [[originalKey, input.original]]
  if (thumbnailKey && input.thumbnail) files.push([thumbnailKey, input.thumbnail])
  const keys = files.map(([key]) => key)
  // The queue is set up before the transaction that sends its job (on embedded PGlite, with one
  // connection, its set-up would otherwise wait behind that transaction).
  await jobs.open()
  // Recorded before any file is written: a crash from here on leaves nothing for good.
  await reserveUploadKeys(db, keys)
  const written: string[] = []
  try {
    await putAll(storage, files, written)
    // The row, its files' ownership, the audit and the job commit together or not at all: a
    // 'processing' row always has its job.
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('assets')
        .values({
          original_key: originalKey,
          thumbnail_source_key: thumbnailKey,
          title: (input.title?.trim() || fileBaseName(input.filename) || 'Untitled').slice(0, 200),
          description: (input.description ?? '').trim(),
          tags: normaliseTags(input.tags ?? []),
          category: (input.category ?? '').trim(),
          asset_type: kind.assetType,
          is_active: false,
          original_filename: input.filename.slice(0, 255),
          mime_type: kind.mimeType,
          width: kind.width,
          height: kind.height,
          bytes: input.original.byteLength,
          processing_state: 'processing',
          processing_step: 'queued',
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      await keepUploadKeys(trx, keys)
      await recordAudit(trx, {
        actorId,
        action: 'asset.upload',
        targetType: 'asset',
        targetId: inserted.id,
        details: {
          title: inserted.title,
          filename: inserted.original_filename,
          bytes: inserted.bytes,
          thumbnail: Boolean(input.thumbnail),
        },
      })
      await jobs.send(processUploadJob, { assetId: inserted.id }, { trx })
      return inserted
    })
    const view = toAdminAssetView(row)
    return { ok: true, asset: { ...view, original_url: view.image } }
  } catch (error) {
    // Files that fail to go (or a database that is gone) stay recorded for the sweep.
    await removeFiles(db, storage, written).catch(() => {})
    throw error
  }
}

/** A file of a batch upload, read only when its turn comes. */
export interface BatchFile {
  name: string
  type: string
  size: number
  read(): Promise<Buffer>
}

/**
 * The plain upload form's batch: pairs WebP thumbnails, applies the CSV, stores each asset in
 * turn and reports every file's outcome; one bad file does not stop the others.
 */
export async function uploadBatch(
  db: DB,
  storage: Storage,
  jobs: JobQueue,
  actorId: string | null,
  files: BatchFile[],
  rows: CsvMetadataRow[],
  /** What the images are, as the admin chose on the form; a CSV asset_type wins. */
  imageType: ImageAssetType = '3d',
): Promise<UploadItem[]> {
  const { uploads, skipped } = planUpload(files, rows)
  const items = new Map<BatchFile, UploadItem>()
  for (const skip of skipped) {
    items.set(skip.file, {
      id: null,
      name: skip.name,
      status: 'error',
      detectedTitle: '',
      detectedTags: [],
      bytes: skip.file.size,
      metadata: null,
      previewUrl: null,
      isPublished: false,
      error: skip.reason,
      processing: null,
    })
  }
  for (const plan of uploads) {
    const item: UploadItem = {
      id: null,
      name: plan.name,
      status: 'error',
      detectedTitle: plan.title,
      detectedTags: plan.tags,
      bytes: plan.file.size,
      metadata: {
        category: plan.category,
        releases: plan.metadata?.releases ?? '',
        thumbnail: plan.thumbnail?.name ?? null,
      },
      previewUrl: null,
      isPublished: false,
      error: null,
      processing: null,
    }
    try {
      const result = await uploadAsset(db, storage, jobs, actorId, {
        original: await plan.file.read(),
        filename: plan.name,
        thumbnail: plan.thumbnail ? await plan.thumbnail.read() : null,
        title: plan.title,
        tags: plan.tags,
        category: plan.category,
        assetType: plan.assetType ?? imageType,
        mimeType: plan.file.type,
      })
      if (result.ok)
        Object.assign(item, {
          id: result.asset.id,
          status: 'completed',
          previewUrl: result.asset.thumbnail || null,
          processing: { state: result.asset.processing.state, error: null },
        })
      else item.error = result.error
    } catch (error) {
      log.error('batch upload failed', {
        file: plan.name,
        error: errorMessage(error),
      })
      item.error = UPLOAD_FAILED
    }
    items.set(plan.file, item)
  }
  // In the order the files were chosen; paired WebP files appear as their PNG's thumbnail.
  return files.flatMap((file) => items.get(file) ?? [])
}
