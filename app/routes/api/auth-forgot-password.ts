import type { Route } from './+types/auth-forgot-password'
import { requestPasswordReset } from '~/domain/accounts/accounts.server'
import { afterResponse } from '~/platform/after-response.server'
import { checkRateLimits } from '~/web/rate-limits.server'
import { readApiBody, apiRoute, refusalResponse } from '~/web/http.server'
import { ForgotPasswordSchema } from '~/lib/account-schemas'
import { servicesContext } from '~/web/context.server'

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
  // The look-up and the mail happen after the answer, so it takes the same time either way.
  afterResponse('password reset email', () => requestPasswordReset(db, config, body.value.email))
  return Response.json({ message: 'Password reset email sent. Please check your inbox.' })
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
