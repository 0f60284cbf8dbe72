import type { Route } from './+types/assets-bulk'
import { requireApiAdmin } from '~/web/session.server'
import { bulkEditAssets } from '~/domain/catalogue/bulk-edit.server'
import { readApiBody, apiRoute, refusalResponse } from '~/web/http.server'
import { BulkRequestSchema } from '~/lib/admin-assets'
import { servicesContext } from '~/web/context.server'

// POST /api/admin/assets/bulk {ids, action, tags | category | asset_type | publish_at} → what
// changed, what was left and why, and the sentence the admin page shows.
async function POST({ request, context }: Route.ActionArgs) {
  const admin = await requireApiAdmin(request, context)
  const body = await readApiBody(request, BulkRequestSchema)
  if (!body.ok) return body.response
  const result = await bulkEditAssets(context.get(servicesContext), body.value.ids, body.value.change, admin.id)
  if (!result.ok) return refusalResponse(result)
  return Response.json(result.summary, { headers: { 'Cache-Control': 'no-store' } })
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
