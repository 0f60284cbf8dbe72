import type { Route } from './+types/asset-suggest'
import { suggestSearches } from '~/domain/search.server'
import { servicesContext } from '~/web/context.server'
import { methodNotAllowed } from '~/web/http.server'

// GET /api/assets/suggest?q=: completions of a search as it is typed, from the catalogue's
// vocabulary (the search_terms table). Short answers, cached briefly: it is called per keystroke.
export async function loader({ context, url }: Route.LoaderArgs) {
  const q = (url.searchParams.get('q') ?? '').slice(0, 200)
  const suggestions = await suggestSearches(context.get(servicesContext).db, q)
  return Response.json({ q, suggestions }, { headers: { 'Cache-Control': 'public, max-age=60' } })
}

// Any other method gets a JSON 405, not the router's generic error.
export const action = () => methodNotAllowed('GET')
