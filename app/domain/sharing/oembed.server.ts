import type { DB } from '#db/client'
import type { AssetView } from '~/lib/asset-view'
import { SITE_NAME } from '~/lib/constants'
import { EMBED_HEIGHT, EMBED_WIDTH, embedHtml } from '~/lib/share-links'
import { getPublishedAsset } from '~/domain/catalogue/assets.server'
import { getCollection, getCollectionPage } from '~/domain/collections/collections.server'
import { PREVIEW_SIZE, THUMB_SIZE } from '~/platform/images.server'

/** An oEmbed 1.0 answer (https://oembed.com): the fields every type has, then its own. */
export interface OEmbed {
  version: '1.0'
  type: 'photo' | 'rich' | 'link'
  title: string
  author_name: string
  author_url: string
  provider_name: string
  provider_url: string
  cache_age: number
  /** photo: the picture; its width and height. */
  url?: string
  /** photo and rich: in pixels. */
  width?: number
  height?: number
  /** rich: the HTML to embed (an iframe of the player). */
  html?: string
  thumbnail_url?: string
  thumbnail_width?: number
  thumbnail_height?: number
}

type OEmbedRefusal = {
  ok: false
  reason: 'invalid-option' | 'not-embeddable' | 'format-not-implemented'
  error: string
}

/** How long a consumer may keep an answer: short, so an unpublished asset stops unfurling soon. */
const CACHE_AGE = 3600

