import type { Route } from './+types/auth-me'
import { clearSessionCookie, publicUser, requireApiSignedIn, requireApiUser } from '~/web/session.server'
import { changeName, deleteAccount } from '~/domain/accounts/self-service.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute, readApiBody, refusalResponse } from '~/web/http.server'
import { checkAccountChangeLimits } from '~/web/rate-limits.server'
import { ApiChangeNameSchema, ApiDeleteAccountSchema } from '~/lib/account-schemas'
import { ACCOUNT_DELETED } from '~/lib/account-messages'

// GET /api/auth/me (bearer or cookie) → {user}
async function GET({ request, context }: Route.LoaderArgs) {
  const { user, usedToday } = await requireApiSignedIn(request, context)
  return Response.json(
    { user: { ...publicUser(user), downloads_today: usedToday } },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

// PATCH /api/auth/me {full_name} → {user}
async function PATCH({ request, context }: Route.ActionArgs) {
  const user = await requireApiUser(request, context)
  const body = await readApiBody(request, ApiChangeNameSchema)
  if (!body.ok) return body.response
  const updated = await changeName(context.get(servicesContext).db, user.id, body.value.full_name)
  return Response.json({ user: publicUser(updated) })
}

// DELETE /api/auth/me {current_password} → {message}: the account goes, and its sessions with it.
async function DELETE({ request, context }: Route.ActionArgs) {
  const user = await requireApiUser(request, context)
  const body = await readApiBody(request, ApiDeleteAccountSchema)
  if (!body.ok) return body.response
  const limited = await checkAccountChangeLimits(context, user.id)
  if (!limited.ok) return refusalResponse(limited)
  const { db, config } = context.get(servicesContext)
  const result = await deleteAccount(db, config, user, body.value.current_password)
  if (!result.ok) return refusalResponse(result)
  return Response.json({ message: ACCOUNT_DELETED }, { headers: { 'Set-Cookie': clearSessionCookie(context) } })
}

const route = apiRoute<Route.LoaderArgs>({ GET, PATCH, DELETE })
export const loader = route.loader
export const action = route.action
