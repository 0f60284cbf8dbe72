import type { Route } from './+types/auth-password'
import { readSessionToken, requireApiUser } from '~/web/session.server'
import { changePassword } from '~/domain/accounts/self-service.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute, readApiBody, refusalResponse } from '~/web/http.server'
import { checkAccountChangeLimits } from '~/web/rate-limits.server'
import { ApiChangePasswordSchema } from '~/lib/account-schemas'
import { PASSWORD_CHANGED } from '~/lib/account-messages'

// POST /api/auth/password {current_password, new_password} → {message}: this token stays signed in.
async function POST({ request, context }: Route.ActionArgs) {
  const user = await requireApiUser(request, context)
  const body = await readApiBody(request, ApiChangePasswordSchema)
  if (!body.ok) return body.response
  const limited = await checkAccountChangeLimits(context, user.id)
  if (!limited.ok) return refusalResponse(limited)
  const result = await changePassword(context.get(servicesContext).db, user, {
    currentPassword: body.value.current_password,
    newPassword: body.value.new_password,
    keepSessionToken: readSessionToken(request),
  })
  if (!result.ok) return refusalResponse(result)
  return Response.json({ message: PASSWORD_CHANGED })
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
