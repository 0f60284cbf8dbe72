import type { DB } from '#db/client'
import { coloursOf, deriveAssetFiles, type ProcessingStep } from '~/domain/catalogue/assets.server'
import { invalidateCatalogueCache } from '~/domain/catalogue/catalogue-cache.server'
import { errorMessage } from '~/lib/errors'
import { NotAudioError } from '~/platform/audio.server'
import { NotAnImageError } from '~/platform/images.server'
import { defineJob, type JobServices } from '~/platform/job-queue.server'
import { log } from '~/platform/log.server'
import { readStoredFile, type Storage } from '~/platform/storage.server'
import { keepUploadKeys, removeFiles, reserveUploadKeys } from '~/platform/storage-cleanup.server'

// The heavy half of an upload (decision 087): the upload stored the original and a row in
// 'processing'; this job decodes it and makes every derivative, writes the files (each put is
// atomic: temp file and rename, or one object), and writes the row LAST, in one statement, to
// 'ready'. A retry after a crash finds either no finished row (and writes the same keys again)
// or a ready one (and stops): nothing is ever half done.

// The upload's refusals and the job's failures say the same of a file (asset-upload.server.ts).
export const NOT_AUDIO = 'The file is not audio we can decode: upload WAV, MP3, OGG/Opus or FLAC.'
export const NOT_AN_IMAGE = 'The file is not an image we can read.'
export const ORIGINAL_MISSING = 'The original file is missing from storage: delete this asset and upload it again.'

/** Attempts after the first, for faults that may pass (storage, the database). */
export const PROCESS_UPLOAD_RETRIES = 2

/** A failure no retry can mend: the file itself is the problem. */
class PermanentFailure extends Error {}

export interface ProcessUploadData {
  assetId: number
}

export const processUploadJob = defineJob<ProcessUploadData>({
  name: 'process-upload',
  // Image work is bounded by the image pool, ffmpeg by this: serving comes first.
  concurrency: 1,
  retryLimit: PROCESS_UPLOAD_RETRIES,
  retryDelaySeconds: 15,
  // A 50MB WAV decodes and encodes in well under a minute; a stuck ffmpeg is cut off.
  expireInSeconds: 10 * 60,
  async run({ assetId }, { services, retryCount }) {
    await runProcessUpload(services, assetId, retryCount >= PROCESS_UPLOAD_RETRIES)
  },
})

/**
 * One attempt. A file that does not decode fails the asset at once, with the reason, and ends
 * the job (a retry would find the same bytes); any other fault leaves the asset 'processing'
 * with the reason noted and lets the queue try again, until the last attempt, which fails it.
 */
export async function runProcessUpload(
  services: Pick<JobServices, 'db' | 'storage'>,
  assetId: number,
  lastAttempt: boolean,
): Promise<void> {
  const { db, storage } = services
  try {
    await processUpload(db, storage, assetId)
  } catch (error) {
    const permanent =
      error instanceof PermanentFailure || error instanceof NotAudioError || error instanceof NotAnImageError
    const reason =
      error instanceof NotAudioError
        ? NOT_AUDIO
        : error instanceof NotAnImageError
          ? NOT_AN_IMAGE
          : errorMessage(error).slice(0, 500)
    log.warn('upload processing failed', { assetId, reason, permanent, lastAttempt })
    await db
      .updateTable('assets')
      .set(
        permanent || lastAttempt
          ? {
              processing_state: 'failed',
              processing_error: reason,
              processing_step: null,
              // The same bytes would fail again: no Retry is offered for them.
              processing_retryable: !permanent,
            }
          : { processing_error: reason, processing_step: 'queued' },
      )
      .where('id', '=', assetId)
      .where('processing_state', '=', 'processing')
      .execute()
    if (!permanent) throw error
  }
}

/** Makes the asset's files from its stored original and marks it ready; idempotent. */
export async function processUpload(db: DB, storage: Storage, assetId: number): Promise<void> {
  const row = await db
    .selectFrom('assets')
    .select(['id', 'title', 'asset_type', 'original_key', 'thumbnail_source_key', 'processing_state'])
    .where('id', '=', assetId)
    .executeTakeFirst()
  // Deleted since, or done by an earlier attempt whose completion was lost.
  if (!row || row.processing_state === 'ready') return
  const step = async (name: ProcessingStep) => {
    await db.updateTable('assets').set({ processing_step: name }).where('id', '=', assetId).execute()
  }
  const read = async (key: string) => {
    const file = await storage.get(key)
    return file ? readStoredFile(file) : null
  }
  const original = await read(row.original_key)
  if (!original) throw new PermanentFailure(ORIGINAL_MISSING)
  const thumbnail = row.thumbnail_source_key ? await read(row.thumbnail_source_key) : null
  // The files are named after the original's: `originals/<uuid>.<ext>` → `public/<uuid>/...`.
  const id = /^originals\/([^./]+)\./.exec(row.original_key)?.[1]
  if (!id) throw new PermanentFailure(`Unexpected original key ${row.original_key}`)
  const prepared = await deriveAssetFiles(
    id,
    {
      original,
      thumbnail: thumbnail ?? undefined,
      title: row.title,
      // The admin's choice for an image; audio is found from the bytes.
      assetType: row.asset_type === 'audio' ? undefined : row.asset_type,
    },
    step,
  )
  // Stored already: only the derivatives are written (a guessed extension stays as it was).
  const { original_key: _original, ...keys } = prepared.keys
  const files = prepared.files.filter(([key]) => key !== prepared.keys.original_key)
  await step('palette')
  const colours = await coloursOf(prepared)
  await step('saving')
  const written = files.map(([key]) => key)
  await reserveUploadKeys(db, written)
  const puts = await Promise.allSettled(files.map(([key, data]) => storage.put(key, data)))
  const failedPut = puts.find((put) => put.status === 'rejected')
  if (failedPut) throw failedPut.reason
  // Last, in one transaction: the row points at its files only once they are all there.
  const outcome = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('assets')
      .set({
        ...keys,
        asset_type: prepared.assetType,
        ...prepared.columns,
        ...colours,
        processing_state: 'ready',
        processing_error: null,
        processing_step: null,
        updated_at: new Date(),
      })
      .where('id', '=', assetId)
      .where('processing_state', '<>', 'ready')
      .returning('id')
      .executeTakeFirst()
    const exists = updated ?? (await trx.selectFrom('assets').select('id').where('id', '=', assetId).executeTakeFirst())
    // The files belong to the row (or to the twin attempt that finished first: the same keys).
    if (exists) await keepUploadKeys(trx, written)
    return updated ? 'ready' : exists ? 'done-before' : 'deleted'
  })
  // Deleted while it ran: its new files go too (the same keys as a finished twin's are kept).
  if (outcome === 'deleted') await removeFiles(db, storage, written).catch(() => {})
  if (outcome === 'ready') invalidateCatalogueCache(db)
}
