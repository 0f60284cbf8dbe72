import type { Route } from './+types/collections-id'
import { getUser, requireApiUser } from '~/web/session.server'
import {
  COLLECTION_NOT_FOUND,
  deleteCollection,
  getCollectionPage,
  updateCollection,
} from '~/domain/collections/collections.server'
import { apiRoute, jsonError, readApiBody, refusalResponse } from '~/web/http.server'
import { servicesContext } from '~/web/context.server'
import { parseId } from '~/lib/ids'
import { CollectionChangesSchema } from '~/lib/collections'
import { COLLECTION_PAGE_SIZE } from '~/lib/collection-limits'

// GET /api/collections/{id}: a public collection, or the caller's own, with a page of its assets.
// PATCH and DELETE: the caller's own (a kit: an admin). Anything else is 404, never 403.
const notFound = () => jsonError(404, COLLECTION_NOT_FOUND, { reason: 'collection-not-found' })

async function GET({ request, context, params, url }: Route.LoaderArgs) {
  const id = parseId(params.id)
  if (!id) return notFound()
  const pageParam = url.searchParams.get('page') ?? '1'
  const page = parseId(pageParam)
  if (!page) return jsonError(400, 'page must be a whole number from 1')
  const user = await getUser(request, context)
  const found = await getCollectionPage(context.get(servicesContext).db, id, user, {
    page,
    limit: COLLECTION_PAGE_SIZE,
  })
  if (!found) return notFound()
  return Response.json(
    {
      ...found.collection,
      assets: found.assets,
      page,
      pageSize: COLLECTION_PAGE_SIZE,
      pages: Math.max(1, Math.ceil(found.total / COLLECTION_PAGE_SIZE)),
      total: found.total,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

async function PATCH({ request, context, params }: Route.ActionArgs) {
  const user = await requireApiUser(request, context)
  const id = parseId(params.id)
  if (!id) return notFound()
  const body = await readApiBody(request, CollectionChangesSchema)
  if (!body.ok) return body.response
  const updated = await updateCollection(context.get(servicesContext).db, user, id, body.value)
  if (!updated.ok) return refusalResponse(updated)
  return Response.json(updated.value)
}

async function DELETE({ request, context, params }: Route.ActionArgs) {
  const user = await requireApiUser(request, context)
  const id = parseId(params.id)
  if (!id) return notFound()
  const deleted = await deleteCollection(context.get(servicesContext).db, user, id)
  if (!deleted.ok) return refusalResponse(deleted)
  return Response.json({ ok: true, id })
}

const route = apiRoute<Route.LoaderArgs>({ GET, PATCH, DELETE })
export const loader = route.loader
export const action = route.action
