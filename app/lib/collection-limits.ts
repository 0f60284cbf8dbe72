// Collections' limits and the words a page needs about them, without zod: the save button,
// the ZIP form and the kits are on pages (home, explore) that load no form validation.

export const COLLECTION_NAME_MAX = 80
export const COLLECTION_DESCRIPTION_MAX = 1000
export const MAX_COLLECTIONS_PER_USER = 100
export const MAX_ASSETS_PER_COLLECTION = 1000
/** Assets per page of a collection. */
export const COLLECTION_PAGE_SIZE = 24

/** The owner's name as others see it: never the email. */
export function ownerDisplayName(fullName: string | null | undefined, isKit: boolean): string {
  if (isKit) return 'The artist'
  return fullName?.trim() || 'A member'
}

/**
 * The formats a collection's ZIP can hold: each file as it was uploaded, or converted to one of
 * the download formats (DOWNLOAD_FORMATS, in its order: a unit test holds them together; that
 * module is not imported here, to keep it out of the pages' JavaScript).
 */
export const ZIP_FORMATS = ['original', 'png', 'webp', 'avif', 'jpeg'] as const
export type ZipFormat = (typeof ZIP_FORMATS)[number]
export const ZIP_FORMAT_LABELS: Record<ZipFormat, string> = {
  original: 'Original files',
  png: 'PNG',
  webp: 'WebP',
  jpeg: 'JPG',
  avif: 'AVIF',
}

/** The most assets one ZIP holds. */
export const MAX_BUNDLE_ASSETS = 100

/** What a ZIP the quota refuses lacks ('needs 3 of today’s downloads and 1 is left'), for the API and the page. */
export function zipQuotaShortfall(needed: number, left: number): string {
  return `needs ${needed} of today’s downloads and ${left} ${left === 1 ? 'is' : 'are'} left`
}

/**
 * What a refused ZIP says, from its reason in the URL (never text from the URL itself, so a
 * link cannot put words on the page). The quota's refusal names its counts when the URL has
 * two that could be one (fewer left than needed, within a ZIP's size).
 */
export function bundleRefusalText(
  reason: string | null,
  needed?: string | null,
  left?: string | null,
): { text: string; upgrade: boolean } | null {
  if (!reason) return null
  if (reason === 'quota-exceeded') {
    const [n, l] = [Number(needed), Number(left)]
    const counted = Number.isInteger(n) && Number.isInteger(l) && l >= 0 && l < n && n <= MAX_BUNDLE_ASSETS
    return {
      text: `Not enough downloads left today: ${counted ? `this ZIP ${zipQuotaShortfall(n, l)}. Each` : 'each'} asset you have not downloaded today takes one, and the ZIP is made whole or not at all.`,
      upgrade: true,
    }
  }
  if (reason === 'bundle-too-large')
    return { text: `A ZIP holds at most ${MAX_BUNDLE_ASSETS} assets, and this one has more.`, upgrade: false }
  if (reason === 'bundle-empty') return { text: 'There is nothing to download here yet.', upgrade: false }
  return { text: 'The ZIP could not be made. Please try again.', upgrade: false }
}
