import type { Route } from './+types/analytics'
import { requireApiAdmin } from '~/web/session.server'
import { adminAnalytics } from '~/domain/admin.server'
import { servicesContext } from '~/web/context.server'
import { methodNotAllowed } from '~/web/http.server'

// GET /api/admin/analytics → users, assets, downloads (today), revenue ($), plus 30 days of
// downloads and sign-ups and the 10 most downloaded assets.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireApiAdmin(request, context)
  const analytics = await adminAnalytics(context.get(servicesContext).db)
  return Response.json(analytics, { headers: { 'Cache-Control': 'no-store' } })
}

// Any other method gets a JSON 405, not the router's generic error.
export const action = () => methodNotAllowed('GET')
