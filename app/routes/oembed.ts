import type { Route } from './+types/oembed'
import { oembedFor } from '~/domain/sharing/oembed.server'
import { refusalStatus } from '~/web/refusals.server'
import { servicesContext } from '~/web/context.server'

// GET /oembed?url=…&format=json: how an asset page unfurls in a CMS or a chat that speaks
// oEmbed (discovered through the page's <link rel="alternate" type="application/json+oembed">).
// A public standard endpoint, open to any site's scripts; not part of the JSON API.
export async function loader({ context, url }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext)
  const params = url.searchParams
  const result = await oembedFor(db, {
    url: params.get('url'),
    format: params.get('format'),
    maxwidth: params.get('maxwidth'),
    maxheight: params.get('maxheight'),
    origin: config.appUrl,
    aliases: [url.origin],
  })
  const headers = { 'Access-Control-Allow-Origin': '*' }
  if (!result.ok) {
    return Response.json(
      { error: result.error, reason: result.reason },
      { status: refusalStatus(result.reason), headers: { ...headers, 'Cache-Control': 'no-store' } },
    )
  }
  return Response.json(result.oembed, { headers: { ...headers, 'Cache-Control': 'public, max-age=300' } })
}
