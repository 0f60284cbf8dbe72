import type { RouterContextProvider } from 'react-router'
import type { DB } from '#db/client'
import { logSearch, type SearchRecord } from '~/domain/analytics/searches.server'
import { parseExploreParams, type ExploreParams, type TagMatch } from '~/lib/explore-params'
import { normaliseSearchQuery } from '~/lib/search-query'
import { isBot, isCrawler } from './bots.server'
import { requestInfoContext } from './context.server'

// Which requests are searches, for the artist's analytics (decision 90). A search is words or
// a filter (category, tags, colour, orientation, transparency); the type tabs alone are browsing.
// Not a new search: a later page, a preview opened over the results, a bot, or a request made
// from an /explore page showing the same search (its sort, view or page changed, a dialog
// closed). Nothing about the visitor is kept: not the address, not the user, not the referrer.

/** Reads a request header (a Fetch Request's or Express's). */
export type HeaderReader = (name: string) => string | null | undefined

interface SearchTerms {
  q: string
  assetType?: string
  category?: string
  tags?: readonly string[]
  tagMatch?: TagMatch
  color?: string
  orientation?: string
  transparent?: boolean
}

/** The filters as recorded, by their URL names; empty ones left out. */
export function searchFilters(terms: SearchTerms): Record<string, string> {
  const filters: Record<string, string> = {}
  if (terms.assetType) filters.asset_type = terms.assetType
  if (terms.category) filters.category = terms.category.trim().toLowerCase()
  if (terms.tags?.length) filters.tags = [...terms.tags].sort().join(',')
  // (tagMatchOf: 'any' only with two tags or more, the one case it changes the search.)
  if (terms.tagMatch === 'any') filters.tag_match = 'any'
  if (terms.color) filters.color = terms.color.toLowerCase()
  if (terms.orientation) filters.orientation = terms.orientation
  if (terms.transparent) filters.transparent = '1'
  return filters
}

function isSearch(query: string, filters: Record<string, string>): boolean {
  return query !== '' || Object.keys(filters).some((key) => key !== 'asset_type')
}

/** The explore page's search, or null when the page is not a new search. */
export function exploreSearch(params: ExploreParams, resultCount: number): SearchRecord | null {
  if (params.page > 1 || params.assetId) return null
  const query = normaliseSearchQuery(params.q)
  const filters = searchFilters(params)
  return isSearch(query, filters) ? { query, filters, resultCount, source: 'page' } : null
}

/** GET /api/assets's search, or null when it is not one (a later page, no words nor filters). */
export function apiSearch(terms: SearchTerms & { page?: number }, resultCount: number): SearchRecord | null {
  if ((terms.page ?? 1) > 1) return null
  const query = normaliseSearchQuery(terms.q)
  const filters = searchFilters(terms)
  return isSearch(query, filters) ? { query, filters, resultCount, source: 'api' } : null
}

/** The same words and filters as the /explore page the request came from (whatever its page or dialog). */
function continuesPage(search: SearchRecord, from: ExploreParams): boolean {
  return (
    search.query === normaliseSearchQuery(from.q) &&
    JSON.stringify(search.filters) === JSON.stringify(searchFilters(from))
  )
}

/** Records the search unless a bot made it or it continues the search of the page it came from. */
export function recordSearch(db: DB, header: HeaderReader, search: SearchRecord): boolean {
  const userAgent = header('user-agent')
  if (search.source === 'api' ? isCrawler(userAgent) : isBot(userAgent)) return false
  if (search.source === 'page') {
    const referer = header('referer')
    if (referer) {
      try {
        const from = new URL(referer)
        if (from.pathname === '/explore' && continuesPage(search, parseExploreParams(from.searchParams))) return false
      } catch {
        // Not a URL: not a continuation either.
      }
    }
  }
  logSearch(db, search)
  return true
}

/**
 * The explore loader's search: recorded, and told to the page cache, which counts it again for
 * each visitor it serves the cached page to (server/page-cache.ts).
 */
export function recordPageSearch(
  db: DB,
  request: Request,
  context: Readonly<RouterContextProvider>,
  search: SearchRecord | null,
): void {
  if (!search) return
  context.get(requestInfoContext).noteSearch?.(search)
  // A HEAD shows no results to anyone.
  if (request.method === 'HEAD') return
  recordSearch(db, (name) => request.headers.get(name), search)
}
