import type { Route } from './+types/assets-tags'
import { topTags } from '~/domain/catalogue/search.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute } from '~/web/http.server'

// GET /api/assets/tags: tags by count, most used first, each with a thumbnail.
async function GET({ context }: Route.LoaderArgs) {
  const tags = await topTags(context.get(servicesContext).db, 100)
  return Response.json({ tags }, { headers: { 'Cache-Control': 'public, max-age=60' } })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
