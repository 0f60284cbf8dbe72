import { sql } from 'kysely'
import {
  assetCount,
  dailyFigures,
  dailySignups,
  downloadsOnDay,
  groupFigures,
  proSubscriberCount,
  publishedAssetCount,
  revenueCents,
  subscriptionMonths,
  topDownloadedAssets,
  totalDownloads,
  userCount,
  type DailyFigures,
  type GroupFigures,
  type SubscriptionMonth,
} from '~/domain/analytics/figures.server'
import type { DB } from '#db/client'
import type { Plan, Role } from '#db/schema'
import { ADMIN_RECENT_ASSETS } from '~/lib/constants'
import { listAssetsForAdmin, type AdminAssetView } from '~/domain/catalogue/assets.server'
import { utcDay } from '~/domain/downloads/downloads.server'
import { publicFileUrl } from '~/platform/storage.server'

// The figures of the admin dashboard and analytics, and the admin's list of users.

export interface AdminTotals {
  /** Every asset, published or not. */
  assets: number
  users: number
  /** Downloads on the current UTC day. */
  downloadsToday: number
  /** All payments ever received, in cents. */
  revenueCents: number
}

export async function adminTotals(db: DB, now = new Date()): Promise<AdminTotals> {
  const [assets, users, downloadsToday, revenue] = await Promise.all([
    assetCount(db),
    userCount(db),
    downloadsOnDay(db, utcDay(now)),
    revenueCents(db),
  ])
  return { assets, users, downloadsToday, revenueCents: revenue }
}

export interface AdminDashboard {
  totals: AdminTotals
  recentAssets: AdminAssetView[]
}

export async function adminDashboard(db: DB, now = new Date()): Promise<AdminDashboard> {
  const [totals, recent] = await Promise.all([
    adminTotals(db, now),
    listAssetsForAdmin(db, { limit: ADMIN_RECENT_ASSETS }),
  ])
  return { totals, recentAssets: recent.assets }
}

export interface DailyActivity extends DailyFigures {
  /** 'YYYY-MM-DD', UTC. */
  day: string
  downloads: number
  signups: number
}

export interface TopAsset {
  id: number
  title: string
  downloads: number
  thumbnail: string
  is_active: boolean
}

export interface AdminAnalytics {
  users: number
  assets: number
  /** Downloads today (the screen's 'Downloads Today'). */
  downloads: number
  /** In dollars. */
  revenue: number
  /** Published assets (the figure /about shows). */
  published: number
  /** Every dated download row: `daily` of all time adds up to it. */
  totalDownloads: number
  proSubscribers: number
  /** The window: 30 or 90 days. */
  days: number
  daily: DailyActivity[]
  byCategory: GroupFigures[]
  byType: GroupFigures[]
  topAssets: TopAsset[]
  /** The last 12 months, this one last. */
  subscriptions: SubscriptionMonth[]
}

export const ANALYTICS_DAYS = 30
export const SUBSCRIPTION_MONTHS = 12

/**
 * The analytics screen and GET /api/admin/analytics: the totals, each day of the window
 * (views, previews, favourites, downloads, licences, sign-ups), per category and type, the top
 * 10 and the subscriptions by month. Every figure is one function of figures.server.ts.
 */
export async function adminAnalytics(db: DB, options: { days?: number; now?: Date } = {}): Promise<AdminAnalytics> {
  const now = options.now ?? new Date()
  const days = options.days ?? ANALYTICS_DAYS
  const [totals, published, allDownloads, pro, daily, signups, byCategory, byType, top, subscriptions] =
    await Promise.all([
      adminTotals(db, now),
      publishedAssetCount(db),
      totalDownloads(db),
      proSubscriberCount(db),
      dailyFigures(db, { days, now }),
      dailySignups(db, { days, now }),
      groupFigures(db, 'category', { days, now }),
      groupFigures(db, 'asset_type', { days, now }),
      topDownloadedAssets(db, 10),
      subscriptionMonths(db, { months: SUBSCRIPTION_MONTHS, now }),
    ])
  return {
    users: totals.users,
    assets: totals.assets,
    downloads: totals.downloadsToday,
    revenue: totals.revenueCents / 100,
    published,
    totalDownloads: allDownloads,
    proSubscribers: pro,
    days,
    daily: daily.map((d) => ({ ...d, signups: signups.get(d.day) ?? 0 })),
    byCategory,
    byType,
    topAssets: top.map((a) => ({
      id: a.id,
      title: a.title,
      downloads: a.downloads,
      thumbnail: publicFileUrl(a.thumb_png_key),
      is_active: a.is_active,
    })),
    subscriptions,
  }
}

export interface AdminUserView {
  id: string
  full_name: string
  email: string
  role: Role
  subscription_status: Plan
  downloads_today: number
  subscription_renews_at: string | null
  subscription_ends_at: string | null
  created_at: string
}

export interface AdminUserPage {
  users: AdminUserView[]
  /** Counts of every account, whatever the search. */
  counts: { total: number; free: number; pro: number }
  /** Accounts matching the search. */
  total: number
  page: number
  pageCount: number
  limit: number
}

export const ADMIN_USERS_PAGE_SIZE = 50

/** The users screen and GET /api/admin/users: newest first, searched by name or email. */
export async function listUsersForAdmin(
  db: DB,
  query: { q?: string; page?: number; limit?: number } = {},
  now = new Date(),
): Promise<AdminUserPage> {
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? ADMIN_USERS_PAGE_SIZE), 1), 200)
  const page = Math.max(Math.trunc(query.page ?? 1), 1)
  let base = db.selectFrom('users')
  const q = query.q?.trim()
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, '\\$&')}%`
    base = base.where((eb) => eb.or([eb('email', 'ilike', like), eb('full_name', 'ilike', like)]))
  }
  const [rows, matched, counts] = await Promise.all([
    base
      .leftJoin('download_quota_usage as q', (join) =>
        join.onRef('q.user_id', '=', 'users.id').on('q.day', '=', utcDay(now)),
      )
      .select([
        'users.id',
        'users.full_name',
        'users.email',
        'users.role',
        'users.plan',
        'users.created_at',
        'users.subscription_renews_at',
        'users.subscription_ends_at',
        sql<number>`coalesce(q.used, 0)`.as('downloads_today'),
      ])
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    Promise.all([userCount(db), proSubscriberCount(db)]).then(([all, pro]) => ({ total: all, pro })),
  ])
  const total = Number(matched.n)
  return {
    users: rows.map((u) => ({
      id: u.id,
      full_name: u.full_name,
      email: u.email,
      role: u.role,
      subscription_status: u.plan,
      downloads_today: Number(u.downloads_today),
      subscription_renews_at: u.subscription_renews_at?.toISOString() ?? null,
      subscription_ends_at: u.subscription_ends_at?.toISOString() ?? null,
      created_at: u.created_at.toISOString(),
    })),
    counts: { total: counts.total, pro: counts.pro, free: counts.total - counts.pro },
    total,
    page,
    limit,
    pageCount: Math.max(1, Math.ceil(total / limit)),
  }
}
