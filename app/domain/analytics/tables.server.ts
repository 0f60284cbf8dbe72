import type { DB } from '#db/client'
import type { CsvColumn } from '~/web/csv.server'
import { adminAnalytics, type AdminAnalytics } from '~/domain/admin/admin.server'
import {
  ASSET_SERIES,
  assetTotals,
  dailyFigures,
  SERIES_LABELS,
  type DailyFigures,
  type FigureTotals,
  type GroupFigures,
  type SubscriptionMonth,
} from './figures.server'

// Every table of the analytics page and of an asset's figures as a CSV: the same figures
// (the same functions) as the page shows.

export interface CsvTable<Row> {
  filename: string
  columns: CsvColumn<Row>[]
  rows: readonly Row[]
}

export const ANALYTICS_TABLES = ['daily', 'categories', 'types', 'top-assets', 'subscriptions'] as const
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number]

const seriesColumns = <Row extends FigureTotals>(): CsvColumn<Row>[] =>
  ASSET_SERIES.map((key) => ({ header: SERIES_LABELS[key], value: (row: Row) => row[key] }))

const groupColumns = (header: string): CsvColumn<GroupFigures>[] => [
  { header, value: (r) => r.group },
  { header: 'Published assets', value: (r) => r.assets },
  ...seriesColumns<GroupFigures>(),
]

const dailyColumns: CsvColumn<AdminAnalytics['daily'][number]>[] = [
  { header: 'Day (UTC)', value: (r) => r.day },
  ...seriesColumns<AdminAnalytics['daily'][number]>(),
  { header: 'Sign-ups', value: (r) => r.signups },
]

const subscriptionColumns: CsvColumn<SubscriptionMonth>[] = [
  { header: 'Month (UTC)', value: (r) => r.month },
  { header: 'New', value: (r) => r.new },
  { header: 'Cancelled', value: (r) => r.cancelled },
  { header: 'Subscribers at month end', value: (r) => r.active },
  { header: 'MRR (USD)', value: (r) => (r.mrr_cents / 100).toFixed(2) },
]

const topColumns: CsvColumn<AdminAnalytics['topAssets'][number]>[] = [
  { header: 'Asset id', value: (r) => r.id },
  { header: 'Title', value: (r) => r.title },
  { header: 'Published', value: (r) => (r.is_active ? 'yes' : 'no') },
  { header: 'Downloads', value: (r) => r.downloads },
]

/** One table of the analytics page (over `days`), ready for csvResponse. */
export async function analyticsTable(
  db: DB,
  table: AnalyticsTable,
  options: { days: number; now?: Date },
): Promise<CsvTable<never>> {
  const analytics = await adminAnalytics(db, options)
  const suffix = `${options.days}-days`
  const pick = <Row>(t: CsvTable<Row>) => t as unknown as CsvTable<never>
  switch (table) {
    case 'daily':
      return pick({ filename: `analytics-daily-${suffix}.csv`, columns: dailyColumns, rows: analytics.daily })
    case 'categories':
      return pick({
        filename: `analytics-categories-${suffix}.csv`,
        columns: groupColumns('Category'),
        rows: analytics.byCategory,
      })
    case 'types':
      return pick({ filename: `analytics-types-${suffix}.csv`, columns: groupColumns('Type'), rows: analytics.byType })
    case 'top-assets':
      return pick({ filename: 'analytics-top-assets.csv', columns: topColumns, rows: analytics.topAssets })
    case 'subscriptions':
      return pick({
        filename: 'analytics-subscriptions.csv',
        columns: subscriptionColumns,
        rows: analytics.subscriptions,
      })
  }
}

export interface AssetFigures {
  asset: {
    id: number
    title: string
    asset_type: string
    category: string
    is_active: boolean
    thumb_png_key: string | null
    /** The counter visitors see; the dated downloads add up to it. */
    download_count: number
  }
  totals: FigureTotals
  daily: DailyFigures[]
}

/** One asset's figures: all time, and each day of the window; null for no such asset. */
export async function assetFigures(
  db: DB,
  assetId: number,
  options: { days: number; now?: Date },
): Promise<AssetFigures | null> {
  const [asset, totals, daily] = await Promise.all([
    db
      .selectFrom('assets')
      .select(['id', 'title', 'asset_type', 'category', 'is_active', 'thumb_png_key', 'download_count'])
      .where('id', '=', assetId)
      .executeTakeFirst(),
    assetTotals(db, assetId),
    dailyFigures(db, { days: options.days, assetId, now: options.now }),
  ])
  return asset ? { asset, totals, daily } : null
}

export function assetFiguresTable(assetId: number, days: number, daily: DailyFigures[]): CsvTable<DailyFigures> {
  return {
    filename: `asset-${assetId}-daily-${days}-days.csv`,
    columns: [{ header: 'Day (UTC)', value: (r) => r.day }, ...seriesColumns<DailyFigures>()],
    rows: daily,
  }
}
