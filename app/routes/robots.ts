import type { Route } from './+types/robots'
import { servicesContext } from '~/web/context.server'

// A route rather than a file: the Sitemap line must be an absolute URL of this site.
export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext)
  const origin = config.appUrl
  const body = [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /login',
    'Disallow: /profile',
    'Disallow: /favorites',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
