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

/** The formats a collection's ZIP can hold (the bundle's formats): each file as it was uploaded, or converted. */
export const ZIP_FORMATS = ['original', 'png', 'webp', 'jpeg', 'avif'] as const
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
 * link cannot put words on the page), and for the quota what the ZIP needs and what is left
 * (`needed`, `left`: digits only).
 */
export function bundleRefusalText(params: URLSearchParams): { text: string; upgrade: boolean } | null {
  const reason = params.get('reason')
  if (!reason) return null
  if (reason === 'quota-exceeded') {
    const [needed, left] = [count(params.get('needed')), count(params.get('left'))]
    const counts =
      needed !== null && left !== null
        ? `This ZIP needs ${needed} of today’s downloads and ${left} ${left === 1 ? 'is' : 'are'} left`
        : 'Not enough downloads left today for this ZIP'
    return {
      text: `${counts}: each asset you have not downloaded today takes one, and the ZIP is made whole or not at all.`,
      upgrade: true,
    }
  }
  if (reason === 'bundle-too-large')
    return { text: 'A ZIP holds at most 100 assets, and this one has more.', upgrade: false }
  if (reason === 'bundle-empty') return { text: 'There is nothing to download here yet.', upgrade: false }
  return { text: 'The ZIP could not be made. Please try again.', upgrade: false }
}

/** A small count from the URL: digits only, else null. */
function count(value: string | null): number | null {
  return value && /^\d{1,4}$/.test(value) ? Number(value) : null
}
