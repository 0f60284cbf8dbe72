import { sql } from 'kysely'
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
  const [assets, users, downloads, revenue] = await Promise.all([
    db.selectFrom('assets').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('users').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('downloads')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('day', '=', utcDay(now))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payments')
      .select(sql<string>`coalesce(sum(amount_cents), 0)::text`.as('cents'))
      .executeTakeFirstOrThrow(),
  ])
  return {
    assets: Number(assets.n),
    users: Number(users.n),
    downloadsToday: Number(downloads.n),
    revenueCents: Number(revenue.cents),
  }
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

export interface DailyActivity {
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
  daily: DailyActivity[]
  topAssets: TopAsset[]
}

export const ANALYTICS_DAYS = 30

/** The analytics screen and GET /api/admin/analytics: totals, 30 days of activity, top 10. */
export async function adminAnalytics(db: DB, now = new Date()): Promise<AdminAnalytics> {
  const today = utcDay(now)
  const first = utcDay(new Date(now.getTime() - (ANALYTICS_DAYS - 1) * 86_400_000))
  const [totals, downloads, signups, top] = await Promise.all([
    adminTotals(db, now),
    db
      .selectFrom('downloads')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), sql<number>`count(*)::int`.as('n')])
      .where('day', '>=', first)
      .where('day', '<=', today)
      .groupBy('day')
      .execute(),
    db
      .selectFrom('users')
      .select([
        sql<string>`to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD')`.as('day'),
        sql<number>`count(*)::int`.as('n'),
      ])
      .where('created_at', '>=', new Date(`${first}T00:00:00Z`))
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('assets')
      .select(['id', 'title', 'download_count', 'thumb_png_key', 'is_active'])
      .where('download_count', '>', 0)
      .orderBy('download_count', 'desc')
      .orderBy('id', 'desc')
      .limit(10)
      .execute(),
  ])
  const downloadsByDay = new Map(downloads.map((r) => [r.day, Number(r.n)]))
  const signupsByDay = new Map(signups.map((r) => [r.day, Number(r.n)]))
  const daily: DailyActivity[] = []
  for (let i = ANALYTICS_DAYS - 1; i >= 0; i--) {
    const day = utcDay(new Date(now.getTime() - i * 86_400_000))
    daily.push({ day, downloads: downloadsByDay.get(day) ?? 0, signups: signupsByDay.get(day) ?? 0 })
  }
  return {
    users: totals.users,
    assets: totals.assets,
    downloads: totals.downloadsToday,
    revenue: totals.revenueCents / 100,
    daily,
    topAssets: top.map((a) => ({
      id: a.id,
      title: a.title,
      downloads: a.download_count,
      thumbnail: publicFileUrl(a.thumb_png_key),
      is_active: a.is_active,
    })),
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
    db
      .selectFrom('users')
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`(count(*) filter (where plan = 'pro'))::int`.as('pro'),
      ])
      .executeTakeFirstOrThrow(),
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
    counts: { total: Number(counts.total), pro: Number(counts.pro), free: Number(counts.total) - Number(counts.pro) },
    total,
    page,
    limit,
    pageCount: Math.max(1, Math.ceil(total / limit)),
  }
}
