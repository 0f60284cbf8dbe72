import type { DB } from '#db/client'
import type { AssetType, ImageAssetType } from '~/lib/constants'
import { oversizeMessage } from '~/lib/upload-limits'
import { NotAudioError, sniffAudioContainer } from '~/platform/audio.server'
import {
  claimsAudio,
  fileBaseName,
  planUpload,
  sizeInMb,
  type CsvMetadataRow,
  type UploadItem,
} from '~/lib/upload-plan'
import { createAsset, toAdminAssetView, type AdminAssetView } from '~/domain/catalogue/assets.server'
import { inspectImage, NotAnImageError } from '~/platform/images.server'
import { log } from '~/platform/log.server'
import type { Storage } from '~/platform/storage.server'
import { errorMessage } from '~/lib/errors'

export const UPLOAD_FAILED = 'Upload failed'
export const NOT_AN_IMAGE = 'The file is not an image we can read.'
export const THUMBNAIL_NOT_AN_IMAGE = 'The thumbnail is not an image we can read.'

export const NOT_AUDIO = 'The file is not audio we can decode: upload WAV, MP3, OGG/Opus or FLAC.'

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
  /** Originals stay private (they leave only through a download): this is the full-size public preview. */
  original_url: string
}

/**
 * The admin's upload of one asset (the upload page and POST /api/admin/assets): at most
 * 10MB (audio 50MB), a decodable image or audio file, stored unpublished with its
 * derivatives; the upload is audited. A bad file is refused ({ ok: false, reason }) and
 * nothing is left behind; only unexpected faults (storage, database) throw.
 */
export async function uploadAsset(
  db: DB,
  storage: Storage,
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
  try {
    const asset = await createAsset(db, storage, {
      original: input.original,
      originalFilename: input.filename.slice(0, 255),
      thumbnail: input.thumbnail ?? undefined,
      title: (input.title?.trim() || fileBaseName(input.filename) || 'Untitled').slice(0, 200),
      description: input.description,
      tags: input.tags,
      category: input.category,
      assetType: input.assetType,
      isActive: false,
      actorId,
      // Sniffed once, above: the limit and the decoding go by the same answer.
      audioContainer: container,
    })
    const view = toAdminAssetView(asset)
    return { ok: true, asset: { ...view, original_url: view.image } }
  } catch (error) {
    // createAsset decodes before it writes anything (and removes what it wrote on a fault),
    // so a file it cannot decode has left nothing behind.
    if (error instanceof NotAudioError) return refuse('not-audio', NOT_AUDIO)
    if (error instanceof NotAnImageError) {
      return claimsAudio({ name: input.filename, type: input.mimeType })
        ? refuse('not-audio', NOT_AUDIO)
        : refuse('not-an-image', NOT_AN_IMAGE)
    }
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
      sizeMb: sizeInMb(skip.file.size),
      metadata: null,
      previewUrl: null,
      isPublished: false,
      error: skip.reason,
    })
  }
  for (const plan of uploads) {
    const item: UploadItem = {
      id: null,
      name: plan.name,
      status: 'error',
      detectedTitle: plan.title,
      detectedTags: plan.tags,
      sizeMb: sizeInMb(plan.file.size),
      metadata: {
        category: plan.category,
        releases: plan.metadata?.releases ?? '',
        thumbnail: plan.thumbnail?.name ?? null,
      },
      previewUrl: null,
      isPublished: false,
      error: null,
    }
    try {
      const result = await uploadAsset(db, storage, actorId, {
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
        Object.assign(item, { id: result.asset.id, status: 'completed', previewUrl: result.asset.thumbnail })
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
