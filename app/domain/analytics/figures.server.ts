import { sql } from 'kysely'
import type { DB } from '#db/client'
import { isPublished } from '~/domain/catalogue/assets.server'
import { utcDay } from '~/domain/downloads/downloads.server'
import { licenceCount } from '~/domain/licences/licences.server'
import { ASSET_TYPES } from '~/lib/constants'

// Every figure the admin dashboard, analytics, the admin asset view, /about and the admin API
// show, one function each (issue 24, item 7): a figure shown in two places is the same query,
// so the places cannot disagree. Days are UTC days.

const DAY_MS = 86_400_000

/** How many days the analytics look back: 30 by default, or 90. */
export const FIGURE_WINDOWS = [30, 90] as const
export type FigureWindow = (typeof FIGURE_WINDOWS)[number]

export function parseWindow(value: string | null | undefined): FigureWindow {
  return value === '90' ? 90 : 30
}

const count = sql<number>`count(*)::int`

/** Every asset, published or not. */
export async function assetCount(db: DB): Promise<number> {
  const row = await db.selectFrom('assets').select(count.as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Assets the public can see: /about's 'assets' and the analytics' 'Published'. */
export async function publishedAssetCount(db: DB): Promise<number> {
  const row = await db.selectFrom('assets').select(count.as('n')).where(isPublished()).executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function userCount(db: DB): Promise<number> {
  const row = await db.selectFrom('users').select(count.as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Downloads on one UTC day (the dashboard's 'Downloads Today'). */
export async function downloadsOnDay(db: DB, day: string): Promise<number> {
  const row = await db.selectFrom('downloads').select(count.as('n')).where('day', '=', day).executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Every download ever recorded: one dated row per person, asset and day (a deleted account's or
 * asset's rows stay). The per-day series add up to this.
 */
export async function totalDownloads(db: DB): Promise<number> {
  const row = await db.selectFrom('downloads').select(count.as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

/** All payments ever received, in cents. */
export async function revenueCents(db: DB): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select(sql<string>`coalesce(sum(amount_cents), 0)::text`.as('cents'))
    .executeTakeFirstOrThrow()
  return Number(row.cents)
}

/** Accounts on the Pro plan now (what the webhook last said). */
export async function proSubscriberCount(db: DB): Promise<number> {
  const row = await db.selectFrom('users').select(count.as('n')).where('plan', '=', 'pro').executeTakeFirstOrThrow()
  return Number(row.n)
}

// ---- Series per day --------------------------------------------------------------------------

export const ASSET_SERIES = [
  'page_views',
  'dialog_views',
  'preview_plays',
  'favourites',
  'downloads',
  'licences',
] as const
export type AssetSeries = (typeof ASSET_SERIES)[number]

export const SERIES_LABELS: Record<AssetSeries | 'signups', string> = {
  page_views: 'Page views',
  dialog_views: 'Dialog views',
  preview_plays: 'Previews played',
  favourites: 'Favourites',
  downloads: 'Downloads',
  licences: 'Licences',
  signups: 'Sign-ups',
}

export type DailyFigures = { day: string } & Record<AssetSeries, number>

/** The UTC days of a window ending today, oldest first. */
export function windowDays(days: number, now = new Date()): string[] {
  return Array.from({ length: days }, (_, i) => utcDay(new Date(now.getTime() - (days - 1 - i) * DAY_MS)))
}

const dayOf = (column: string) => sql<string>`to_char((${sql.ref(column)} at time zone 'UTC')::date, 'YYYY-MM-DD')`

/**
 * Views, previews played, favourites, downloads and licences per UTC day over the window, for
 * one asset or (without `assetId`) the whole library. Favourites are those still held, by the
 * day they were added.
 */
export async function dailyFigures(
  db: DB,
  options: { days: number; assetId?: number; now?: Date },
): Promise<DailyFigures[]> {
  const days = windowDays(options.days, options.now)
  const first = days[0]!
  const from = new Date(`${first}T00:00:00Z`)
  const asset = options.assetId
  const [events, favourites, downloads, licences] = await Promise.all([
    db
      .selectFrom('asset_events')
      .select([dayOf('at').as('day'), 'kind', count.as('n')])
      .where('at', '>=', from)
      .$if(asset !== undefined, (q) => q.where('asset_id', '=', asset!))
      .groupBy([sql`1`, 'kind'])
      .execute(),
    db
      .selectFrom('favourites')
      .select([dayOf('created_at').as('day'), count.as('n')])
      .where('created_at', '>=', from)
      .$if(asset !== undefined, (q) => q.where('asset_id', '=', asset!))
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('downloads')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), count.as('n')])
      .where('day', '>=', first)
      .$if(asset !== undefined, (q) => q.where('asset_id', '=', asset!))
      .groupBy('day')
      .execute(),
    db
      .selectFrom('licences')
      .select([dayOf('issued_at').as('day'), count.as('n')])
      .where('issued_at', '>=', from)
      .$if(asset !== undefined, (q) => q.where('asset_id', '=', asset!))
      .groupBy(sql`1`)
      .execute(),
  ])
  const rows = new Map<string, DailyFigures>(
    days.map((day) => [
      day,
      { day, page_views: 0, dialog_views: 0, preview_plays: 0, favourites: 0, downloads: 0, licences: 0 },
    ]),
  )
  const KIND: Record<string, AssetSeries> = {
    page_view: 'page_views',
    dialog_view: 'dialog_views',
    preview_play: 'preview_plays',
  }
  for (const r of events) {
    const row = rows.get(r.day)
    if (row) row[KIND[r.kind]!] += Number(r.n)
  }
  for (const [list, key] of [
    [favourites, 'favourites'],
    [downloads, 'downloads'],
    [licences, 'licences'],
  ] as const) {
    for (const r of list) {
      const row = rows.get(r.day)
      if (row) row[key] += Number(r.n)
    }
  }
  return [...rows.values()]
}

/** Sign-ups per UTC day over the window. */
export async function dailySignups(db: DB, options: { days: number; now?: Date }): Promise<Map<string, number>> {
  const first = windowDays(options.days, options.now)[0]!
  const rows = await db
    .selectFrom('users')
    .select([dayOf('created_at').as('day'), count.as('n')])
    .where('created_at', '>=', new Date(`${first}T00:00:00Z`))
    .groupBy(sql`1`)
    .execute()
  return new Map(rows.map((r) => [r.day, Number(r.n)]))
}

export type FigureTotals = Record<AssetSeries, number>

/**
 * One asset's figures of all time (downloads: its dated rows, which add up to its count; views
 * older than the retention from their counts per day).
 */
export async function assetTotals(db: DB, assetId: number): Promise<FigureTotals> {
  const [events, older, favourites, downloads, licences] = await Promise.all([
    db
      .selectFrom('asset_events')
      .select(['kind', count.as('n')])
      .where('asset_id', '=', assetId)
      .groupBy('kind')
      .execute(),
    // Events past the retention live on as counts per day (migration 0019).
    db
      .selectFrom('asset_event_daily')
      .select(['kind', sql<number>`coalesce(sum(events), 0)::int`.as('n')])
      .where('asset_id', '=', assetId)
      .groupBy('kind')
      .execute(),
    db.selectFrom('favourites').select(count.as('n')).where('asset_id', '=', assetId).executeTakeFirstOrThrow(),
    db.selectFrom('downloads').select(count.as('n')).where('asset_id', '=', assetId).executeTakeFirstOrThrow(),
    licenceCount(db, assetId),
  ])
  const kind = (k: string) =>
    Number(events.find((e) => e.kind === k)?.n ?? 0) + Number(older.find((e) => e.kind === k)?.n ?? 0)
  return {
    page_views: kind('page_view'),
    dialog_views: kind('dialog_view'),
    preview_plays: kind('preview_play'),
    favourites: Number(favourites.n),
    downloads: Number(downloads.n),
    licences,
  }
}

// ---- Per category and per type -----------------------------------------------------------------

export type GroupFigures = { group: string; assets: number } & FigureTotals

/**
 * The window's figures of every category or type (assets: published ones in it now). Assets
 * deleted since are left out: their rows no longer name a category.
 */
export async function groupFigures(
  db: DB,
  by: 'category' | 'asset_type',
  options: { days: number; now?: Date },
): Promise<GroupFigures[]> {
  const first = windowDays(options.days, options.now)[0]!
  const from = new Date(`${first}T00:00:00Z`)
  const column = sql.ref(`a.${by}`)
  const { rows } = await sql<GroupFigures>`
    select ${column} as "group",
      (count(*) filter (where a.is_active))::int as assets,
      coalesce(sum(e.page_views), 0)::int as page_views,
      coalesce(sum(e.dialog_views), 0)::int as dialog_views,
      coalesce(sum(e.preview_plays), 0)::int as preview_plays,
      coalesce(sum(f.n), 0)::int as favourites,
      coalesce(sum(d.n), 0)::int as downloads,
      coalesce(sum(l.n), 0)::int as licences
    from assets a
    left join (
      select asset_id,
        count(*) filter (where kind = 'page_view') as page_views,
        count(*) filter (where kind = 'dialog_view') as dialog_views,
        count(*) filter (where kind = 'preview_play') as preview_plays
      from asset_events where at >= ${from} group by asset_id
    ) e on e.asset_id = a.id
    left join (select asset_id, count(*) as n from favourites where created_at >= ${from} group by asset_id) f
      on f.asset_id = a.id
    left join (select asset_id, count(*) as n from downloads where day >= ${first} group by asset_id) d
      on d.asset_id = a.id
    left join (select asset_id, count(*) as n from licences where issued_at >= ${from} group by asset_id) l
      on l.asset_id = a.id
    group by 1
    order by 1
  `.execute(db)
  const found = rows.map((r) => ({ ...r, group: r.group || '(none)' }))
  if (by !== 'asset_type') return found
  // Every type has a row, even one with no asset yet.
  return ASSET_TYPES.map(
    (type) =>
      found.find((r) => r.group === type) ?? {
        group: type,
        assets: 0,
        page_views: 0,
        dialog_views: 0,
        preview_plays: 0,
        favourites: 0,
        downloads: 0,
        licences: 0,
      },
  )
}

export interface TopAssetRow {
  id: number
  title: string
  downloads: number
  thumb_png_key: string | null
  is_active: boolean
}

/** The most downloaded assets of all time, by their dated download rows. */
export async function topDownloadedAssets(db: DB, limit = 10): Promise<TopAssetRow[]> {
  const rows = await db
    .selectFrom('downloads as d')
    .innerJoin('assets as a', 'a.id', 'd.asset_id')
    .select(['a.id', 'a.title', 'a.thumb_png_key', 'a.is_active', count.as('downloads')])
    .groupBy('a.id')
    .orderBy('downloads', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((r) => ({ ...r, downloads: Number(r.downloads) }))
}

// ---- Subscriptions -----------------------------------------------------------------------------

export interface SubscriptionMonth {
  /** 'YYYY-MM', UTC. */
  month: string
  new: number
  cancelled: number
  /** Subscriptions running at the month's end (or now, for this month). */
  active: number
  /** Monthly recurring revenue of those, in cents. */
  mrr_cents: number
}

/** The last `months` months (this one last): new, cancelled, running and MRR, from subscription_periods. */
export async function subscriptionMonths(
  db: DB,
  options: { months: number; now?: Date },
): Promise<SubscriptionMonth[]> {
  const now = options.now ?? new Date()
  const starts: Date[] = []
  for (let i = options.months - 1; i >= 0; i--)
    starts.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)))
  const { rows } = await sql<{ month: string; new: number; cancelled: number; active: number; mrr_cents: number }>`
    select to_char(m.start at time zone 'UTC', 'YYYY-MM') as month,
      (select count(*) from subscription_periods p
        where p.started_at >= m.start and p.started_at < m.next)::int as new,
      (select count(*) from subscription_periods p
        where p.ended_at >= m.start and p.ended_at < m.next)::int as cancelled,
      (select count(*) from subscription_periods p
        where p.started_at < least(m.next, ${now}) and (p.ended_at is null or p.ended_at >= least(m.next, ${now})))::int
        as active,
      (select coalesce(sum(p.monthly_cents), 0) from subscription_periods p
        where p.started_at < least(m.next, ${now}) and (p.ended_at is null or p.ended_at >= least(m.next, ${now})))::int
        as mrr_cents
    from unnest(${sql.val(starts.map((d) => d.toISOString()))}::timestamptz[]) as m0(start)
    cross join lateral (select m0.start as start, ((m0.start at time zone 'UTC') + interval '1 month') at time zone 'UTC' as next) m
    order by m.start
  `.execute(db)
  return rows.map((r) => ({
    month: r.month,
    new: Number(r.new),
    cancelled: Number(r.cancelled),
    active: Number(r.active),
    mrr_cents: Number(r.mrr_cents),
  }))
}
