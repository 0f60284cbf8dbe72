import type { Route } from './+types/asset'
import { requireApiAdmin } from '~/web/session.server'
import { AssetTypeError, deleteAssets, getAssetForAdmin, updateAsset } from '~/domain/assets.server'
import { jsonError, readApiBody, methodNotAllowed } from '~/web/http.server'
import { AssetChangesSchema, IdSchema } from '~/lib/admin-assets'
import { servicesContext } from '~/web/context.server'

const NO_STORE = { 'Cache-Control': 'no-store' }
const NOT_FOUND = 'Asset not found'

// GET /api/admin/assets/{id} → the asset, draft or not.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireApiAdmin(request, context)
  const id = IdSchema.safeParse(params.id)
  if (!id.success) return jsonError(400, id.error.issues[0]?.message ?? 'Invalid id.')
  const asset = await getAssetForAdmin(context.get(servicesContext).db, id.data)
  return asset ? Response.json(asset, { headers: NO_STORE }) : jsonError(404, NOT_FOUND)
}

// PUT /api/admin/assets/{id} (title, description, tags, category, is_active, asset_type) → the asset;
// DELETE /api/admin/assets/{id} removes the row and its files.
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireApiAdmin(request, context)
  const id = IdSchema.safeParse(params.id)
  if (!id.success) return jsonError(400, id.error.issues[0]?.message ?? 'Invalid id.')
  const { db, storage } = context.get(servicesContext)
  switch (request.method) {
    case 'PUT':
    case 'PATCH': {
      const body = await readApiBody(request, AssetChangesSchema)
      if (!body.ok) return body.response
      let asset
      try {
        asset = await updateAsset(db, id.data, body.value, admin.id)
      } catch (error) {
        if (error instanceof AssetTypeError) return jsonError(400, error.message)
        throw error
      }
      return asset ? Response.json(asset, { headers: NO_STORE }) : jsonError(404, NOT_FOUND)
    }
    case 'DELETE': {
      const deleted = await deleteAssets(db, storage, [id.data], admin.id)
      return deleted ? Response.json({ ok: true, id: id.data }, { headers: NO_STORE }) : jsonError(404, NOT_FOUND)
    }
    default:
      return methodNotAllowed('GET', 'PUT', 'DELETE')
  }
}
