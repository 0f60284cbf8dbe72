import type { Route } from './+types/auth-billing-history'
import { requireApiUser } from '~/web/session.server'
import { billingHistory } from '~/domain/billing/billing.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute } from '~/web/http.server'

// GET /api/auth/billing/history (bearer or cookie) → {history: [{description, date, amount, currency}]}
async function GET({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context)
  const history = await billingHistory(context.get(servicesContext).db, user.id)
  return Response.json({ history }, { headers: { 'Cache-Control': 'no-store' } })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
