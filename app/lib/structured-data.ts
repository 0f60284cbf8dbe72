import type { AssetView } from './asset-view'
import { SITE_NAME } from './constants'

// schema.org descriptions of our pages (JSON-LD), built from the same data the pages show.

export function breadcrumbList(origin: string, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: `${origin}${item.path}`,
    })),
  }
}

/**
 * An asset as schema.org's media object: an AudioObject for audio (its MP3 listening preview,
 * with its length), an ImageObject for images and renders (the PNG preview).
 */
export function mediaObject(origin: string, asset: AssetView, description: string) {
  const content =
    asset.asset_type === 'audio'
      ? {
          '@type': 'AudioObject',
          // No listening preview yet (still being made): no file to name.
          ...(asset.audio
            ? {
                contentUrl: `${origin}${asset.audio.preview_url}`,
                encodingFormat: 'audio/mpeg',
                duration: isoDuration(asset.audio.duration_ms),
              }
            : {}),
        }
      : {
          '@type': 'ImageObject',
          contentUrl: `${origin}${asset.image}`,
          ...(asset.width && asset.height ? { width: asset.width, height: asset.height } : {}),
          encodingFormat: 'image/png',
        }
  return {
    '@context': 'https://schema.org',
    ...content,
    name: asset.title,
    description,
    url: `${origin}/assets/${asset.id}`,
    thumbnailUrl: `${origin}${asset.thumbnail}`,
    keywords: asset.tags.join(', '),
    datePublished: asset.created_at,
    license: `${origin}/license`,
    acquireLicensePage: `${origin}/pricing`,
    creator: { '@type': 'Organization', name: SITE_NAME, url: origin },
    creditText: SITE_NAME,
    copyrightNotice: `© ${SITE_NAME}`,
  }
}

/** A length as ISO 8601 (schema.org's Duration): 5,650 ms is 'PT5.65S', 90,000 ms 'PT1M30S'. */
export function isoDuration(ms: number): string {
  const whole = Math.round(ms)
  const minutes = Math.floor(whole / 60_000)
  const seconds = (whole % 60_000) / 1000
  return `PT${minutes ? `${minutes}M` : ''}${seconds || !minutes ? `${seconds}S` : ''}`
}

export function blogPosting(
  origin: string,
  post: {
    slug: string
    title: string
    excerpt: string
    image: string
    date: string
    category: string
    author: { name: string }
  },
) {
  const image = post.image.startsWith('/') ? `${origin}${post.image}` : post.image
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    url: `${origin}/blog/${post.slug}`,
    mainEntityOfPage: `${origin}/blog/${post.slug}`,
    image: [`${origin}/og/blog/${post.slug}.png`, image],
    datePublished: post.date,
    articleSection: post.category,
    author: { '@type': 'Person', name: post.author.name || SITE_NAME },
    publisher: {
      '@type': 'Organization',
      name: SITE_NAME,
      url: origin,
      logo: { '@type': 'ImageObject', url: `${origin}/og/site.png` },
    },
  }
}

export function webSite(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/explore?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  }
}
