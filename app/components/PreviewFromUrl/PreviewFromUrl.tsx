import { useLocation } from 'react-router'
import type { AssetPreviewData } from '~/domain/preview.server'
import { AssetPreview } from '~/components/AssetPreview/AssetPreview'
import { exploreUrl, parseExploreParams, type Background } from '~/lib/explore-params'

/** The current URL with some query parameters set (a string) or removed (null). */
export function withQuery(pathname: string, search: string, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key)
    else next.set(key, value)
  }
  const query = next.toString()
  return query ? `${pathname}?${query}` : pathname
}

/**
 * The preview dialog of any page that lists cards: the page's own URL with ?assetId= opens
 * it, the same URL without it closes it.
 */
export function PreviewFromUrl({ preview }: { preview: AssetPreviewData | null }) {
  const { pathname, search } = useLocation()
  if (!preview) return null
  const params = parseExploreParams(new URLSearchParams(search))
  const hrefFor = (change: { bg?: Background; zoom?: number; assetId?: number }) => {
    if (change.assetId) return withQuery(pathname, search, { assetId: String(change.assetId), bg: null, zoom: null })
    const bg = change.bg ?? params.bg
    const zoom = change.zoom ?? params.zoom
    return withQuery(pathname, search, { bg: bg === 'transparent' ? null : bg, zoom: zoom === 1 ? null : String(zoom) })
  }
  return (
    <AssetPreview
      asset={preview.asset}
      related={preview.related}
      similar={preview.similar}
      isFavourite={preview.isFavourite}
      background={params.bg}
      zoom={params.zoom}
      closeHref={withQuery(pathname, search, { assetId: null, bg: null, zoom: null, download: null })}
      hrefFor={hrefFor}
      resumeDownload={new URLSearchParams(search).get('download') === '1'}
      viewAllHref={exploreUrl(parseExploreParams(new URLSearchParams()), { category: preview.viewAll.category, tags: preview.viewAll.tags })}
    />
  )
}
