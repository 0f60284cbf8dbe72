/**
 * A search's words as the analytics keep them, wherever they are recorded (the search itself,
 * and the views and previews that came from it), so the two can be matched: trimmed, lower
 * case, one space between words, at most 200 characters ('' for no words).
 */
export function normaliseSearchQuery(raw: string | null | undefined): string {
  return (raw ?? '').normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim().slice(0, 200).trimEnd()
}

/** The periods, in days, the searches section of /admin/analytics offers (30 unless chosen). */
export const SEARCH_PERIODS = [7, 30, 90] as const
export type SearchPeriod = (typeof SEARCH_PERIODS)[number]

export function parseSearchPeriod(value: string | null | undefined): SearchPeriod {
  const n = Number(value)
  return (SEARCH_PERIODS as readonly number[]).includes(n) ? (n as SearchPeriod) : 30
}

/** A search with this many results or fewer (and at least one) is on the artist's to-do list. */
export const FEW_RESULTS = 5

/** An open (view or preview) this soon after a search, with its words, counts as opening its results. */
export const OPENED_WITHIN_MINUTES = 60

/** The lists of the searches section, each with its CSV. */
export const SEARCH_LISTS = ['top', 'zero', 'few', 'unopened'] as const
export type SearchListKind = (typeof SEARCH_LISTS)[number]
export const isSearchList = (value: string): value is SearchListKind =>
  (SEARCH_LISTS as readonly string[]).includes(value)

/**
 * The lists of no and few results tell searches apart by their filters too (the same words on
 * the Audio tab are another search); the top and unopened lists go by the words alone.
 */
export const listHasFilters = (kind: SearchListKind): boolean => kind === 'zero' || kind === 'few'

/** Search and view events are kept this long, then only counted per day (the privacy page says so). */
export const EVENT_RETENTION_DAYS = 180

/** After the retention, a search's words are kept only when this many searches had them that day. */
export const RARE_SEARCH_LIMIT = 3
