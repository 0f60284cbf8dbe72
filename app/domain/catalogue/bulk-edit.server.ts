import type { DB } from '#db/client'
import type { JobQueue } from '~/platform/job-queue.server'
import { ASSET_TYPE_LABELS } from '~/lib/constants'
import { MAX_TAGS, type BulkAction } from '~/lib/admin-assets'
import { plural } from '~/lib/plural'
import { formatScheduleTime } from '~/lib/schedule-time'
import { setPublished, updateAsset } from './assets.server'
import { cachedForCatalogue } from './catalogue-cache.server'
import { publishReady, scheduleAssets } from './scheduled-publishing.server'
import { sendPrepareDownloads } from '~/domain/downloads/prepare-downloads.server'

// The bulk bar of /admin/assets and POST /api/admin/assets/bulk (decision 89): one change to
// many assets, each through the function that makes it for one (updateAsset, setPublished,
// scheduleAssets), so each asset gets its own audit entry and every rule holds as it does for
// one asset. The answer counts what happened and says it in a sentence.

export interface BulkSummary {
  action: BulkAction['action']
  /** Assets changed. */
  changed: number[]
  /** Assets the change did not apply to, and why, in words ('2 already had them'). */
  skipped: { ids: number[]; reason: string }[]
  /** Ids that no longer exist. */
  missing: number[]
  message: string
}

export type BulkResult = { ok: true; summary: BulkSummary } | { ok: false; reason: 'unknown-category'; error: string }

/** The categories the catalogue uses, drafts included: what the bulk bar offers and accepts. */
export function assetCategories(db: DB): Promise<string[]> {
  return cachedForCatalogue(db, 'admin-categories', async () => {
    const rows = await db
      .selectFrom('assets')
      .select('category')
      .distinct()
      .where('category', '<>', '')
      .orderBy('category')
      .execute()
    return rows.map((r) => r.category)
  })
}

const isAre = (n: number) => (n === 1 ? 'is' : 'are')
const wasWere = (n: number) => (n === 1 ? 'was' : 'were')
const quoteList = (items: string[]) => items.map((t) => `‘${t}’`).join(', ')

