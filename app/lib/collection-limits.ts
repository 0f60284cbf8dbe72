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

/**
 * What a refused ZIP says, from its reason in the URL (never text from the URL itself, so a
 * link cannot put words on the page). The page says the quota's refusal without its counts
 * (the API's answer has them, zip-quota.ts): the home page's JavaScript has no room left.
 */
export function bundleRefusalText(reason: string | null): { text: string; upgrade: boolean } | null {
  if (!reason) return null
  if (reason === 'quota-exceeded')
    return {
      text: 'Not enough downloads left today for this ZIP: each asset you have not downloaded today takes one, and the ZIP is made whole or not at all.',
      upgrade: true,
    }
  if (reason === 'bundle-too-large')
    return { text: 'A ZIP holds at most 100 assets, and this one has more.', upgrade: false }
  if (reason === 'bundle-empty') return { text: 'There is nothing to download here yet.', upgrade: false }
  return { text: 'The ZIP could not be made. Please try again.', upgrade: false }
}
