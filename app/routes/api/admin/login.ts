import type { Route } from './+types/login'
import { signInWithPassword } from '~/domain/accounts.server'
import { checkLoginRateLimits, noteFailedLogin, rateLimitedJson } from '~/web/rate-limits.server'
import { jsonError, readApiBody, methodNotAllowed } from '~/web/http.server'
import { LoginSchema } from '~/lib/account-schemas'
import { servicesContext } from '~/web/context.server'

// POST /api/admin/login: like /api/auth/login, but only an admin gets a token.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const body = await readApiBody(request, LoginSchema)
  if (!body.ok) return body.response
  const limited = await checkLoginRateLimits(context, body.value.email)
  if (limited) return rateLimitedJson(limited)
  const result = await signInWithPassword(context.get(servicesContext).db, { ...body.value, requireAdmin: true, userAgent: request.headers.get('user-agent') })
  if (!result.ok) await noteFailedLogin(context, body.value.email)
  if (!result.ok) return jsonError(result.status, result.error)
  return Response.json({ token: result.token, expiresAt: result.expiresAt.toISOString() }, { headers: { 'Cache-Control': 'no-store' } })
}

// Any other method gets a JSON 405, not the router's generic error.
export const loader = () => methodNotAllowed('POST')
