import type { Route } from './+types/billing-history'
import { requireApiUser } from '~/web/session.server'
import { billingHistory } from '~/domain/billing.server'
import { servicesContext } from '~/web/context.server'
import { methodNotAllowed } from '~/web/http.server'

// GET /api/auth/billing/history (bearer or cookie) → {history: [{description, date, amount, currency}]}
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context)
  const history = await billingHistory(context.get(servicesContext).db, user.id)
  return Response.json({ history }, { headers: { 'Cache-Control': 'no-store' } })
}

// Any other method gets a JSON 405, not the router's generic error.
export const action = () => methodNotAllowed('GET')
