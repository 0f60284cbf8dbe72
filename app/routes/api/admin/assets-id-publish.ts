import type { Route } from './+types/assets-id-publish'
import { requireApiAdmin } from '~/web/session.server'
import { setPublished } from '~/domain/catalogue/assets.server'
import { jsonError, readApiBody, apiRoute, refusalResponse } from '~/web/http.server'
import { PublishSchema } from '~/lib/admin-assets'
import { parseId } from '~/lib/ids'
import { servicesContext } from '~/web/context.server'

const notFound = () => jsonError(404, 'Asset not found', { reason: 'asset-not-found' })

// POST /api/admin/assets/{id}/publish {is_active} → publish (true, the default) or back to draft.
async function POST({ request, params, context }: Route.ActionArgs) {
  const admin = await requireApiAdmin(request, context)
  const id = parseId(params.id)
  if (!id) return notFound()
  // An empty body means 'publish'.
  const empty = !request.headers.get('content-type') && (request.headers.get('content-length') ?? '0') === '0'
  let isActive = true
  if (!empty) {
    const body = await readApiBody(request, PublishSchema)
    if (!body.ok) return body.response
    isActive = body.value.is_active
  }
  // 409 while the asset is being processed (or its processing failed): decision 087.
  const result = await setPublished(context.get(servicesContext).db, [id], isActive, admin.id)
  if (!result.ok) return refusalResponse(result)
  if (result.ids.length === 0) return notFound()
  return Response.json({ id, is_active: isActive }, { headers: { 'Cache-Control': 'no-store' } })
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
