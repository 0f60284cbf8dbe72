import type { Route } from './+types/favorite'
import { requireApiUser } from '~/web/session.server'
import { removeFavourite } from '~/domain/favourites.server'
import { jsonError, methodNotAllowed } from '~/web/http.server'
import { servicesContext } from '~/web/context.server'
import { positiveInt } from '~/lib/explore-params'

// DELETE /api/users/favorites/{id}: removes one of the caller's own favourites.
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed('DELETE')
  const user = await requireApiUser(request, context)
  const id = positiveInt(params.id)
  if (!id) return jsonError(400, 'The asset id must be a number.')
  const removed = await removeFavourite(context.get(servicesContext).db, user.id, id)
  if (!removed) return jsonError(404, 'Not in your favorites')
  return Response.json({ ok: true, asset_id: id, isFavorite: false })
}

// Any other method gets a JSON 405, not the router's generic error.
export const loader = () => methodNotAllowed('DELETE')
