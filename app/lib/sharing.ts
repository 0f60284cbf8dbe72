import type { MetaDescriptor } from 'react-router'
import { SITE_NAME } from './constants'

// Open Graph, Twitter and canonical tags for every page, from each route's own title and
// description: a route sets what is its own (og:image of an asset, og:type of a post) and
// this fills in the rest, so no page goes without.

export const DEFAULT_OG_IMAGE = '/og/site.png'
export const OG_WIDTH = 1200
export const OG_HEIGHT = 630

interface MetaArgs {
  location: { pathname: string; search: string }
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>
}

/** The site's public origin, from the root loader (APP_URL, else the request's origin). */
export function siteOrigin(matches: MetaArgs['matches']): string {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string } | undefined
  return root?.origin ?? ''
}

/**
 * The one URL of a page: the path without its query, except that a preview dialog
 * (?assetId=N) is the asset's own page and a list keeps its page number.
 */
export function canonicalPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search)
  const assetId = params.get('assetId')
  if (assetId && /^\d{1,9}$/.test(assetId)) return `/assets/${assetId}`
  const page = params.get('page')
  if (page && /^\d{1,6}$/.test(page) && page !== '1' && (pathname === '/blog' || pathname === '/explore'))
    return `${pathname}?page=${page}`
  return pathname
}

const has = (tags: MetaDescriptor[], key: string) =>
  tags.some(
    (t) =>
      ('property' in t && t.property === key) ||
      ('name' in t && t.name === key) ||
      (key === 'canonical' && 'rel' in t && t.rel === 'canonical'),
  )

/** The share card of a page: a raster image of OG_WIDTH x OG_HEIGHT, for Open Graph and Twitter alike. */
export function shareImageTags(url: string, alt: string): MetaDescriptor[] {
  return [
    { property: 'og:image', content: url },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: String(OG_WIDTH) },
    { property: 'og:image:height', content: String(OG_HEIGHT) },
    { property: 'og:image:alt', content: alt },
    { name: 'twitter:image', content: url },
    { name: 'twitter:image:alt', content: alt },
  ]
}

export function withSharing(args: MetaArgs, own: MetaDescriptor[] | undefined): MetaDescriptor[] {
  const tags = [...(own ?? [])]
  const origin = siteOrigin(args.matches)
  const title = (tags.find((t) => 'title' in t) as { title?: string } | undefined)?.title ?? SITE_NAME
  const description = (tags.find((t) => 'name' in t && t.name === 'description') as { content?: string } | undefined)
    ?.content
  const url = `${origin}${canonicalPath(args.location.pathname, args.location.search)}`
  const extra: MetaDescriptor[] = []
  const add = (key: string, tag: MetaDescriptor) => {
    if (!has(tags, key)) extra.push(tag)
  }
  add('canonical', { tagName: 'link', rel: 'canonical', href: url })
  add('og:site_name', { property: 'og:site_name', content: SITE_NAME })
  add('og:title', { property: 'og:title', content: title })
  if (description) add('og:description', { property: 'og:description', content: description })
  add('og:type', { property: 'og:type', content: 'website' })
  add('og:url', { property: 'og:url', content: url })
  if (!has(tags, 'og:image')) {
    extra.push(
      ...shareImageTags(
        `${origin}${DEFAULT_OG_IMAGE}`,
        `${SITE_NAME}: royalty-free AI-generated 3D renders, images and audio`,
      ),
    )
  }
  add('twitter:card', { name: 'twitter:card', content: 'summary_large_image' })
  add('twitter:title', { name: 'twitter:title', content: title })
  if (description) add('twitter:description', { name: 'twitter:description', content: description })
  return [...tags, ...extra]
}
