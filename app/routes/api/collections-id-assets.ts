import { z } from '~/lib/zod'
import type { Route } from './+types/collections-id-assets'
import { requireApiUser } from '~/web/session.server'
import { addToCollection, COLLECTION_NOT_FOUND } from '~/domain/collections/collections.server'
import { apiRoute, jsonError, readApiBody, refusalResponse } from '~/web/http.server'
import { servicesContext } from '~/web/context.server'
import { idSchema, parseId } from '~/lib/ids'

// POST /api/collections/{id}/assets { asset_id }: adds a published asset at the end (again: no change).
const AddAsset = z.object({ asset_id: idSchema('asset_id must be a whole number from 1.') })

async function POST({ request, context, params }: Route.ActionArgs) {
  const user = await requireApiUser(request, context)
  const id = parseId(params.id)
  if (!id) return jsonError(404, COLLECTION_NOT_FOUND, { reason: 'collection-not-found' })
  const body = await readApiBody(request, AddAsset)
  if (!body.ok) return body.response
  const added = await addToCollection(context.get(servicesContext).db, user, id, body.value.asset_id)
  if (!added.ok) return refusalResponse(added)
  return Response.json(
    { ok: true, collection_id: id, asset_id: body.value.asset_id, added: added.value.added },
    { status: added.value.added ? 201 : 200 },
  )
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
