import type { Route } from './+types/status'
import { requireApiAdmin } from '~/web/session.server'
import { systemStatus } from '~/domain/admin/system-status.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute } from '~/web/http.server'

// GET /api/admin/status → serverHealth, database, storage, apiResponseTime, errorRate, details.
async function GET({ request, context }: Route.LoaderArgs) {
  await requireApiAdmin(request, context)
  const { db, storage, config } = context.get(servicesContext)
  return Response.json(await systemStatus(db, storage, config), { headers: { 'Cache-Control': 'no-store' } })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
