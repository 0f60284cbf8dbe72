import type { Route } from './+types/auth-logout'
import { clearSessionCookie, readSessionToken } from '~/web/session.server'
import { deleteSession } from '~/domain/sessions.server'
import { methodNotAllowed } from '~/web/http.server'
import { servicesContext } from '~/web/context.server'

// POST /api/auth/logout: ends the session of the token (bearer or cookie), for both doors.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const token = readSessionToken(request)
  if (token) await deleteSession(context.get(servicesContext).db, token)
  return Response.json({ ok: true }, { headers: { 'Set-Cookie': clearSessionCookie(context) } })
}

// Any other method gets a JSON 405, not the router's generic error.
export const loader = () => methodNotAllowed('POST')
