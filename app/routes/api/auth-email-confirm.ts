import type { Route } from './+types/auth-email-confirm'
import { publicUser } from '~/web/session.server'
import { confirmEmailChange } from '~/domain/accounts/self-service.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute, readApiBody, refusalResponse } from '~/web/http.server'
import { checkRateLimits } from '~/web/rate-limits.server'
import { ApiConfirmEmailSchema } from '~/lib/account-schemas'
import { EMAIL_CHANGED } from '~/lib/account-messages'

// POST /api/auth/email/confirm {token} → {message, user}: the token of the link is the proof.
async function POST({ request, context }: Route.ActionArgs) {
  const body = await readApiBody(request, ApiConfirmEmailSchema)
  if (!body.ok) return body.response
  const limited = await checkRateLimits(context, [{ rule: 'emailConfirmPerIp' }])
  if (!limited.ok) return refusalResponse(limited)
  const { db, config } = context.get(servicesContext)
  const result = await confirmEmailChange(db, config, body.value.token)
  if (!result.ok) return refusalResponse(result)
  return Response.json({ message: EMAIL_CHANGED, user: publicUser(result.user) })
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
