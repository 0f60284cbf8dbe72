import type { Route } from './+types/collections-id-assets-id'
import { requireApiUser } from '~/web/session.server'
import { COLLECTION_NOT_FOUND, removeFromCollection } from '~/domain/collections/collections.server'
import { apiRoute, jsonError, refusalResponse } from '~/web/http.server'
import { servicesContext } from '~/web/context.server'
import { parseId } from '~/lib/ids'

// DELETE /api/collections/{id}/assets/{assetId}: takes an asset out of the caller's collection.
async function DELETE({ request, context, params }: Route.ActionArgs) {
  const user = await requireApiUser(request, context)
  const id = parseId(params.id)
  if (!id) return jsonError(404, COLLECTION_NOT_FOUND, { reason: 'collection-not-found' })
  const assetId = parseId(params.assetId)
  if (!assetId) return jsonError(404, 'That asset is not in this collection.', { reason: 'not-in-collection' })
  const removed = await removeFromCollection(context.get(servicesContext).db, user, id, assetId)
  if (!removed.ok) return refusalResponse(removed)
  return Response.json({ ok: true, collection_id: id, asset_id: assetId })
}

const route = apiRoute<Route.LoaderArgs>({ DELETE })
export const loader = route.loader
export const action = route.action