/** The size a picture of width × height is stored at when scaled to fit a square of `size`. */
export function fitInside(width: number, height: number, size: number): { width: number; height: number } {
  const long = Math.max(width, height)
  if (long <= size) return { width, height }
  const scale = size / long
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** The public collection (or kit) an address of this site shows: /collections/3. */
export function collectionIdOf(address: URL): number | null {
  const id = /^\/collections\/(\d{1,9})\/?$/.exec(address.pathname)?.[1]
  return id && Number(id) > 0 ? Number(id) : null
}

/** The asset an address of this site shows: /assets/12, /embed/assets/12, or a page with its dialog open (?assetId=12). */
export function assetIdOf(address: URL): number | null {
  const path = /^\/(?:embed\/)?assets\/(\d{1,9})\/?$/.exec(address.pathname)
  const id = path?.[1] ?? address.searchParams.get('assetId')
  return id && /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null
}

const positive = (value: string | null | undefined): number | null | undefined => {
  if (value === null || value === undefined || value === '') return undefined
  return /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : null
}

/**
 * The oEmbed answer for a page of this site: `photo` for a 3D render or an image (its preview,
 * or the thumbnail when the preview is larger than maxwidth/maxheight), `rich` for audio (the
 * embeddable player in an iframe), `link` for a public collection or kit (its name, owner and
 * cover as the thumbnail). Another site's address, a page with nothing to embed, and a
 * draft or deleted asset are 'not-embeddable' (404, as the standard asks); any format but JSON
 * is 'format-not-implemented' (501).
 */
export async function oembedFor(
  db: DB,
  input: {
    url: string | null | undefined
    format?: string | null
    maxwidth?: string | null
    maxheight?: string | null
    /** The site's public origin: the addresses it answers for, and the one its links use. */
    origin: string
    /** Other origins the same site is reached at (the request's own). */
    aliases?: string[]
  },
): Promise<{ ok: true; oembed: OEmbed } | OEmbedRefusal> {
  const format = (input.format ?? 'json').trim().toLowerCase() || 'json'
  if (format !== 'json') return { ok: false, reason: 'format-not-implemented', error: 'Only format=json is available' }
  if (!input.url) return { ok: false, reason: 'invalid-option', error: 'url is required' }
  const maxwidth = positive(input.maxwidth)
  const maxheight = positive(input.maxheight)
  if (maxwidth === null || maxheight === null)
    return { ok: false, reason: 'invalid-option', error: 'maxwidth and maxheight must be whole numbers of pixels' }

  const notFound = { ok: false, reason: 'not-embeddable', error: 'Nothing to embed at this URL' } as const
  let address: URL
  try {
    address = new URL(input.url)
  } catch {
    return notFound
  }
  const hosts = [input.origin, ...(input.aliases ?? [])].map((origin) => new URL(origin).host)
  if (!/^https?:$/.test(address.protocol) || !hosts.includes(address.host)) return notFound
  const collectionId = collectionIdOf(address)
  if (collectionId) {
    // Seen as a visitor sees it: a private collection is not there.
    const collection = await getCollection(db, collectionId, null)
    if (!collection) return notFound
    const cover = collection.coverAssetId
      ? await getPublishedAsset(db, collection.coverAssetId)
      : ((await getCollectionPage(db, collectionId, null, { limit: 1 }))?.assets[0] ?? null)
    return {
      ok: true,
      oembed: {
        ...commonFields(collection.name, input.origin, {
          name: collection.owner.name,
          url: new URL(`/collections/${collection.id}`, input.origin).href,
        }),
        type: 'link',
        ...(cover ? thumbnailFields(cover, input.origin) : {}),
      },
    }
  }
  const id = assetIdOf(address)
  const asset = id ? await getPublishedAsset(db, id) : null
  if (!asset) return notFound
  return { ok: true, oembed: assetOEmbed(asset, input.origin, { maxwidth, maxheight }) }
}

function commonFields(title: string, origin: string, author?: { name: string; url: string }) {
  const home = new URL('/', origin).href
  return {
    version: '1.0' as const,
    title,
    author_name: author?.name ?? SITE_NAME,
    author_url: author?.url ?? home,
    provider_name: SITE_NAME,
    provider_url: home,
    cache_age: CACHE_AGE,
  }
}

/** An asset's thumbnail as oEmbed names it: all three fields, or none when its size is unknown. */
function thumbnailFields(asset: AssetView, origin: string) {
  if (!asset.width || !asset.height || !asset.thumbnail) return {}
  const size = fitInside(asset.width, asset.height, THUMB_SIZE)
  return {
    thumbnail_url: new URL(asset.thumbnail, origin).href,
    thumbnail_width: size.width,
    thumbnail_height: size.height,
  }
}

function assetOEmbed(
  asset: AssetView,
  origin: string,
  max: { maxwidth: number | undefined; maxheight: number | undefined },
): OEmbed {
  const absolute = (path: string) => new URL(path, origin).href
  const common = commonFields(asset.title, origin)
  const fits = (size: { width: number; height: number }) =>
    size.width <= (max.maxwidth ?? Number.POSITIVE_INFINITY) &&
    size.height <= (max.maxheight ?? Number.POSITIVE_INFINITY)
  const within = (size: { width: number; height: number }) => {
    const scale = Math.min(1, (max.maxwidth ?? size.width) / size.width, (max.maxheight ?? size.height) / size.height)
    return { width: Math.max(1, Math.floor(size.width * scale)), height: Math.max(1, Math.floor(size.height * scale)) }
  }

  const known = asset.width && asset.height ? { width: asset.width, height: asset.height } : null
  const thumb = known ? fitInside(known.width, known.height, THUMB_SIZE) : null
  const thumbnail = thumbnailFields(asset, origin)

  if (asset.asset_type === 'audio') {
    // The player stretches to its frame: each side within its own maximum.
    const size = {
      width: Math.min(EMBED_WIDTH, max.maxwidth ?? EMBED_WIDTH),
      height: Math.min(EMBED_HEIGHT, max.maxheight ?? EMBED_HEIGHT),
    }
    return { ...common, type: 'rich', html: embedHtml(asset, origin, size), ...size, ...thumbnail }
  }
  if (!known || !thumb) return { ...common, type: 'link' }
  const preview = fitInside(known.width, known.height, PREVIEW_SIZE)
  // The largest stored picture that fits; past the thumbnail, the thumbnail shown smaller.
  const [url, size] = fits(preview)
    ? [asset.image, preview]
    : fits(thumb)
      ? [asset.thumbnail, thumb]
      : [asset.thumbnail, within(thumb)]
  return { ...common, type: 'photo', url: absolute(url), ...size, ...thumbnail }
}
