import { sql } from 'kysely'
import type { DB } from '#db/client'
import { createBatcher, type Batcher } from '~/platform/batched-writes.server'
import {
  FEW_RESULTS,
  listHasFilters,
  OPENED_WITHIN_MINUTES,
  type SearchListKind,
  type SearchPeriod,
} from '~/lib/search-query'

// What people look for (decision 90): every search recorded without who made it, and the
// figures the artist reads on /admin/analytics. Each figure is one query here, used by the page
// and its CSV alike.

/** One search as recorded: its normalised words (app/lib/search-query.ts), filters and result count. */
export interface SearchRecord {
  query: string
  /** The filters by their URL names (asset_type, category, tags, tag_match, color, orientation, transparent). */
  filters: Record<string, string>
  resultCount: number
  source: 'page' | 'api'
}

/** Rows in each list. */
const LIST_LIMIT = 20

const writers = new WeakMap<DB, Batcher<SearchRecord>>()

/**
 * Records a search without making its request wait: rows are inserted in batches a moment
 * later (app/platform/batched-writes.server.ts), and shutdown writes those still waiting.
 */
export function logSearch(db: DB, search: SearchRecord): void {
  let writer = writers.get(db)
  if (!writer) {
    writer = createBatcher<SearchRecord>('search events', async (rows) => {
      await db
        .insertInto('search_events')
        .values(
          rows.map((r) => ({
            query: r.query,
            filters: JSON.stringify(r.filters) as never,
            result_count: Math.max(0, Math.round(r.resultCount)),
            source: r.source,
          })),
        )
        .execute()
    })
    writers.set(db, writer)
  }
  writer.add(search)
}

/** A list's row: the search, how many times in the period, and in the period before it. */
export interface SearchRow {
  query: string
  /** Filters, only in the lists of no and few results (the same words with other filters are another search). */
  filters: Record<string, string>
  searches: number
  /** The same count in the period of equal length just before: the row's trend. */
  previous: number
  /**
   * Results of its latest search. In the lists by words alone (top, unopened), the latest without
   * filters where there is one: the same words on the Audio tab finding nothing say nothing of the
   * words; `resultsFiltered` says when every search of them had filters.
   */
  results: number
  resultsFiltered: boolean
}

export interface SearchDay {
  /** 'YYYY-MM-DD', UTC. */
  day: string
  searches: number
  zeroResults: number
  fewResults: number
  unopened: number
}

export interface SearchConversion {
  searches: number
  /** Asset pages and dialogs opened from a search. */
  opens: number
  /** Downloads of an asset opened from a search within the hour before. */
  downloads: number
}

export interface SearchInsights {
  days: SearchPeriod
  /** The first and last day of the period, UTC. */
  from: string
  to: string
  top: SearchRow[]
  zeroResults: SearchRow[]
  fewResults: SearchRow[]
  unopened: SearchRow[]
  daily: SearchDay[]
  conversion: SearchConversion
}

function bounds(days: number, now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const day = 86_400_000
  return {
    previousFrom: new Date(today - (2 * days - 1) * day),
    from: new Date(today - (days - 1) * day),
    to: new Date(today + day),
  }
}

/** A search event is unopened when nothing was opened with its words in the hour after it. */
const unopenedCondition = sql`e.result_count > 0 and not exists (
  select 1 from asset_events a
  where a.search_query = e.query and a.at >= e.at and a.at < e.at + make_interval(mins => ${OPENED_WITHIN_MINUTES})
)`

function listCondition(kind: SearchListKind) {
  if (kind === 'zero') return sql`e.result_count = 0`
  if (kind === 'few') return sql`e.result_count between 1 and ${FEW_RESULTS}`
  if (kind === 'unopened') return sql`e.query <> '' and ${unopenedCondition}`
  return sql`e.query <> ''`
}

