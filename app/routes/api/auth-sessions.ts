import type { Route } from './+types/auth-sessions'
import { readSessionToken, requireApiUser } from '~/web/session.server'
import { signOutOtherSessions } from '~/domain/accounts/self-service.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute } from '~/web/http.server'

// DELETE /api/auth/sessions → {signed_out}: every session of the account but this token's.
async function DELETE({ request, context }: Route.ActionArgs) {
  const user = await requireApiUser(request, context)
  const signedOut = await signOutOtherSessions(context.get(servicesContext).db, user.id, readSessionToken(request))
  return Response.json({ signed_out: signedOut })
}

const route = apiRoute<Route.LoaderArgs>({ DELETE })
export const loader = route.loader
export const action = route.action
