import type { Route } from './+types/analytics'
import { requireApiAdmin } from '~/web/session.server'
import { adminAnalytics } from '~/domain/admin/admin.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute } from '~/web/http.server'

// GET /api/admin/analytics → users, assets, downloads (today), revenue ($), plus 30 days of
// downloads and sign-ups and the 10 most downloaded assets.
async function GET({ request, context }: Route.LoaderArgs) {
  await requireApiAdmin(request, context)
  const analytics = await adminAnalytics(context.get(servicesContext).db)
  return Response.json(analytics, { headers: { 'Cache-Control': 'no-store' } })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
