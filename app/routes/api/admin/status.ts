import type { Route } from './+types/status'
import { requireApiAdmin } from '~/web/session.server'
import { systemStatus } from '~/domain/system-status.server'
import { servicesContext } from '~/web/context.server'
import { methodNotAllowed } from '~/web/http.server'

// GET /api/admin/status → serverHealth, database, storage, apiResponseTime, errorRate, details.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApiAdmin(request, context)
  const { db, storage, config } = context.get(servicesContext)
  return Response.json(await systemStatus(db, storage, config), { headers: { 'Cache-Control': 'no-store' } })
}

// Any other method gets a JSON 405, not the router's generic error.
export const action = () => methodNotAllowed('GET')
