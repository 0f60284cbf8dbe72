import { data, useLocation } from 'react-router'
import { Container } from '@mantine/core'
import type { Route } from './+types/asset'
import { getUser } from '~/web/session.server'
import { AssetPreview } from '~/components/AssetPreview/AssetPreview'
import { withQuery } from '~/components/PreviewFromUrl/PreviewFromUrl'
import { getAssetPreview } from '~/domain/catalogue/preview.server'
import { SITE_NAME } from '~/lib/constants'
import { parseExploreParams } from '~/lib/explore-params'
import { parseId } from '~/lib/ids'
import { servicesContext } from '~/web/context.server'
import { JsonLd } from '~/components/JsonLd/JsonLd'
import { breadcrumbList, mediaObject } from '~/lib/structured-data'
import { shareImageTags, withSharing } from '~/lib/sharing'
import { fallbackDescription } from '~/lib/asset-view'
import { oembedHref } from '~/lib/share-links'

// The canonical page of one asset: the preview's content at a URL of its own, for sharing
// and search engines.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = parseId(params.id)
  const user = await getUser(request, context)
  // Pro members also open the assets in early access (their pages are theirs: never cached).
  const preview = id ? await getAssetPreview(context.get(servicesContext).db, id, user) : null
  if (!preview) throw data(null, { status: 404 })
  return { preview, origin: context.get(servicesContext).config.appUrl }
}

const pageMeta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: `Asset not found | ${SITE_NAME}` }]
  const { asset } = loaderData.preview
  // In early access the page is Pro's alone until it goes live: nothing to share or index yet.
  if (loaderData.preview.publicAt)
    return [{ title: `${asset.title} | ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }]
  const fallback = fallbackDescription(asset)
  const description = asset.description || `${asset.title}: ${fallback[0]!.toLowerCase()}${fallback.slice(1)}`
  const image = `${loaderData.origin}/og/assets/${asset.id}.png`
  return [
    { title: `${asset.title} | ${SITE_NAME}` },
    { name: 'description', content: description },
    { property: 'og:title', content: asset.title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    ...shareImageTags(image, asset.title),
    { property: 'og:url', content: `${loaderData.origin}/assets/${asset.id}` },
    { name: 'twitter:card', content: 'summary_large_image' },
    { tagName: 'link', rel: 'canonical', href: `${loaderData.origin}/assets/${asset.id}` },
    {
      tagName: 'link',
      rel: 'alternate',
      type: 'application/json+oembed',
      href: oembedHref(loaderData.origin, `${loaderData.origin}/assets/${asset.id}`),
      title: asset.title,
    },
  ]
}

export default function AssetPage({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData
  const { pathname, search } = useLocation()
  const params = parseExploreParams(new URLSearchParams(search))
  const { asset } = preview
  const origin = loaderData.origin
  return (
    <Container size="lg" py="xl">
      <JsonLd
        data={[
          mediaObject(origin, asset, asset.description || fallbackDescription(asset)),
          breadcrumbList(origin, [
            { name: 'Home', path: '/' },
            { name: 'Explore', path: '/explore' },
            ...(asset.category
              ? [{ name: asset.category, path: `/explore?category=${encodeURIComponent(asset.category)}` }]
              : []),
            { name: asset.title, path: `/assets/${asset.id}` },
          ]),
        ]}
      />
      <AssetPreview
        mode="page"
        asset={preview.asset}
        fileSize={preview.fileSize}
        related={preview.related}
        similar={preview.similar}
        isFavourite={preview.isFavourite}
        downloadedToday={preview.downloadedToday}
        publicAt={preview.publicAt}
        background={params.bg}
        zoom={params.zoom}
        closeHref="/explore"
        resumeDownload={new URLSearchParams(search).get('download') === '1'}
        hrefFor={(change) =>
          change.assetId
            ? `/assets/${change.assetId}`
            : withQuery(pathname, search, {
                bg: !change.bg || change.bg === 'transparent' ? null : change.bg,
                zoom: change.zoom === undefined || change.zoom === 1 ? null : String(change.zoom),
              })
        }
      />
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
