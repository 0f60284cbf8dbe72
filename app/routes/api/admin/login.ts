import type { Route } from './+types/login'
import { throttledSignIn } from '~/web/rate-limits.server'
import { readApiBody, apiRoute, refusalResponse } from '~/web/http.server'
import { LoginSchema } from '~/lib/account-schemas'

// POST /api/admin/login: like /api/auth/login, but only an admin gets a token.
async function POST({ request, context }: Route.ActionArgs) {
  const body = await readApiBody(request, LoginSchema)
  if (!body.ok) return body.response
  const result = await throttledSignIn(request, context, { ...body.value, requireAdmin: true })
  if (!result.ok) return refusalResponse(result)
  return Response.json(
    { token: result.token, expiresAt: result.expiresAt.toISOString() },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
