import type { Route } from './+types/users-favorites-id'
import { requireApiUser } from '~/web/session.server'
import { removeFavourite } from '~/domain/favourites/favourites.server'
import { jsonError, apiRoute } from '~/web/http.server'
import { servicesContext } from '~/web/context.server'
import { parseId } from '~/lib/ids'

// DELETE /api/users/favorites/{id}: removes one of the caller's own favourites.
async function DELETE({ request, context, params }: Route.ActionArgs) {
  const user = await requireApiUser(request, context)
  const id = parseId(params.id)
  if (!id) return jsonError(404, 'Not in your favorites')
  const removed = await removeFavourite(context.get(servicesContext).db, user.id, id)
  if (!removed) return jsonError(404, 'Not in your favorites')
  return Response.json({ ok: true, asset_id: id, isFavourite: false })
}

const route = apiRoute<Route.LoaderArgs>({ DELETE })
export const loader = route.loader
export const action = route.action
