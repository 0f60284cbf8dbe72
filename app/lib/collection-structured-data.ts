import type { AssetView } from './asset-view'
import { SITE_NAME } from './constants'

// A collection's schema.org description (JSON-LD), apart from structured-data.ts, which the
// home page loads.

/**
 * A collection or kit: a CollectionPage whose main entity is an ImageGallery of the assets on
 * the page (the page's own share of them, as the visitor sees it).
 */
export function collectionPage(
  origin: string,
  collection: { id: number; name: string; description: string; assetCount: number; owner: { name: string } },
  assets: AssetView[],
) {
  const url = `${origin}/collections/${collection.id}`
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: collection.name,
    ...(collection.description ? { description: collection.description } : {}),
    url,
    isPartOf: { '@type': 'WebSite', name: SITE_NAME, url: origin },
    mainEntity: {
      '@type': 'ImageGallery',
      name: collection.name,
      url,
      numberOfItems: collection.assetCount,
      author: { '@type': 'Person', name: collection.owner.name },
      hasPart: assets.map((asset) => ({
        '@type': asset.asset_type === 'audio' ? 'AudioObject' : 'ImageObject',
        name: asset.title,
        url: `${origin}/assets/${asset.id}`,
        thumbnailUrl: `${origin}${asset.thumbnail}`,
        ...(asset.asset_type === 'audio' ? {} : { contentUrl: `${origin}${asset.image}` }),
      })),
    },
  }
}
