import type { AssetEvent } from '~/domain/analytics/asset-events.server'
import { parseId } from '~/lib/ids'
import { normaliseSearchQuery } from '~/lib/search-query'
import { viewAt } from '~/lib/view-addresses'
import { hashToken } from '~/platform/tokens.server'
import { isBot } from './bots.server'

// Which requests are a view of an asset (its page, its dialog, its audio preview fetched from
// the start), read from the request at the door (server/app.ts) before the page cache, and
// handed to the analytics feature as a plain event (decision 91).

/** The session a request carries (the `__session` cookie), as its stored hash. */
export function sessionHash(cookieHeader: string | undefined | null): string | null {
  const match = /(?:^|;\s*)__session=([^;]+)/.exec(cookieHeader ?? '')
  if (!match?.[1] || match[1].length > 400) return null
  try {
    return hashToken(decodeURIComponent(match[1]))
  } catch {
    return null
  }
}

export interface DoorRequest {
  method: string
  /** The path, without the query. */
  path: string
  query: URLSearchParams
  header(name: string): string | undefined
}

const PREVIEW_FILE = /^\/images\/([\w-]+\/preview\.mp3)$/

/** The search words of a same-site page this request came from, if it was a search. */
function searchFromReferrer(referrer: string | undefined, host: string | undefined): string | null {
  if (!referrer) return null
  try {
    const url = new URL(referrer)
    if (host && url.host !== host) return null
    return normaliseSearchQuery(url.searchParams.get('q') ?? url.searchParams.get('search')) || null
  } catch {
    return null
  }
}

/**
 * What a request at the door means for the figures: a page view (GET /assets/:id), a dialog view
 * (a page with ?assetId=), a preview played (its MP3 fetched from the start), or nothing.
 * Changing the dialog's background or zoom without JavaScript is a new request of the same view:
 * not counted again (with JavaScript it makes no request). React Router's data requests
 * (`.data`) are not counted here: the page reports those views itself.
 */
export function classifyRequest(req: DoorRequest, now = new Date()): AssetEvent | null {
  if (req.method !== 'GET') return null
  if (isBot(req.header('user-agent'))) return null
  // A browser's speculative fetch is no view.
  const purpose = req.header('sec-purpose') ?? req.header('purpose')
  if (purpose && /prefetch|prerender/i.test(purpose)) return null
  const preview = PREVIEW_FILE.exec(req.path)
  if (preview) {
    const range = req.header('range')
    // A player asks again for the rest (or after seeking): only the start of the file counts.
    if (range && !/^bytes=0-/.test(range)) return null
    return {
      kind: 'preview_play',
      previewKey: `public/${preview[1]}`,
      searchQuery: searchFromReferrer(req.header('referer'), req.header('host')),
      at: now,
      session: sessionHash(req.header('cookie')),
    }
  }
  const view = viewAt(req.path, req.query)
  const assetId = parseId(view?.assetId)
  if (!view || !assetId) return null
  return {
    kind: view.kind,
    assetId,
    searchQuery:
      view.kind === 'page_view'
        ? normaliseSearchQuery(req.query.get('q')) || searchFromReferrer(req.header('referer'), req.header('host'))
        : normaliseSearchQuery(req.query.get('q') ?? req.query.get('search')) || null,
    at: now,
    session: sessionHash(req.header('cookie')),
  }
}
