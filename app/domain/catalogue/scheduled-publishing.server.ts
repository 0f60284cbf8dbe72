import { sql } from 'kysely'
import type { DB } from '#db/client'
import { recordAudit } from '~/domain/admin/audit.server'
import { defineJob, type JobQueue } from '~/platform/job-queue.server'
import { log } from '~/platform/log.server'
import { errorMessage } from '~/lib/errors'
import type { AssetChanges } from '~/lib/admin-assets'
import {
  ASSET_NOT_FOUND,
  getAssetForAdmin,
  PROCESSING_FAILED,
  setPublished,
  updateAsset,
  type UpdateAssetResult,
} from './assets.server'
import { sendPrepareDownloads } from '~/domain/downloads/prepare-downloads.server'
import { invalidateCatalogueCache } from './catalogue-cache.server'

// Scheduled publishing (decision 89): a draft with a publish time goes live then, on whichever
// instance claims its job. Every path goes through setPublished, the one way an asset goes
// live, so its rules (an asset still processing stays a draft) hold here too. The job only
// publishes what is still scheduled and due when it runs: a schedule withdrawn or moved later
// leaves a stale job that does nothing.

/**
 * Publishes what of `ids` may go live, through setPublished, leaving the rest drafts. The
 * processing rule (decision 87) makes setPublished refuse a whole batch with an unprocessed
 * asset in it, naming those ({ ok: false, ids }): the others are published without them.
 * Which went live is read back by the callers.
 */
export async function publishReady(
  db: DB,
  ids: number[],
  actorId: string | null,
  options: { scheduled?: boolean } = {},
): Promise<void> {
  const result: unknown = await setPublished(db, ids, true, actorId, options)
  const refused = result as { ok?: boolean; ids?: number[] } | null
  if (refused && !Array.isArray(refused) && refused.ok === false && Array.isArray(refused.ids)) {
    const waiting = new Set(refused.ids)
    const rest = ids.filter((id) => !waiting.has(id))
    if (rest.length > 0) await setPublished(db, rest, true, actorId, options)
  }
}

/** The most assets one sweep publishes; the next minute takes the rest. */
const SWEEP_LIMIT = 500

/**
 * Publishes the drafts whose publish time has come (of `ids`, or all), through setPublished.
 * Returns the ids that went live; one still processing keeps its schedule and the next sweep
 * tries again.
 */
export async function publishDue(db: DB, options: { ids?: number[] } = {}): Promise<number[]> {
  if (options.ids && options.ids.length === 0) return []
  let query = db
    .selectFrom('assets')
    .select('id')
    .where('publish_at', 'is not', null)
    .where('publish_at', '<=', sql<Date>`now()`)
    .where('is_active', '=', false)
    // One still processing waits for its processing (decision 87), and blocks no other.
    .where('processing_state', '=', 'ready')
    .orderBy('publish_at')
    .limit(SWEEP_LIMIT)
  if (options.ids) query = query.where('id', 'in', options.ids)
  const due = (await query.execute()).map((r) => r.id)
  if (due.length === 0) return []
  await publishReady(db, due, null, { scheduled: true })
  const live = await db.selectFrom('assets').select('id').where('id', 'in', due).where('is_active', '=', true).execute()
  return live.map((r) => r.id)
}

/** One asset's schedule: sent with startAfter at its publish time. */
export const publishScheduledJob = defineJob<{ assetId: number }>({
  name: 'publish-scheduled',
  retryLimit: 5,
  retryDelaySeconds: 30,
  expireInSeconds: 60,
  async run({ assetId }, { services }) {
    await sendPrepareDownloads(services.jobs, await publishDue(services.db, { ids: [assetId] }))
  },
})

/** The safety net: every minute, whatever is due and still a draft (a lost or cancelled job). */
export const publishDueJob = defineJob<Record<string, never>>({
  name: 'publish-due',
  cron: '* * * * *',
  retryLimit: 0,
  expireInSeconds: 60,
  async run(_data, { services }) {
    const published = await publishDue(services.db)
    if (published.length > 0) log.info('scheduled assets published', { count: published.length })
    await sendPrepareDownloads(services.jobs, published)
  },
})

export interface ScheduleOutcome {
  /** The ids that exist. */
  found: number[]
  /** Scheduled for a future time. */
  scheduled: number[]
  /** The time had passed: published at once. */
  publishedNow: number[]
  /** The time had passed but the asset could not go live yet (still processing): it stays scheduled. */
  waiting: number[]
  /** Already live: a schedule means nothing for them, so they were left as they were. */
  alreadyPublished: number[]
  /** Their processing failed: they could never go live, so no schedule was set. */
  processingFailed: number[]
  /** A schedule taken away (publishAt null). */
  withdrawn: number[]
}

/**
 * Sets (a Date) or withdraws (null) the publish time of some assets. A published asset is left
 * as it is; a time in the past publishes at once. The schedule and its audit entries are
 * written first; the job is sent after, and if sending fails the minute's sweep still publishes.
 */
