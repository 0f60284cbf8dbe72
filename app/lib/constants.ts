// Business constants (quota, price, page and strip sizes, limits), in one place.
export const SITE_NAME = 'AI Stock Library'
export const FREE_DAILY_DOWNLOADS = 5
export const PRO_QUOTA_DISPLAY = 100
export const PRO_PRICE_USD = 9
export const EXPLORE_PAGE_SIZE = 20
export const HOME_GRID_SIZE = 12
export const HERO_STRIP_SIZE = 5
export const TOP_TAGS = 4
export const RELATED_LIMIT = 10
export const RELATED_TAG_SOURCE = 3
export const CARD_TAGS = 3
export const DIALOG_TAGS = 5
export const ZOOM_MIN = 0.5
export const ZOOM_MAX = 3
export const ZOOM_STEP = 0.25
export const PROFILE_REFRESH_MS = 60_000
export const PROFILE_FAVOURITES = 6
export const RECENT_DOWNLOADS = 5
/** The account's settings (name, email, password, sessions, data, deletion), linked from the profile. */
export const ACCOUNT_PATH = '/profile/account'
export const ADMIN_RECENT_ASSETS = 5
export const HEADER_SEARCH_OFFSET = 80
export const CAROUSEL_AUTOPLAY_MS = 4000
export const STATS_ANIMATION_MS = 1500
/**
 * The largest body of a page form or a JSON call: a blog post, every field at its cap (203,450
 * characters, the content's 200,000 among them), sent in UTF-8 as the blog form sends it
 * (multipart) or as JSON usually is, at most 4 bytes a character, is 0.78 MB. JSON that escapes
 * every character as \uXXXX (6 bytes) fits about 170,000. The upload doors declare their own
 * (route `handle.maxBodyBytes`, server/guards.ts).
 */
export const MAX_BODY_BYTES = 1024 * 1024
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024
/** Audio files have their own, larger limit: a few minutes of WAV are tens of megabytes. */
export const AUDIO_UPLOAD_LIMIT_BYTES = 50 * 1024 * 1024
export const RESET_REDIRECT_MS = 3000
export const MINIMUM_AGE = 13
export const LOGOUT_REDIRECT = '/login'
export const DEFAULT_AFTER_LOGIN = '/dashboard'
export const SESSION_DAYS = 30

export const SORTS = ['relevance', 'newest', 'downloads', 'alphabetical'] as const
export type Sort = (typeof SORTS)[number]
export const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Relevance',
  newest: 'Newest',
  downloads: 'Most Downloaded',
  alphabetical: 'Alphabetical',
}

/** The sort menu's relevance entry without a search: there is nothing to rank by, so it lists the newest. */
export const RELEVANCE_WITHOUT_WORDS = 'Relevance (newest without a search)'

/** The sort of a search that names none: relevance when there are words to rank by, else the newest. */
export function defaultSort(hasWords: boolean): Sort {
  return hasWords ? 'relevance' : 'newest'
}

/** The order a search is listed in: the one asked for, except relevance without words, which is the newest. */
export function sortToUse(sort: Sort | undefined, hasWords: boolean): Sort {
  return sort === undefined || (sort === 'relevance' && !hasWords) ? defaultSort(hasWords) : sort
}

/** The kinds of asset, as stored (assets.asset_type) and as URLs, forms and the API write them. */
export const ASSET_TYPES = ['3d', 'image', 'audio'] as const
export type AssetType = (typeof ASSET_TYPES)[number]
/** What an uploaded image is, as the admin says: audio is audio by its bytes alone. */
export type ImageAssetType = Exclude<AssetType, 'audio'>
export const IMAGE_ASSET_TYPES = ASSET_TYPES.filter((type): type is ImageAssetType => type !== 'audio')

/** Each type's names: the explore tab, one asset of it (the admin's type menu), its collection. */
export const ASSET_TYPE_LABELS: Record<AssetType, { tab: string; one: string; collection: string }> = {
  '3d': { tab: '3D', one: '3D render', collection: '3D Renders' },
  image: { tab: 'Images', one: 'Image', collection: 'Images' },
  audio: { tab: 'Audio', one: 'Audio', collection: 'Audio' },
}

/** An image type from a form's value: 'image', else a 3D render (the default). */
export function imageTypeFrom(value: unknown): ImageAssetType {
  return value === 'image' ? 'image' : '3d'
}

export const PLACEHOLDER_IMAGE = '/placeholder.svg'
export const NOT_FOUND_TEXT = "Oops! The page you're looking for doesn't exist."
