import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { viewAt, type ViewKind } from './view-addresses'

/** Where a view came from, passed in a link's state: the search the visitor had typed. */
export interface ViewState {
  searchQuery?: string
}

/**
 * Whether this view is the one the server counted from the document's own request: the first
 * view shown in this document, at the address the document was fetched from (its Navigation
 * Timing entry, which a module loaded later still reads right), an address the server counts
 * (view-addresses.ts), and fetched as a page, not speculatively nor from the browser's cache.
 * A location's key cannot tell: React Router's ScrollRestoration keys the first history entry
 * before the app hydrates. A browser without the entry (Safari before 15) reports every view.
 */
let firstViewSeen = false
function countedByServer(pathname: string, search: string, assetId: number, kind: ViewKind): boolean {
  if (firstViewSeen) return false
  firstViewSeen = true
  const entry = performance.getEntriesByType('navigation')[0] as
    | (PerformanceNavigationTiming & { deliveryType?: string; activationStart?: number })
    | undefined
  if (!entry) return false
  const loaded = new URL(entry.name)
  if (loaded.pathname + loaded.search !== pathname + search) return false
  // Prefetched or prerendered (the server ignores such requests), or shown from the cache.
  if (entry.deliveryType === 'navigational-prefetch' || entry.deliveryType === 'cache') return false
  if ((entry.activationStart ?? 0) > 0) return false
  const view = viewAt(loaded.pathname, loaded.searchParams)
  return view?.kind === kind && view.assetId === String(assetId)
}

/**
 * Reports a view of an asset's page or dialog that no page request counted (decision 91): one
 * reached by a client-side navigation, or shown at an address the server does not count. Changing
 * the background or zoom keeps the asset and reports nothing. A page being prerendered reports
 * once it is shown, if ever.
 */
export function useViewBeacon(assetId: number, kind: ViewKind) {
  const location = useLocation()
  const current = useRef(location)
  current.current = location
  // The view this component has dealt with: an effect run again for the same one (React's
  // StrictMode does so in development) reports nothing more.
  const handled = useRef<string | null>(null)
  // One report per asset shown, not per URL change: the location is read, not depended on.
  useEffect(() => {
    const view = `${kind} ${assetId}`
    if (handled.current === view) return
    const report = () => {
      handled.current = view
      const { pathname, search, state } = current.current
      if (countedByServer(pathname, search, assetId, kind)) return
      const params = new URLSearchParams(search)
      const q = kind === 'dialog_view' ? params.get('q') : ((state as ViewState | null)?.searchQuery ?? params.get('q'))
      void fetch('/api/asset-events', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ asset_id: assetId, kind, ...(q ? { q } : {}) }),
        keepalive: true,
      }).catch(() => {})
    }
    if ((document as { prerendering?: boolean }).prerendering) {
      document.addEventListener('prerenderingchange', report, { once: true })
      return () => document.removeEventListener('prerenderingchange', report)
    }
    report()
  }, [assetId, kind])
}
