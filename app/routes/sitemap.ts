import type { Route } from './+types/sitemap'
import { sitemapEntries } from '~/domain/catalogue/search.server'
import { publicCollectionsForSitemap } from '~/domain/collections/collections.server'
import { servicesContext } from '~/web/context.server'

const STATIC_PAGES = [
  '/',
  '/explore',
  '/pricing',
  '/blog',
  '/about',
  '/contact',
  '/license',
  '/terms',
  '/privacy',
  '/categories',
  '/collections',
  '/api',
  '/careers',
  '/help',
  '/faq',
]
// One sitemap file may list 50 000 URLs; keep room for the pages and posts.
const MAX_ASSETS = 45_000
/** Public collections and kits, the most recently changed first. */
const MAX_COLLECTIONS = 4_000

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext)
  const origin = config.appUrl
  const [{ assets, posts }, collections] = await Promise.all([
    sitemapEntries(db, MAX_ASSETS),
    publicCollectionsForSitemap(db, MAX_COLLECTIONS),
  ])
  const entry = (path: string, lastmod?: Date) =>
    `<url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...STATIC_PAGES.map((p) => entry(p)),
    ...posts.map((p) => entry(`/blog/${encodeURIComponent(p.slug)}`, p.updated_at)),
    ...assets.map((a) => entry(`/assets/${a.id}`, a.updated_at)),
    ...collections.map((c) => entry(`/collections/${c.id}`, c.updated_at)),
    '</urlset>',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
