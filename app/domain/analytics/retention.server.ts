import { sql } from 'kysely'
import type { DB } from '#db/client'
import { defineJob } from '~/platform/job-queue.server'
import { EVENT_RETENTION_DAYS, RARE_SEARCH_LIMIT } from '~/lib/search-query'

// Search and view events are kept 180 days (the privacy page says so); then only counts per
// day remain (migration 0019), and a search's words only when at least RARE_SEARCH_LIMIT
// searches had them that day: rarer words could name a person.

/** Counts, then deletes, the events of whole UTC days older than the retention. */
export async function pruneAnalyticsEvents(
  db: DB,
  now = new Date(),
): Promise<{ searchEvents: number; assetEvents: number }> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const cutoff = new Date(today - EVENT_RETENTION_DAYS * 86_400_000)
  return db.transaction().execute(async (trx) => {
    await sql`
      insert into search_daily (day, query, searches, zero_result_searches)
      select day, case when searches >= ${RARE_SEARCH_LIMIT} then query else '' end,
        sum(searches)::int, sum(zero)::int
      from (
        select (at at time zone 'UTC')::date as day, query, count(*) as searches,
          count(*) filter (where result_count = 0) as zero
        from search_events where at < ${cutoff}
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
      from asset_events where at < ${cutoff}
      group by 1, 2, 3
      on conflict (day, asset_id, kind) do update set
        events = asset_event_daily.events + excluded.events,
        from_search = asset_event_daily.from_search + excluded.from_search`.execute(trx)
    const searches = await trx.deleteFrom('search_events').where('at', '<', cutoff).executeTakeFirst()
    const assets = await trx.deleteFrom('asset_events').where('at', '<', cutoff).executeTakeFirst()
    return { searchEvents: Number(searches.numDeletedRows), assetEvents: Number(assets.numDeletedRows) }
  })
}

/** Every night at 03:17 UTC, on one instance. */
export const analyticsRetentionJob = defineJob<Record<string, never>>({
  name: 'analytics-retention',
  cron: '17 3 * * *',
  async run(_data, { services }) {
    await pruneAnalyticsEvents(services.db)
  },
})
