import type { Route } from './+types/collections'
import { requireApiUser } from '~/web/session.server'
import { createCollection, listUserCollections } from '~/domain/collections/collections.server'
import { apiRoute, readApiBody, refusalResponse } from '~/web/http.server'
import { servicesContext } from '~/web/context.server'
import { CollectionFieldsSchema } from '~/lib/collections'

// GET /api/collections: the caller's collections; POST { name, description?, isPublic? } makes one (201).
async function GET({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context)
  const collections = await listUserCollections(context.get(servicesContext).db, user)
  return Response.json({ collections, total: collections.length }, { headers: { 'Cache-Control': 'no-store' } })
}

async function POST({ request, context }: Route.ActionArgs) {
  const user = await requireApiUser(request, context)
  const body = await readApiBody(request, CollectionFieldsSchema)
  if (!body.ok) return body.response
  const created = await createCollection(context.get(servicesContext).db, user, body.value)
  if (!created.ok) return refusalResponse(created)
  return Response.json(created.value, { status: 201, headers: { Location: `/api/collections/${created.value.id}` } })
}

const route = apiRoute<Route.LoaderArgs>({ GET, POST })
export const loader = route.loader
export const action = route.action
