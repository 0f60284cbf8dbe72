import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** Where a view came from, passed in a link's state: the search the visitor had typed. */
export interface ViewState {
  searchQuery?: string
}

/**
 * Reports a view of an asset's page or dialog reached by a client-side navigation, which no
 * page request counts (decision 91). The page the browser loaded itself (location key
 * 'default') was counted by the server, so it is not reported again; changing the background
 * or zoom keeps the asset and reports nothing.
 */
export function useViewBeacon(assetId: number, kind: 'page_view' | 'dialog_view') {
  const location = useLocation()
  const current = useRef(location)
  current.current = location
  // One report per asset shown, not per URL change: the location is read, not depended on.
  useEffect(() => {
    const { key, search, state } = current.current
    if (key === 'default') return
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