export async function scheduleAssets(
  services: { db: DB; jobs: JobQueue },
  ids: number[],
  publishAt: Date | null,
  actorId: string | null,
): Promise<ScheduleOutcome> {
  const { db, jobs } = services
  const outcome: ScheduleOutcome = {
    found: [],
    scheduled: [],
    publishedNow: [],
    waiting: [],
    alreadyPublished: [],
    processingFailed: [],
    withdrawn: [],
  }
  if (ids.length === 0) return outcome
  const targets = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('assets')
      .select(['id', 'title', 'is_active', 'publish_at', 'processing_state'])
      .where('id', 'in', ids)
      .forUpdate()
      .execute()
    outcome.found = rows.map((r) => r.id)
    // A draft whose processing failed is never given a time: it would be listed as scheduled
    // and never go live. One still processing is (it goes live once ready).
    const schedulable = (r: (typeof rows)[number]) => !r.is_active && r.processing_state !== 'failed'
    const changing = publishAt
      ? rows.filter((r) => schedulable(r) && r.publish_at?.getTime() !== publishAt.getTime())
      : rows.filter((r) => r.publish_at !== null)
    if (publishAt) {
      outcome.alreadyPublished = rows.filter((r) => r.is_active).map((r) => r.id)
      outcome.processingFailed = rows.filter((r) => !r.is_active && r.processing_state === 'failed').map((r) => r.id)
    }
    if (changing.length > 0) {
      await trx
        .updateTable('assets')
        .set({ publish_at: publishAt, updated_at: new Date() })
        .where(
          'id',
          'in',
          changing.map((r) => r.id),
        )
        .execute()
      await recordAudit(
        trx,
        changing.map((r) => ({
          actorId,
          action: publishAt ? ('asset.schedule' as const) : ('asset.unschedule' as const),
          targetType: 'asset' as const,
          targetId: r.id,
          details: publishAt ? { title: r.title, publish_at: publishAt.toISOString() } : { title: r.title },
        })),
      )
    }
    if (!publishAt) outcome.withdrawn = changing.map((r) => r.id)
    // Drafts that now carry this time (those already scheduled for it included).
    return publishAt ? rows.filter(schedulable).map((r) => r.id) : []
  })
  invalidateCatalogueCache(db)

  // The jobs of an earlier time go (a stale one would do nothing, but the status page would list it).
  await cancelQueued(jobs, publishAt ? targets : outcome.found)
  if (!publishAt || targets.length === 0) return outcome

  if (publishAt.getTime() <= Date.now()) {
    await publishReady(db, targets, actorId, { scheduled: true })
    const live = new Set(
      (
        await db.selectFrom('assets').select('id').where('id', 'in', targets).where('is_active', '=', true).execute()
      ).map((r) => r.id),
    )
    outcome.publishedNow = targets.filter((id) => live.has(id))
    outcome.waiting = targets.filter((id) => !live.has(id))
    await sendPrepareDownloads(jobs, outcome.publishedNow)
    return outcome
  }
  outcome.scheduled = targets
  for (const assetId of targets) {
    try {
      await jobs.send(publishScheduledJob, { assetId }, { startAfter: publishAt, singletonKey: `asset-${assetId}` })
    } catch (error) {
      // The schedule is in the row: the minute's sweep publishes it all the same.
      log.warn('publish job not sent', { assetId, error: errorMessage(error) })
    }
  }
  return outcome
}

/** Cancels the queued publish jobs of these assets. */
async function cancelQueued(jobs: JobQueue, ids: number[]): Promise<void> {
  if (ids.length === 0) return
  const wanted = new Set(ids.map(String))
  try {
    const queued = await jobs.list({ names: [publishScheduledJob.name], states: ['created', 'retry'], limit: 10_000 })
    for (const job of queued) {
      if (wanted.has(String(job.data.assetId))) await jobs.cancel(job.name, job.id)
    }
  } catch (error) {
    log.warn('publish jobs not cancelled', { error: errorMessage(error) })
  }
}

export const ALREADY_PUBLISHED = 'This asset is already published: a schedule is for a draft. Unpublish it first.'

/**
 * The admin's edit of one asset with its schedule (the inline edit, PUT /api/admin/assets/{id}):
 * the fields through updateAsset, then the schedule. A schedule for a live asset is refused
 * before anything is written.
 */
export async function editAsset(
  services: { db: DB; jobs: JobQueue },
  id: number,
  changes: AssetChanges,
  actorId: string | null,
): Promise<
  | UpdateAssetResult
  | { ok: false; reason: 'already-published'; error: string }
  | { ok: false; reason: 'asset-processing'; error: string }
> {
  const { publish_at: publishAt, ...fields } = changes
  // Read first when it matters: a schedule is refused for a live asset, and a draft made live
  // gets its download files made ahead (as does a live asset given a new title).
  const before =
    publishAt !== undefined || fields.is_active === true
      ? await services.db
          .selectFrom('assets')
          .select(['is_active', 'processing_state'])
          .where('id', '=', id)
          .executeTakeFirst()
      : undefined
  if (publishAt !== undefined) {
    if (!before) return { ok: false, reason: 'asset-not-found', error: ASSET_NOT_FOUND }
    if (publishAt && before.is_active) return { ok: false, reason: 'already-published', error: ALREADY_PUBLISHED }
    // scheduleAssets would leave it unscheduled: one asset's edit says so, as Publish does,
    // before anything is written.
    if (publishAt && before.processing_state === 'failed')
      return { ok: false, reason: 'asset-processing', error: PROCESSING_FAILED }
  }
  let retitled = false
  if (Object.values(fields).some((v) => v !== undefined)) {
    const updated = await updateAsset(services.db, id, fields, actorId)
    retitled = updated.ok && updated.retitled
    const madeLive = before !== undefined && !before.is_active
    if (updated.ok && updated.asset.is_active && (madeLive || updated.retitled))
      await sendPrepareDownloads(services.jobs, [id])
    if (!updated.ok || publishAt === undefined) return updated
  }
  if (publishAt !== undefined) await scheduleAssets(services, [id], publishAt, actorId)
  const asset = await getAssetForAdmin(services.db, id)
  return asset ? { ok: true, asset, retitled } : { ok: false, reason: 'asset-not-found', error: ASSET_NOT_FOUND }
}
