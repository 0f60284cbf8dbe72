import type { Route } from './+types/auth-login'
import { rateLimitedJson, throttledSignIn } from '~/web/rate-limits.server'
import { jsonError, readApiBody, apiRoute } from '~/web/http.server'
import { LoginSchema } from '~/lib/account-schemas'
import { refusalStatus } from '~/web/refusals.server'

// POST /api/auth/login {email, password} → {token}: the API's authToken, a session like the cookie's.
async function POST({ request, context }: Route.ActionArgs) {
  const body = await readApiBody(request, LoginSchema)
  if (!body.ok) return body.response
  const result = await throttledSignIn(request, context, body.value)
  if (!result.ok && result.reason === 'rate-limited') return rateLimitedJson(result)
  if (!result.ok) return jsonError(refusalStatus(result.reason), result.error)
  return Response.json(
    { token: result.token, expiresAt: result.expiresAt.toISOString() },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
