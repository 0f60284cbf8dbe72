import type { Route } from './+types/auth-me'
import { publicUser, requireApiUser } from '~/auth.server'
import { downloadsToday } from '~/domain/downloads.server'
import { servicesContext } from '~/services.server'

// GET /api/auth/me (bearer or cookie) → {user}
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context)
  const downloads_today = await downloadsToday(context.get(servicesContext).db, user.id)
  return Response.json({ user: { ...publicUser(user), downloads_today } }, { headers: { 'Cache-Control': 'no-store' } })
}
