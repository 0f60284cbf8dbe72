import { useLocation } from 'react-router'
import type { AssetPreviewData } from '~/domain/catalogue/preview.server'
import { AssetPreview } from '~/components/AssetPreview/AssetPreview'
import { parseExploreParams, type Background } from '~/lib/explore-params'
import { withQuery } from '~/lib/with-query'

/** The preview dialog for the page's URL (loaded by PreviewFromUrl, see there). */
export function PreviewDialog({ preview }: { preview: AssetPreviewData }) {
  const { pathname, search } = useLocation()
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
      fileSize={preview.fileSize}
      related={preview.related}
      similar={preview.similar}
      isFavourite={preview.isFavourite}
      downloadedToday={preview.downloadedToday}
      background={params.bg}
      zoom={params.zoom}
      closeHref={withQuery(pathname, search, { assetId: null, bg: null, zoom: null, download: null })}
      hrefFor={hrefFor}
      resumeDownload={new URLSearchParams(search).get('download') === '1'}
    />
  )
}
