import { redirect } from 'react-router'
import type { Route } from './+types/billing-portal'
import { getUser } from '~/web/session.server'
import { createPortalSession } from '~/domain/billing/billing.server'
import { servicesContext } from '~/web/context.server'
import { loginHref } from '~/lib/redirects'

// POST /billing/portal ('Manage subscription'): a plain form post answered with a 303 to
// Stripe's Billing Portal. A failure goes back to /pricing, which explains it.
export function loader() {
  return redirect('/pricing')
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getUser(request, context)
  if (!user) return redirect(loginHref('/pricing'), 303)
  const { db, config } = context.get(servicesContext)
  const result = await createPortalSession(db, config, user)
  if (!result.ok) return redirect(`/pricing?billing=${result.reason}`, 303)
  return redirect(result.url, 303)
}
