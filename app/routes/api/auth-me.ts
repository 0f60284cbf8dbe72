import type { Route } from './+types/auth-me'
import { publicUser, requireApiUser } from '~/web/session.server'
import { downloadsToday } from '~/domain/downloads/downloads.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute } from '~/web/http.server'

// GET /api/auth/me (bearer or cookie) → {user}
async function GET({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context)
  const downloads_today = await downloadsToday(context.get(servicesContext).db, user.id)
  return Response.json({ user: { ...publicUser(user), downloads_today } }, { headers: { 'Cache-Control': 'no-store' } })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
