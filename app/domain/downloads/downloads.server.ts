import { sql } from 'kysely'
import type { DB } from '#db/client'
import type { Asset, User } from '#db/schema'
import type { AssetView } from '~/lib/asset-view'
import { FREE_DAILY_DOWNLOADS } from '~/lib/constants'
import { hasDailyLimit, quotaResets, type DownloadQuota } from '~/lib/quota'
import { toAssetView } from '~/domain/catalogue/assets.server'
import { variantName, type DownloadVariant } from '~/lib/download-options'
import { sign, verify } from '~/platform/signing.server'

/** How long a download link works: long enough to start it, too short to share it. */
const DOWNLOAD_LINK_MS = 5 * 60_000

/** Today's date in UTC as 'YYYY-MM-DD': the quota's day. */
export function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10)
}

/** The quota's counter rows of the UTC day of `now`, with their count: the day's rule, once. */
function usageOfDay(db: DB, now: Date) {
  return db
    .selectFrom('download_quota_usage as quota_today')
    .select('quota_today.used')
    .where('quota_today.day', '=', utcDay(now))
}

/** How many quota downloads the user has used on this UTC day. */
export async function downloadsToday(db: DB, userId: string, now = new Date()): Promise<number> {
  const row = await usageOfDay(db, now).where('quota_today.user_id', '=', userId).executeTakeFirst()
  return row?.used ?? 0
}

/**
 * downloadsToday for the user of `users.id` in an outer query, as a subquery (null for none):
 * the session's read carries it, so a signed-in page does not ask for it in a statement of its own.
 */
export function downloadsTodayOfUsers(db: DB, now = new Date()) {
  return usageOfDay(db, now).whereRef('quota_today.user_id', '=', sql.ref('users.id'))
}

/**
 * Whether the user took this asset today: taking it again the same day costs no quota. A query
 * for `exists`, so a page can ask it beside its other personal parts in one round trip.
 */
export function downloadedTodayQuery(db: DB, userId: string, assetId: number, now = new Date()) {
  return db
    .selectFrom('downloads')
    .select('id')
    .where('user_id', '=', userId)
    .where('asset_id', '=', assetId)
    .where('day', '=', utcDay(now))
}

/**
 * How much of a delivered file's SHA-256 names it, in its storage key and in a download link:
 * 64 bits, enough to tell an asset's files apart.
 */
export const DIGEST_PREFIX_LENGTH = 16
const DIGEST_PREFIX = new RegExp(`^[0-9a-f]{${DIGEST_PREFIX_LENGTH}}$`)

/**
 * A download link's signed payload: the asset and the expiry, nothing about who holds it (the
 * payload is readable; the grant itself is in the user's history).
 */
interface DownloadLink {
  a: number
  e: number
  /** A download option's variant name ('1024-ffffff.webp'); absent for the original. */
  v?: string
  /** The start of the granted file's SHA-256, which its licence names (links minted before had none). */
  d?: string
}

/** The signed token of a granted download, valid for a few minutes from `now`. */
export function downloadLink(
  secret: string,
  assetId: number,
  now: Date,
  variant: DownloadVariant | null,
  sha256: string,
): string {
  const link: DownloadLink = {
    a: assetId,
    e: now.getTime() + DOWNLOAD_LINK_MS,
    ...(variant ? { v: variantName(variant) } : {}),
    d: sha256.slice(0, DIGEST_PREFIX_LENGTH),
  }
  return sign(secret, link)
}

/** The asset (and file) a download link grants, or null when it is forged, altered or expired. */
export function readDownloadLink(
  secret: string,
  token: string,
  now = Date.now(),
): { assetId: number; variant?: string; digest?: string } | null {
  const link = verify<DownloadLink>(secret, token)
  if (!link || typeof link.a !== 'number' || typeof link.e !== 'number' || link.e < now) return null
  if (link.d !== undefined && (typeof link.d !== 'string' || !DIGEST_PREFIX.test(link.d))) return null
  return {
    assetId: link.a,
    ...(typeof link.v === 'string' ? { variant: link.v } : {}),
    ...(link.d ? { digest: link.d } : {}),
  }
}

/**
 * A granted ZIP's signed payload: the collection, whose grant it is, the assets it granted, the
 * format and the grant's time. Opening it grants the same assets again as of that time, which
 * costs nothing more: they are already in that day's history.
 */
interface ZipLink {
  c: number
  u: string
  i: number[]
  f: string
  t: number
  e: number
}

