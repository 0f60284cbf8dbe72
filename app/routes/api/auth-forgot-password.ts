import type { Route } from './+types/auth-forgot-password'
import { requestPasswordReset } from '~/domain/accounts/accounts.server'
import { log } from '~/platform/log.server'
import { checkRateLimits } from '~/web/rate-limits.server'
import { jsonError, readApiBody, apiRoute, refusalResponse } from '~/web/http.server'
import { ForgotPasswordSchema } from '~/lib/account-schemas'
import { servicesContext } from '~/web/context.server'
import { errorMessage } from '~/lib/errors'

// POST /api/auth/forgot-password {email}: the same answer whether or not the email is registered.
async function POST({ request, context }: Route.ActionArgs) {
  const body = await readApiBody(request, ForgotPasswordSchema)
  if (!body.ok) return body.response
  const limited = await checkRateLimits(context, [
    { rule: 'forgotPerIp' },
    { rule: 'forgotPerEmail', subject: body.value.email },
  ])
  if (!limited.ok) return refusalResponse(limited)
  const { db, config } = context.get(servicesContext)
  try {
    await requestPasswordReset(db, config, body.value.email)
  } catch (error) {
    log.error('password reset email failed', { error: errorMessage(error) })
    return jsonError(502, 'Failed to send password reset email.')
  }
  return Response.json({ message: 'Password reset email sent. Please check your inbox.' })
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
