// Early access, what Pro promises beside unlimited downloads: an asset the artist has scheduled
// to go live opens and downloads for Pro members (and the administrators) in the days before
// it does, once its processing is done. Everyone else sees what is coming and when.

/** How many days before its publish time a scheduled asset is open to Pro. */
export const EARLY_ACCESS_DAYS = 7

/** Who opens and downloads assets in early access: Pro members and the site's administrators. */
export function hasEarlyAccess(user: { plan: 'free' | 'pro'; role: 'user' | 'admin' } | null | undefined): boolean {
  return user?.plan === 'pro' || user?.role === 'admin'
}
