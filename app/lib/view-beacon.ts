import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** Where a view came from, passed in a link's state: the search the visitor had typed. */
export interface ViewState {
  searchQuery?: string
}

/**
 * Whether a view at `path` (pathname and query) is the page the browser loaded itself, which the
 * server counted from its request: true once, for the first view shown in this document, when it
 * is at the address the document was fetched from (the Navigation Timing entry, which a module
 * loaded later still reads right). A location's key cannot tell: React Router's
 * ScrollRestoration keys the first history entry before the app hydrates.
 */
let firstViewSeen = false
function countedByServer(path: string): boolean {
  if (firstViewSeen) return false
  firstViewSeen = true
  const loaded = performance.getEntriesByType('navigation')[0]?.name
  if (!loaded) return false
  const url = new URL(loaded)
  return url.pathname + url.search === path
}

/**
 * Reports a view of an asset's page or dialog reached by a client-side navigation, which no
 * page request counts (decision 91). The page the browser loaded itself was counted by the
 * server, so it is not reported again; changing the background or zoom keeps the asset and
 * reports nothing.
 */
export function useViewBeacon(assetId: number, kind: 'page_view' | 'dialog_view') {
  const location = useLocation()
  const current = useRef(location)
  current.current = location
  // One report per asset shown, not per URL change: the location is read, not depended on.
  useEffect(() => {
    const { pathname, search, state } = current.current
    if (countedByServer(pathname + search)) return
    const params = new URLSearchParams(search)
    const q = kind === 'dialog_view' ? params.get('q') : ((state as ViewState | null)?.searchQuery ?? params.get('q'))
    void fetch('/api/asset-events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ asset_id: assetId, kind, ...(q ? { q } : {}) }),
      keepalive: true,
    }).catch(() => {})
  }, [assetId, kind])
}
