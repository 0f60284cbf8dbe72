import { sql } from 'kysely'
import type { DB } from '#db/client'
import { defineJob } from '~/platform/job-queue.server'
import { EVENT_RETENTION_DAYS, RARE_SEARCH_LIMIT } from '~/lib/search-query'

// Search and view events are kept 180 days (the privacy page says so); then only counts per
// day remain (migration 0019), and a search's words only when at least RARE_SEARCH_LIMIT
// searches had them that day: rarer words could name a person.

const DAY_MS = 86_400_000
/** Days folded per run of the job; a backlog (runs missed) continues in the next job. */
const DAYS_PER_RUN = 30

/**
 * Counts, then deletes, the events of whole UTC days older than the retention: one day per
 * transaction, oldest first, so each step holds its locks briefly whatever the backlog.
 */
export async function pruneAnalyticsEvents(
  db: DB,
  now = new Date(),
  { maxDays = Number.POSITIVE_INFINITY }: { maxDays?: number } = {},
): Promise<{ searchEvents: number; assetEvents: number; more: boolean }> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const cutoff = new Date(today - EVENT_RETENTION_DAYS * DAY_MS)
  const totals = { searchEvents: 0, assetEvents: 0, more: false }
  for (let days = 0; ; days++) {
    const { rows } = await sql<{ oldest: Date | string | null }>`
      select least(
        (select min(at) from search_events where at < ${cutoff}),
        (select min(at) from asset_events where at < ${cutoff})
      ) as oldest`.execute(db)
    const oldest = rows[0]?.oldest
    if (!oldest) return totals
    if (days >= maxDays) return { ...totals, more: true }
    const at = new Date(oldest).getTime()
    const from = new Date(at - (at % DAY_MS))
    const to = new Date(Math.min(from.getTime() + DAY_MS, cutoff.getTime()))
    const day = await pruneDay(db, from, to)
    totals.searchEvents += day.searchEvents
    totals.assetEvents += day.assetEvents
  }
}

async function pruneDay(db: DB, from: Date, to: Date): Promise<{ searchEvents: number; assetEvents: number }> {
  return db.transaction().execute(async (trx) => {
    await sql`
      insert into search_daily (day, query, searches, zero_result_searches)
      select day, case when searches >= ${RARE_SEARCH_LIMIT} then query else '' end,
        sum(searches)::int, sum(zero)::int
      from (
        select (at at time zone 'UTC')::date as day, query, count(*) as searches,
          count(*) filter (where result_count = 0) as zero
        from search_events where at >= ${from} and at < ${to}
        group by 1, 2
      ) per_query
      group by 1, 2
      on conflict (day, query) do update set
        searches = search_daily.searches + excluded.searches,
        zero_result_searches = search_daily.zero_result_searches + excluded.zero_result_searches`.execute(trx)
    await sql`
      insert into asset_event_daily (day, asset_id, kind, events, from_search)
      select (at at time zone 'UTC')::date, asset_id, kind, count(*)::int,
        count(*) filter (where search_query is not null)::int
      from asset_events where at >= ${from} and at < ${to}
      group by 1, 2, 3
      on conflict (day, asset_id, kind) do update set
        events = asset_event_daily.events + excluded.events,
        from_search = asset_event_daily.from_search + excluded.from_search`.execute(trx)
    const searches = await trx
      .deleteFrom('search_events')
      .where('at', '>=', from)
      .where('at', '<', to)
      .executeTakeFirst()
    const assets = await trx.deleteFrom('asset_events').where('at', '>=', from).where('at', '<', to).executeTakeFirst()
    return { searchEvents: Number(searches.numDeletedRows), assetEvents: Number(assets.numDeletedRows) }
  })
}

/** Every night at 03:17 UTC, on one instance; a longer backlog goes on in a next job. */
export const analyticsRetentionJob = defineJob<Record<string, never>>({
  name: 'analytics-retention',
  cron: '17 3 * * *',
  async run(_data, { services }) {
    const pruned = await pruneAnalyticsEvents(services.db, new Date(), { maxDays: DAYS_PER_RUN })
    if (pruned.more) await services.jobs.send(analyticsRetentionJob, {}, { startAfter: new Date(Date.now() + 1_000) })
  },
})
