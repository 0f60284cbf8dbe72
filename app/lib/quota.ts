import { PRO_QUOTA_DISPLAY } from '~/lib/constants'

/** Where a signed-in person stands today, as the server works it out (downloadQuota). */
export interface DownloadQuota {
  plan: 'free' | 'pro'
  used: number
  /** Null for Pro: no limit. */
  limit: number | null
  left: number | null
}

/** 'n of 5 free downloads left today'; Pro: 'Unlimited downloads'. */
export function quotaLine(quota: DownloadQuota): string {
  if (quota.limit === null || quota.left === null) return 'Unlimited downloads'
  return `${quota.left} of ${quota.limit} free downloads left today`
}

/**
 * The profile's quota tile: 'n / 5' ('n / 100' for Pro, whose quota has no limit to show)
 * and 'n used today · ' the quota line under it.
 */
export function quotaTile(quota: DownloadQuota): { value: string; note: string } {
  return {
    value: `${quota.used} / ${quota.limit ?? PRO_QUOTA_DISPLAY}`,
    note: `${quota.used} used today · ${quotaLine(quota)}`,
  }
}
