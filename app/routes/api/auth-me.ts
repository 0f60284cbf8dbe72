import type { Route } from './+types/auth-me'
import { publicUser, requireApiUser } from '~/web/session.server'
import { downloadsToday } from '~/domain/downloads.server'
import { servicesContext } from '~/web/context.server'
import { methodNotAllowed } from '~/web/http.server'

// GET /api/auth/me (bearer or cookie) → {user}
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context)
  const downloads_today = await downloadsToday(context.get(servicesContext).db, user.id)
  return Response.json({ user: { ...publicUser(user), downloads_today } }, { headers: { 'Cache-Control': 'no-store' } })
}

// Any other method gets a JSON 405, not the router's generic error.
export const action = () => methodNotAllowed('GET')
