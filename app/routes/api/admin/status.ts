import type { Route } from './+types/status'
import { requireApiAdmin } from '~/web/session.server'
import { jobStatus, systemStatus } from '~/domain/admin/system-status.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute } from '~/web/http.server'

// GET /api/admin/status → serverHealth, database, storage, apiResponseTime, errorRate, details,
// and jobs (the queue's waiting, running and failed jobs with their age and failure reason).
async function GET({ request, context }: Route.LoaderArgs) {
  await requireApiAdmin(request, context)
  const { db, storage, config, jobs } = context.get(servicesContext)
  const [status, queue] = await Promise.all([systemStatus(db, storage, config), jobStatus(jobs)])
  return Response.json({ ...status, jobs: queue }, { headers: { 'Cache-Control': 'no-store' } })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