/** One list of the period: searches grouped by their words (and filters, for the to-do lists). */
export async function searchList(
  db: DB,
  kind: SearchListKind,
  options: { days: SearchPeriod; now?: Date; limit?: number },
): Promise<SearchRow[]> {
  const { previousFrom, from, to } = bounds(options.days, options.now ?? new Date())
  const withFilters = listHasFilters(kind)
  const group = withFilters ? sql`e.query, e.filters` : sql`e.query`
  const { rows } = await sql<{
    query: string
    filters: Record<string, string> | null
    searches: number
    previous: number
    results: number
    unfiltered: number | null
  }>`
    select e.query, ${withFilters ? sql`e.filters` : sql`null`} as filters,
      count(*) filter (where e.at >= ${from})::int as searches,
      count(*) filter (where e.at < ${from})::int as previous,
      (array_agg(e.result_count order by e.at desc))[1] as results,
      (array_agg(e.result_count order by e.at desc) filter (where e.filters = '{}'::jsonb and e.at >= ${from}))[1] as unfiltered
    from search_events e
    where e.at >= ${previousFrom} and e.at < ${to} and ${listCondition(kind)}
    group by ${group}
    having count(*) filter (where e.at >= ${from}) > 0
    order by searches desc, e.query
    limit ${options.limit ?? LIST_LIMIT}`.execute(db)
  return rows.map((r) => ({
    query: r.query,
    filters: r.filters ?? {},
    searches: Number(r.searches),
    previous: Number(r.previous),
    results: Number(withFilters || r.unfiltered === null ? r.results : r.unfiltered),
    resultsFiltered: !withFilters && r.unfiltered === null,
  }))
}

/** Each day of the period: searches, and those with no results, few, and unopened. */
export async function searchDaily(db: DB, days: SearchPeriod, now = new Date()): Promise<SearchDay[]> {
  const { from, to } = bounds(days, now)
  const { rows } = await sql<{ day: string; searches: number; zero: number; few: number; unopened: number }>`
    select to_char(d.day, 'YYYY-MM-DD') as day,
      count(e.id)::int as searches,
      count(e.id) filter (where e.result_count = 0)::int as zero,
      count(e.id) filter (where e.result_count between 1 and ${FEW_RESULTS})::int as few,
      count(e.id) filter (where e.query <> '' and ${unopenedCondition})::int as unopened
    from generate_series(${from}::timestamptz at time zone 'UTC', ${to}::timestamptz at time zone 'UTC' - interval '1 day', interval '1 day') as d(day)
    left join search_events e
      on e.at >= d.day at time zone 'UTC' and e.at < (d.day + interval '1 day') at time zone 'UTC'
    group by d.day
    order by d.day`.execute(db)
  return rows.map((r) => ({
    day: r.day,
    searches: Number(r.searches),
    zeroResults: Number(r.zero),
    fewResults: Number(r.few),
    unopened: Number(r.unopened),
  }))
}

/** Searches, then pages and dialogs opened from a search, then downloads of what was opened. */
export async function searchConversion(db: DB, days: SearchPeriod, now = new Date()): Promise<SearchConversion> {
  const { from, to } = bounds(days, now)
  const [searches, opens, downloads] = await Promise.all([
    db
      .selectFrom('search_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('at', '>=', from)
      .where('at', '<', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('asset_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('at', '>=', from)
      .where('at', '<', to)
      .where('kind', 'in', ['page_view', 'dialog_view'])
      .where('search_query', 'is not', null)
      .executeTakeFirstOrThrow(),
    // No user is recorded with a search, so a download is linked to one through its asset: it
    // counts when that asset was opened from a search in the hour before.
    sql<{ n: number }>`
      select count(*)::int as n from downloads d
      where d.created_at >= ${from} and d.created_at < ${to}
        and exists (
          select 1 from asset_events a
          where a.asset_id = d.asset_id and a.search_query is not null
            and a.kind in ('page_view', 'dialog_view')
            and a.at <= d.created_at and a.at > d.created_at - make_interval(mins => ${OPENED_WITHIN_MINUTES})
        )`.execute(db),
  ])
  return { searches: Number(searches.n), opens: Number(opens.n), downloads: Number(downloads.rows[0]?.n ?? 0) }
}

/** Everything the searches section of /admin/analytics shows, for one period. */
export async function searchInsights(db: DB, days: SearchPeriod, now = new Date()): Promise<SearchInsights> {
  const { from, to } = bounds(days, now)
  const [top, zeroResults, fewResults, unopened, daily, conversion] = await Promise.all([
    searchList(db, 'top', { days, now }),
    searchList(db, 'zero', { days, now }),
    searchList(db, 'few', { days, now }),
    searchList(db, 'unopened', { days, now }),
    searchDaily(db, days, now),
    searchConversion(db, days, now),
  ])
  return {
    days,
    from: from.toISOString().slice(0, 10),
    to: new Date(to.getTime() - 1).toISOString().slice(0, 10),
    top,
    zeroResults,
    fewResults,
    unopened,
    daily,
    conversion,
  }
}