export interface ZipGrant {
  collectionId: number
  userId: string
  assetIds: number[]
  format: string
  grantedAt: Date
}

/** The signed token of a granted ZIP, valid for a few minutes from its grant. */
export function zipLink(secret: string, grant: ZipGrant): string {
  const at = grant.grantedAt.getTime()
  const link: ZipLink = {
    c: grant.collectionId,
    u: grant.userId,
    i: grant.assetIds,
    f: grant.format,
    t: at,
    e: at + DOWNLOAD_LINK_MS,
  }
  return sign(secret, link)
}

/** The ZIP a link grants, or null when it is forged, altered or expired. */
export function readZipLink(secret: string, token: string, now = Date.now()): ZipGrant | null {
  const link = verify<ZipLink>(secret, token)
  if (!link || typeof link.e !== 'number' || link.e < now || typeof link.t !== 'number') return null
  if (typeof link.c !== 'number' || typeof link.u !== 'string' || typeof link.f !== 'string') return null
  if (!Array.isArray(link.i) || !link.i.every((id) => Number.isSafeInteger(id))) return null
  return { collectionId: link.c, userId: link.u, assetIds: link.i, format: link.f, grantedAt: new Date(link.t) }
}

/**
 * '{title}.{ext}': the extension of the stored original ('.png' when it has none), anything
 * unsafe for a file name replaced.
 */
export function downloadFilename(title: string, originalKey = ''): string {
  const ext = /\.([a-z0-9]{2,5})$/i.exec(originalKey)?.[1]?.toLowerCase() ?? 'png'
  const base = title
    .normalize('NFKC')
    .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120)
  return `${base || 'asset'}.${ext}`
}

/** An RFC 6266 Content-Disposition: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

export interface DownloadHistoryItem {
  id: number
  /** Null when the asset has since been removed from the library. */
  asset_id: number | null
  title: string
  image: string
  preview_urls: AssetView['preview_urls'] | null
  downloaded_at: string
  removed: boolean
  /** The licence the download was granted under (null for downloads made before licences). */
  licenseId: string | null
}

/** The user's downloads, newest first; an asset deleted since stays, marked as removed. */
export async function downloadHistory(db: DB, userId: string, limit = 50): Promise<DownloadHistoryItem[]> {
  const rows = await db
    .selectFrom('downloads')
    .leftJoin('assets', 'assets.id', 'downloads.asset_id')
    .selectAll('assets')
    .select([
      'downloads.id as download_id',
      'downloads.created_at as downloaded_at',
      'downloads.asset_title',
      'downloads.licence_id',
    ])
    .where('downloads.user_id', '=', userId)
    .orderBy('downloads.created_at', 'desc')
    .orderBy('downloads.id', 'desc')
    .limit(Math.min(Math.max(limit, 1), 200))
    .execute()
  return rows.map(({ download_id, downloaded_at, asset_title, licence_id, ...asset }) => {
    if (asset.id === null) {
      return {
        id: download_id,
        asset_id: null,
        title: asset_title ?? 'Removed asset',
        image: '',
        preview_urls: null,
        downloaded_at: downloaded_at.toISOString(),
        removed: true,
        licenseId: licence_id,
      }
    }
    const view = toAssetView(asset as unknown as Asset)
    return {
      id: download_id,
      asset_id: view.id,
      title: view.title,
      image: view.thumbnail,
      preview_urls: view.preview_urls,
      downloaded_at: downloaded_at.toISOString(),
      removed: false,
      licenseId: licence_id,
    }
  })
}

/**
 * Where a signed-in user stands today, from what the session's read brings (readSession: their
 * quota downloads on the UTC day of `readAt`): used, and (Free) how many are left and when the
 * quota resets. Pro and administrators have no limit (hasDailyLimit, the grant's rule too).
 */
export function quotaOf({
  user,
  usedToday: used,
  readAt: now,
}: {
  user: Pick<User, 'plan' | 'role'>
  usedToday: number
  readAt: Date
}): DownloadQuota {
  const { plan } = user
  if (!hasDailyLimit(user))
    return { plan, used, limit: null, left: null, resets: null, ...(plan === 'pro' ? {} : { administrator: true }) }
  const left = Math.max(0, FREE_DAILY_DOWNLOADS - used)
  return { plan, used, limit: FREE_DAILY_DOWNLOADS, left, resets: quotaResets(now) }
}

export async function totalDownloads(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('downloads')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return row.n
}
