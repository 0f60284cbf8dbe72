// Where a page can be posted: each network's own share address, filled with the page's URL (and
// its title, and a picture where the network takes one). Plain links, so they work without
// JavaScript; each opens the network's own form, nothing is posted for the user.

export interface ShareTarget {
  /** The page's absolute URL. */
  url: string
  title: string
  /** An absolute picture URL, for the networks that pin a picture (Pinterest). */
  image?: string | null
}

export interface ShareLink {
  network: 'x' | 'facebook' | 'linkedin' | 'pinterest' | 'reddit' | 'email'
  label: string
  href: string
}

const query = (params: Record<string, string | null | undefined>) =>
  Object.entries(params)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&')

export function shareLinks({ url, title, image }: ShareTarget): ShareLink[] {
  return [
    { network: 'x', label: 'X (Twitter)', href: `https://x.com/intent/tweet?${query({ url, text: title })}` },
    { network: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?${query({ u: url })}` },
    {
      network: 'linkedin',
      label: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?${query({ url })}`,
    },
    {
      network: 'pinterest',
      label: 'Pinterest',
      href: `https://www.pinterest.com/pin/create/button/?${query({ url, media: image, description: title })}`,
    },
    { network: 'reddit', label: 'Reddit', href: `https://www.reddit.com/submit?${query({ url, title })}` },
    // mailto: wants %20 for spaces (a '+' would stay a '+'), which encodeURIComponent gives.
    { network: 'email', label: 'Email', href: `mailto:?${query({ subject: title, body: `${title}\n${url}` })}` },
  ]
}

/** The player an audio asset's page offers to other sites, as HTML to paste. */
export const EMBED_WIDTH = 480
export const EMBED_HEIGHT = 152

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export function embedPath(assetId: number): string {
  return `/embed/assets/${assetId}`
}

export function embedHtml(
  asset: { id: number; title: string },
  origin: string,
  size = { width: EMBED_WIDTH, height: EMBED_HEIGHT },
): string {
  const src = new URL(embedPath(asset.id), origin).href
  return `<iframe src="${escapeAttribute(src)}" width="${size.width}" height="${size.height}" title="${escapeAttribute(asset.title)}" loading="lazy" style="border:0;max-width:100%" allow="autoplay; encrypted-media"></iframe>`
}

/** The oEmbed discovery address of a page: where its oEmbed answer is. */
export function oembedHref(origin: string, pageUrl: string): string {
  return `${new URL('/oembed', origin).href}?url=${encodeURIComponent(pageUrl)}&format=json`
}
