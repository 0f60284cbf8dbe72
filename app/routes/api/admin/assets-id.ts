import type { Route } from './+types/assets-id'
import { requireApiAdmin } from '~/web/session.server'
import { deleteAssets, getAssetForAdmin } from '~/domain/catalogue/assets.server'
import { editAsset } from '~/domain/catalogue/scheduled-publishing.server'
import { jsonError, readApiBody, apiRoute, refusalResponse } from '~/web/http.server'
import { AssetChangesSchema } from '~/lib/admin-assets'
import { parseId } from '~/lib/ids'
import { servicesContext } from '~/web/context.server'

const NO_STORE = { 'Cache-Control': 'no-store' }
const NOT_FOUND = 'Asset not found'
// A path id that is not one answers like an asset that does not exist.
const notFound = () => jsonError(404, NOT_FOUND, { reason: 'asset-not-found' })

// GET /api/admin/assets/{id} → the asset, draft or not.
async function GET({ request, params, context }: Route.LoaderArgs) {
  await requireApiAdmin(request, context)
  const id = parseId(params.id)
  if (!id) return notFound()
  const asset = await getAssetForAdmin(context.get(servicesContext).db, id)
  return asset ? Response.json(asset, { headers: NO_STORE }) : notFound()
}

// PUT (or PATCH) /api/admin/assets/{id} (title, description, tags, category, is_active, asset_type,
// publish_at) → the asset.
async function PUT({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireApiAdmin(request, context)
  const id = parseId(params.id)
  if (!id) return notFound()
  const body = await readApiBody(request, AssetChangesSchema)
  if (!body.ok) return body.response
  // No such asset (404), a type the file does not allow (400: audio is audio; an image is 3D or
  // image), a schedule for an asset already live (409).
  const result = await editAsset(context.get(servicesContext), id, body.value, admin.id)
  if (!result.ok) return refusalResponse(result)
  return Response.json(result.asset, { headers: NO_STORE })
}

// DELETE /api/admin/assets/{id} removes the row and its files.
async function DELETE({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireApiAdmin(request, context)
  const id = parseId(params.id)
  if (!id) return notFound()
  const { db, storage } = context.get(servicesContext)
  const deleted = await deleteAssets(db, storage, [id], admin.id)
  return deleted ? Response.json({ ok: true, id }, { headers: NO_STORE }) : notFound()
}

const route = apiRoute<Route.LoaderArgs>({ GET, PUT, PATCH: PUT, DELETE })
export const loader = route.loader
export const action = route.action
