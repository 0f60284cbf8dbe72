import type { Route } from './+types/analytics'
import { requireApiAdmin } from '~/web/session.server'
import { adminAnalytics } from '~/domain/admin/admin.server'
import { parseWindow } from '~/domain/analytics/figures.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute } from '~/web/http.server'

// GET /api/admin/analytics?days=30|90 → the analytics page's figures: users, assets, downloads
// (today), revenue ($), published, downloads of all time, Pro subscribers; each day of the window
// (views, previews, favourites, downloads, licences, sign-ups); per category and type; the 10
// most downloaded assets; 12 months of subscriptions.
async function GET({ request, context, url }: Route.LoaderArgs) {
  await requireApiAdmin(request, context)
  const analytics = await adminAnalytics(context.get(servicesContext).db, {
    days: parseWindow(url.searchParams.get('days')),
  })
  return Response.json(analytics, { headers: { 'Cache-Control': 'no-store' } })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