export async function bulkEditAssets(
  services: { db: DB; jobs: JobQueue },
  ids: number[],
  change: BulkAction,
  actorId: string | null,
): Promise<BulkResult> {
  const { db } = services
  if (change.action === 'set-category') {
    const asked = change.category
    const known = await assetCategories(db)
    const match = known.find((c) => c.toLowerCase() === asked.toLowerCase())
    if (!match)
      return {
        ok: false,
        reason: 'unknown-category',
        error: `There is no category ‘${asked}’. Choose one of: ${known.join(', ') || 'none yet'}. A new category starts from one asset's Edit.`,
      }
    // The catalogue's own spelling of it.
    change = { action: 'set-category', category: match }
  }
  const rows = await db
    .selectFrom('assets')
    .select(['id', 'tags', 'category', 'asset_type', 'is_active', 'publish_at'])
    .where('id', 'in', ids)
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  const present = ids.filter((id) => byId.has(id))
  const missing = ids.filter((id) => !byId.has(id))
  const changed: number[] = []
  const skipped: BulkSummary['skipped'] = []
  const skip = (list: number[], reason: (n: number) => string) => {
    if (list.length > 0) skipped.push({ ids: list, reason: reason(list.length) })
  }
  let headline = ''

  switch (change.action) {
    case 'add-tags':
    case 'remove-tags': {
      const same: number[] = []
      const full: number[] = []
      for (const id of present) {
        const before = byId.get(id)?.tags ?? []
        const tags =
          change.action === 'add-tags'
            ? [...before, ...change.tags.filter((t) => !before.includes(t))]
            : before.filter((t) => !change.tags.includes(t))
        if (tags.length === before.length) same.push(id)
        else if (tags.length > MAX_TAGS) full.push(id)
        else if ((await updateAsset(db, id, { tags }, actorId)).ok) changed.push(id)
        else missing.push(id)
      }
      const what = quoteList(change.tags)
      if (change.action === 'add-tags') {
        headline = `Added ${what} to ${plural(changed.length, 'asset')}`
        skip(same, (n) => `${n} already had ${change.tags.length === 1 ? 'it' : 'them'}`)
        skip(
          full,
          (n) =>
            `${n} would have more than ${MAX_TAGS} tags and ${wasWere(n)} left as ${n === 1 ? 'it was' : 'they were'}`,
        )
      } else {
        headline = `Removed ${what} from ${plural(changed.length, 'asset')}`
        skip(same, (n) => `${n} did not have ${change.tags.length === 1 ? 'it' : 'them'}`)
      }
      break
    }
    case 'set-category': {
      const same: number[] = []
      for (const id of present) {
        if (byId.get(id)?.category === change.category) same.push(id)
        else if ((await updateAsset(db, id, { category: change.category }, actorId)).ok) changed.push(id)
        else missing.push(id)
      }
      headline = `Moved ${plural(changed.length, 'asset')} to ‘${change.category}’`
      skip(same, (n) => `${n} ${wasWere(n)} already in it`)
      break
    }
    case 'set-type': {
      const same: number[] = []
      const refused: number[] = []
      for (const id of present) {
        if (byId.get(id)?.asset_type === change.asset_type) {
          same.push(id)
          continue
        }
        const result = await updateAsset(db, id, { asset_type: change.asset_type }, actorId)
        if (result.ok) changed.push(id)
        else if (result.reason === 'asset-type-not-allowed') refused.push(id)
        else missing.push(id)
      }
      headline = `Set ${plural(changed.length, 'asset')} to ${ASSET_TYPE_LABELS[change.asset_type].one}`
      skip(same, (n) => `${n} already ${wasWere(n)}`)
      skip(refused, (n) =>
        change.asset_type === 'audio'
          ? `${n} ${isAre(n)} not audio and ${n === 1 ? 'keeps its' : 'keep their'} type`
          : `${n} ${isAre(n)} audio and ${n === 1 ? 'keeps its' : 'keep their'} type`,
      )
      break
    }
    case 'publish':
    case 'unpublish': {
      const publish = change.action === 'publish'
      const already = present.filter((id) => byId.get(id)?.is_active === publish)
      const asked = present.filter((id) => byId.get(id)?.is_active !== publish)
      // Unpublish goes to every draft too: it withdraws their schedules.
      if (publish) await publishReady(db, asked, actorId)
      else await setPublished(db, present, false, actorId)
      // setPublished leaves an asset still processing a draft: read back what went live.
      const after = asked.length
        ? await db.selectFrom('assets').select(['id', 'is_active']).where('id', 'in', asked).execute()
        : []
      const state = new Map(after.map((r) => [r.id, r.is_active]))
      changed.push(...asked.filter((id) => state.get(id) === publish))
      if (publish) await sendPrepareDownloads(services.jobs, changed)
      headline = `${publish ? 'Published' : 'Unpublished'} ${plural(changed.length, 'asset')}`
      skip(already, (n) => `${n} ${wasWere(n)} already ${publish ? 'published' : 'unpublished'}`)
      skip(
        asked.filter((id) => state.has(id) && state.get(id) !== publish),
        (n) => `${n} ${isAre(n)} still processing and ${wasWere(n)} left unpublished`,
      )
      missing.push(...asked.filter((id) => !state.has(id)))
      break
    }
    case 'schedule': {
      const outcome = await scheduleAssets(services, present, change.publish_at, actorId)
      if (!change.publish_at) {
        changed.push(...outcome.withdrawn)
        headline = `Withdrew the schedule of ${plural(changed.length, 'asset')}`
        skip(
          outcome.found.filter((id) => !outcome.withdrawn.includes(id)),
          (n) => `${n} had none`,
        )
      } else if (
        outcome.scheduled.length > 0 ||
        (outcome.publishedNow.length === 0 && outcome.waiting.length === 0 && change.publish_at.getTime() > Date.now())
      ) {
        changed.push(...outcome.scheduled)
        headline = `Scheduled ${plural(changed.length, 'asset')} for ${formatScheduleTime(change.publish_at.toISOString(), 'UTC')}`
      } else {
        changed.push(...outcome.publishedNow)
        headline = `Published ${plural(changed.length, 'asset')} at once: that time has passed`
      }
      if (change.publish_at) {
        skip(
          outcome.alreadyPublished,
          (n) => `${n} ${isAre(n)} already published and ${wasWere(n)} left as ${n === 1 ? 'it was' : 'they were'}`,
        )
        skip(
          outcome.waiting,
          (n) => `${n} ${isAre(n)} still processing and will go live when ${n === 1 ? 'it is' : 'they are'} ready`,
        )
        skip(
          outcome.processingFailed,
          (n) => `${n} failed ${n === 1 ? 'its' : 'their'} processing and ${wasWere(n)} left unscheduled (retry first)`,
        )
      }
      missing.push(...present.filter((id) => !outcome.found.includes(id)))
      break
    }
  }
  skip(missing, (n) => `${n} no longer ${n === 1 ? 'exists' : 'exist'}`)
  const message = `${[headline, ...skipped.map((s) => s.reason)].join('; ')}.`
  return {
    ok: true,
    summary: { action: change.action, changed, skipped: skipped.filter((s) => s.ids !== missing), missing, message },
  }
}
