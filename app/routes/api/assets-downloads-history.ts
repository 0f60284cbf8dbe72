import type { Route } from './+types/assets-downloads-history'
import { requireApiUser } from '~/web/session.server'
import { downloadHistory } from '~/domain/downloads/downloads.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute } from '~/web/http.server'

// GET /api/assets/downloads/history → {history: [{id, title, image, preview_urls, downloaded_at}]}
async function GET({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context)
  const history = await downloadHistory(context.get(servicesContext).db, user.id)
  return Response.json({ history }, { headers: { 'Cache-Control': 'no-store' } })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
