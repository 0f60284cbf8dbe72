import type { Route } from './+types/auth-email'
import { requireApiUser } from '~/web/session.server'
import { requestEmailChange } from '~/domain/accounts/self-service.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute, readApiBody, refusalResponse } from '~/web/http.server'
import { checkAccountChangeLimits } from '~/web/rate-limits.server'
import { ApiChangeEmailSchema } from '~/lib/account-schemas'
import { EMAIL_CHANGE_SENT } from '~/lib/account-messages'

// POST /api/auth/email {email, current_password} → 202 {message}: a link goes to the new address.
async function POST({ request, context }: Route.ActionArgs) {
  const user = await requireApiUser(request, context)
  const body = await readApiBody(request, ApiChangeEmailSchema)
  if (!body.ok) return body.response
  const limited = await checkAccountChangeLimits(context, user.id)
  if (!limited.ok) return refusalResponse(limited)
  const { db, config } = context.get(servicesContext)
  const result = await requestEmailChange(db, config, user, {
    email: body.value.email,
    currentPassword: body.value.current_password,
  })
  if (!result.ok) return refusalResponse(result)
  return Response.json({ message: EMAIL_CHANGE_SENT }, { status: 202 })
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
