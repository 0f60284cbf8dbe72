import type { Route } from './+types/auth-logout'
import { clearSessionCookie, readSessionToken } from '~/web/session.server'
import { deleteSession } from '~/domain/accounts/sessions.server'
import { apiRoute } from '~/web/http.server'
import { servicesContext } from '~/web/context.server'

// POST /api/auth/logout: ends the session of the token (bearer or cookie), for both doors.
async function POST({ request, context }: Route.ActionArgs) {
  const token = readSessionToken(request)
  if (token) await deleteSession(context.get(servicesContext).db, token)
  return Response.json({ ok: true }, { headers: { 'Set-Cookie': clearSessionCookie(context) } })
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
