import type { Route } from './+types/asset-tags'
import { topTags } from '~/domain/search.server'
import { servicesContext } from '~/web/context.server'
import { methodNotAllowed } from '~/web/http.server'

// GET /api/assets/tags: tags by count, most used first, each with a thumbnail.
export async function loader({ context }: Route.LoaderArgs) {
  const tags = await topTags(context.get(servicesContext).db, 100)
  return Response.json({ tags }, { headers: { 'Cache-Control': 'public, max-age=60' } })
}

// Any other method gets a JSON 405, not the router's generic error.
export const action = () => methodNotAllowed('GET')
