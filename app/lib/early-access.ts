import { hasDailyLimit } from '~/lib/quota'

// Early access, what Pro promises beside unlimited downloads: an asset the artist has scheduled
// to go live opens and downloads for Pro members (and the administrators) in the days before
// it does, once its processing is done. Everyone else sees what is coming and when.

/** How many days before its publish time a scheduled asset is open to Pro. */
export const EARLY_ACCESS_DAYS = 7

/** The most assets /early-access (and its JSON call) lists. */
export const EARLY_ACCESS_LIST_LIMIT = 60

/**
 * Who opens and downloads assets in early access: Pro members and the site's administrators,
 * the people with no daily limit.
 */
export function hasEarlyAccess(user: { plan: 'free' | 'pro'; role: 'user' | 'admin' } | null | undefined): boolean {
  return user ? !hasDailyLimit(user) : false
}

/**
 * What everyone may see of an asset in early access: its name, its thumbnail and when it goes
 * live. Never its preview or audio, which its page gives to those who have early access.
 */
export interface ComingAsset {
  id: number
  title: string
  thumbnail: string
  /** When it goes live for everyone, as ISO 8601. */
  publicAt: string
}
