import type { Route } from './+types/download-history'
import { requireApiUser } from '~/web/session.server'
import { downloadHistory } from '~/domain/downloads.server'
import { servicesContext } from '~/web/context.server'
import { methodNotAllowed } from '~/web/http.server'

// GET /api/assets/downloads/history → {history: [{id, title, image, preview_urls, downloaded_at}]}
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context)
  const history = await downloadHistory(context.get(servicesContext).db, user.id)
  return Response.json({ history }, { headers: { 'Cache-Control': 'no-store' } })
}

// Any other method gets a JSON 405, not the router's generic error.
export const action = () => methodNotAllowed('GET')
