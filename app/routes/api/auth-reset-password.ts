import type { Route } from './+types/auth-reset-password'
import { resetPassword } from '~/domain/accounts/accounts.server'
import { checkRateLimits } from '~/web/rate-limits.server'
import { readApiBody, apiRoute, refusalResponse } from '~/web/http.server'
import { ApiResetPasswordSchema } from '~/lib/account-schemas'
import { servicesContext } from '~/web/context.server'

// POST /api/auth/reset-password {token, password}
async function POST({ request, context }: Route.ActionArgs) {
  const body = await readApiBody(request, ApiResetPasswordSchema)
  if (!body.ok) return body.response
  const limited = await checkRateLimits(context, [{ rule: 'resetPerIp' }])
  if (!limited.ok) return refusalResponse(limited)
  const result = await resetPassword(context.get(servicesContext).db, body.value.token, body.value.password)
  if (!result.ok) return refusalResponse(result)
  return Response.json({ message: 'Password has been reset successfully. You can now log in.' })
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
