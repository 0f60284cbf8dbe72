import type { Route } from './+types/auth-register'
import { registerAccount } from '~/domain/accounts/accounts.server'
import { checkRateLimits } from '~/web/rate-limits.server'
import { readApiBody, apiRoute, refusalResponse } from '~/web/http.server'
import { ApiRegisterSchema } from '~/lib/account-schemas'
import { publicUser } from '~/web/session.server'
import { servicesContext } from '~/web/context.server'

// POST /api/auth/register {email, password, full_name} → 201 {user}; 409 for a taken email.
async function POST({ request, context }: Route.ActionArgs) {
  const body = await readApiBody(request, ApiRegisterSchema)
  if (!body.ok) return body.response
  const limited = await checkRateLimits(context, [
    { rule: 'registerPerIp' },
    { rule: 'registerPerEmail', subject: body.value.email },
  ])
  if (!limited.ok) return refusalResponse(limited)
  const result = await registerAccount(context.get(servicesContext).db, {
    fullName: body.value.full_name,
    email: body.value.email,
    password: body.value.password,
  })
  if (!result.ok) return refusalResponse(result)
  return Response.json({ user: publicUser(result.user) }, { status: 201 })
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
