import type { Route } from './+types/og-image'
import { getPublishedAsset } from '~/domain/catalogue/assets.server'
import { getPostBySlug } from '~/domain/blog/blog.server'
import { getCollection } from '~/domain/collections/collections.server'
import { readPublicImage, renderShareCard } from '~/platform/og-image.server'
import { parseId } from '~/lib/ids'
import { SITE_NAME } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'

// GET /og/assets/:id.png, /og/blog/:slug.png and /og/collections/:id.png: the share card of an
// asset, a post or a public collection (a private one is not found, as everywhere),
// drawn on request and cached by browsers and social sites for a day.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage } = context.get(servicesContext)
  const name = (params.name ?? '').replace(/\.png$/, '')
  let card: Buffer | null = null
  if (params.kind === 'assets') {
    const id = parseId(name)
    const asset = id ? await getPublishedAsset(db, id) : null
    if (asset)
      card = await renderShareCard({
        title: asset.title,
        kicker: asset.category || 'Asset',
        site: SITE_NAME,
        picture: await readPublicImage(storage, asset.image),
      })
  } else if (params.kind === 'blog') {
    const post = await getPostBySlug(db, name)
    if (post)
      card = await renderShareCard({
        title: post.title,
        kicker: 'Blog',
        site: SITE_NAME,
        picture: await readPublicImage(storage, post.image),
        cover: true,
      })
  } else if (params.kind === 'collections') {
    const id = parseId(name)
    const collection = id ? await getCollection(db, id, null) : null
    if (collection)
      card = await renderShareCard({
        title: collection.name,
        kicker: collection.isKit ? 'Kit' : 'Collection',
        site: SITE_NAME,
        picture: collection.coverPreview ? await readPublicImage(storage, collection.coverPreview) : null,
      })
  }
  if (!card) return new Response('Not found', { status: 404 })
  return new Response(new Uint8Array(card), {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(card.length),
      'Cache-Control': 'public, max-age=86400',
    },
  })
}
