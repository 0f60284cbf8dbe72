import type { Route } from './+types/assets-id-publish'
import { requireApiAdmin } from '~/web/session.server'
import { setPublished } from '~/domain/catalogue/assets.server'
import { sendPrepareDownloads } from '~/domain/downloads/prepare-downloads.server'
import { jsonError, readOptionalApiBody, apiRoute, refusalResponse } from '~/web/http.server'
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
  const body = await readOptionalApiBody(request, PublishSchema)
  if (!body.ok) return body.response
  const isActive = body.value?.is_active ?? true
  const services = context.get(servicesContext)
  // 409 while the asset is being processed (or its processing failed): decision 087.
  const result = await setPublished(services.db, [id], isActive, admin.id)
  if (!result.ok) return refusalResponse(result)
  if (result.ids.length === 0) return notFound()
  // The sizes most taken are made ahead, so the first download does not wait for them.
  if (isActive) await sendPrepareDownloads(services.jobs, result.ids)
  return Response.json({ id, is_active: isActive }, { headers: { 'Cache-Control': 'no-store' } })
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
