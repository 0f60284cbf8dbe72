import type { Route } from './+types/openapi'
import { openApiDocument } from '~/lib/openapi'
import { servicesContext } from '~/web/context.server'
import { apiRoute } from '~/web/http.server'

// GET /api/openapi.json: every call of the API, admin ones marked, as OpenAPI 3.1 (from the same
// data as the /api page).
function GET({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext)
  // The configured address (APP_URL), as everywhere: a cached document must not carry
  // whatever Host header the first request happened to send.
  const origin = config.appUrl
  return Response.json(openApiDocument(origin), { headers: { 'Cache-Control': 'public, max-age=3600' } })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
