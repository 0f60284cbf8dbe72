import type { Route } from './+types/assets-suggest'
import { suggestSearches } from '~/domain/catalogue/search.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute } from '~/web/http.server'

// GET /api/assets/suggest?q=: completions of a search as it is typed, from the catalogue's
// vocabulary (search_terms: the published assets' words). Short answers, cached briefly: it is
// called per keystroke.
async function GET({ context, url }: Route.LoaderArgs) {
  const q = (url.searchParams.get('q') ?? '').slice(0, 200)
  const suggestions = await suggestSearches(context.get(servicesContext).db, q)
  return Response.json({ q, suggestions }, { headers: { 'Cache-Control': 'public, max-age=60' } })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
