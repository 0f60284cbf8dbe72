import { PRO_QUOTA_DISPLAY } from '~/lib/constants'

/** Where a signed-in person stands today, as the server works it out (quotaOf). */
export interface DownloadQuota {
  plan: 'free' | 'pro'
  used: number
  /** Null for Pro: no limit. */
  limit: number | null
  left: number | null
  /** When the Free quota starts again, 'Resets at midnight UTC, in 5 h 12 min'; null for Pro. */
  resets: string | null
  /** An administrator, who owns the catalogue, is not limited whatever the plan. */
  administrator?: true
}

/** Who downloads without a daily limit: Pro, and the site's administrators. */
export function hasDailyLimit(user: { plan: 'free' | 'pro'; role: 'user' | 'admin' }): boolean {
  return user.plan !== 'pro' && user.role !== 'admin'
}

/**
 * 'Resets at midnight UTC, in 5 h 12 min': the quota's day is the UTC day, so it starts again
 * at the next UTC midnight. Worked out on the server from its clock (the page shows the same
 * words it was rendered with); the minutes round up, so it never says 'in 0 min'.
 */
export function quotaResets(now: Date): string {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
  const minutes = Math.max(1, Math.ceil((midnight - now.getTime()) / 60_000))
  const hours = Math.floor(minutes / 60)
  const parts = [hours ? `${hours} h` : '', minutes % 60 ? `${minutes % 60} min` : ''].filter(Boolean)
  return `Resets at midnight UTC, in ${parts.join(' ')}`
}

/** The Free quota is used up for today (a repeat of an asset already taken today stays free). */
export function quotaSpent(quota: DownloadQuota | null | undefined): boolean {
  return quota?.left === 0
}

/** 'n of 5 free downloads left today'; Pro: 'Unlimited downloads'. */
export function quotaLine(quota: DownloadQuota): string {
  if (quota.administrator) return 'Unlimited downloads (administrator)'
  if (quota.limit === null || quota.left === null) return 'Unlimited downloads'
  return `${quota.left} of ${quota.limit} free downloads left today`
}

/**
 * The profile's quota tile: 'n / 5' ('n / 100' for Pro, whose quota has no limit to show)
 * and 'n used today · ' the quota line under it.
 */
export function quotaTile(quota: DownloadQuota): { value: string; note: string } {
  if (quota.administrator) return { value: 'Unlimited', note: `${quota.used} used today · ${quotaLine(quota)}` }
  return {
    value: `${quota.used} / ${quota.limit ?? PRO_QUOTA_DISPLAY}`,
    note: `${quota.used} used today · ${quotaLine(quota)}`,
  }
}
