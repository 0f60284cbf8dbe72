import type { DB } from '#db/client'
import { type AdminAssetView, type AssetProcessing, deleteAssets } from '~/domain/catalogue/assets.server'
import { recordAudit } from '~/domain/admin/audit.server'
import type { JobQueue } from '~/platform/job-queue.server'
import { publicFileUrl, type Storage } from '~/platform/storage.server'
import { processUploadJob } from './jobs.server'

// What the admin sees of an upload's processing (decision 087), and its Retry and Delete buttons.

export const PROCESSING_STOPPED = 'Processing stopped before it finished (the server stopped or the job timed out).'

/** Why Retry is refused for a file that failed for good, with the failure's own words. */
export function notRetryable(reason: string | null): string {
  return `Retrying cannot help: the same file would fail again. ${reason ?? ''}`.trim()
}

/**
 * The asset ids in 'processing' whose job is gone (its last attempt was killed or timed out, so
 * the handler never wrote 'failed'): shown as failed, with Retry.
 */
async function stalled(jobs: JobQueue, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const limit = 5000
  const live = await jobs.list({ names: [processUploadJob.name], states: ['created', 'retry', 'active'], limit })
  // A queue longer than that cannot say which are missing: none is called stopped.
  if (live.length >= limit) return new Set()
  const alive = new Set(live.map((job) => Number(job.data.assetId)))
  return new Set(ids.filter((id) => !alive.has(id)))
}

/** The assets as the admin sees them, a processing one whose job is gone shown as failed. */
export async function withLiveProcessing<T extends Pick<AdminAssetView, 'id' | 'processing'>>(
  jobs: JobQueue,
  assets: T[],
): Promise<T[]> {
  const gone = await stalled(
    jobs,
    assets.filter((a) => a.processing.state === 'processing').map((a) => a.id),
  )
  if (gone.size === 0) return assets
  return assets.map((asset) =>
    gone.has(asset.id)
      ? {
          ...asset,
          processing: {
            state: 'failed',
            error: PROCESSING_STOPPED,
            step: null,
            retryable: true,
          } satisfies AssetProcessing,
        }
      : asset,
  )
}

export interface ProcessingStatus extends AssetProcessing {
  isPublished: boolean
  thumbnail: string | null
}

/** The processing of some assets, for the upload page's progress (polled, or at each reload). */
export async function processingStates(db: DB, jobs: JobQueue, ids: number[]): Promise<Map<number, ProcessingStatus>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('assets')
    .select([
      'id',
      'is_active',
      'processing_state',
      'processing_error',
      'processing_step',
      'processing_retryable',
      'thumb_png_key',
    ])
    .where('id', 'in', ids)
    .execute()
  const views = await withLiveProcessing(
    jobs,
    rows.map((row) => ({
      id: row.id,
      processing: {
        state: row.processing_state,
        error: row.processing_error,
        step: row.processing_state === 'processing' ? row.processing_step : null,
        retryable: row.processing_retryable,
      },
      isPublished: row.is_active,
      thumbKey: row.thumb_png_key,
    })),
  )
  return new Map(
    views.map((view) => [
      view.id,
      {
        ...view.processing,
        isPublished: view.isPublished,
        thumbnail: view.thumbKey ? publicFileUrl(view.thumbKey) : null,
      },
    ]),
  )
}

export type RetryResult =
  | { ok: true }
  | { ok: false; reason: 'asset-not-found' | 'processing-not-retryable'; error: string }

/**
 * The admin's Retry: a failed asset (or one whose job is gone) goes back to 'processing' and
 * its job is queued again, now: the failed job itself when the queue still has it (so it
 * leaves the failed list), else a new one. A ready asset, or one still being processed, is
 * left as it is.
 */
export async function retryProcessing(
  db: DB,
  jobs: JobQueue,
  assetId: number,
  actorId: string | null,
): Promise<RetryResult> {
  const row = await db
    .selectFrom('assets')
    .select(['id', 'title', 'processing_state', 'processing_error', 'processing_retryable'])
    .where('id', '=', assetId)
    .executeTakeFirst()
  if (!row) return { ok: false, reason: 'asset-not-found', error: 'Asset not found' }
  if (row.processing_state === 'ready') return { ok: true }
  if (row.processing_state === 'failed' && !row.processing_retryable)
    return { ok: false, reason: 'processing-not-retryable', error: notRetryable(row.processing_error) }
  const [latest] = await jobs.list({
    names: [processUploadJob.name],
    states: ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'],
    dataKey: ['assetId', String(assetId)],
    limit: 1,
  })
  const live = latest && ['created', 'retry', 'active'].includes(latest.state)
  if (row.processing_state === 'processing' && live) return { ok: true }
  await jobs.open()
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('assets')
      .set({ processing_state: 'processing', processing_error: null, processing_step: 'queued' })
      .where('id', '=', assetId)
      .execute()
    await recordAudit(trx, {
      actorId,
      action: 'asset.retry-processing',
      targetType: 'asset',
      targetId: assetId,
      details: { title: row.title, error: row.processing_error },
    })
    // A failed job is queued again as it is (one more attempt); otherwise a new job, sent with
    // the row so that a 'processing' row always has its job.
    if (latest?.state !== 'failed' && !live) await jobs.send(processUploadJob, { assetId }, { trx })
  })
  if (latest?.state === 'failed') await jobs.retry(processUploadJob.name, latest.id)
  return { ok: true }
}

export type DeleteFailedResult =
  | { ok: true; id: number; title: string }
  | { ok: false; reason: 'asset-not-found' | 'upload-not-failed'; error: string }

/**
 * The upload results' Delete, for an upload whose processing failed: it cannot become an asset
 * as it is, so it goes without the assets page's confirmation. Any other asset is refused
 * ('upload-not-failed'): it may be worth keeping, and the assets page deletes it after asking.
 */
export async function deleteFailedUpload(
  db: DB,
  storage: Storage,
  jobs: JobQueue,
  assetId: number,
  actorId: string,
): Promise<DeleteFailedResult> {
  const state = (await processingStates(db, jobs, [assetId])).get(assetId)
  const row = await db.selectFrom('assets').select('title').where('id', '=', assetId).executeTakeFirst()
  if (!state || !row) return { ok: false, reason: 'asset-not-found', error: 'Asset not found' }
  if (state.state !== 'failed')
    return {
      ok: false,
      reason: 'upload-not-failed',
      error: 'Only an upload whose processing failed is deleted here: delete others from Manage Assets.',
    }
  await deleteAssets(db, storage, [assetId], actorId)
  return { ok: true, id: assetId, title: row.title }
}
