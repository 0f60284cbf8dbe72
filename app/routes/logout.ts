import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { clearSessionCookie, readSessionToken } from '~/web/session.server'
import { deleteSession } from '~/domain/accounts/sessions.server'
import { LOGOUT_REDIRECT } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'

// Logout is a POST (a GET link could be triggered by any page): the session row goes, so the
// same token stops working for the API too.
export async function action({ request, context }: Route.ActionArgs) {
  const token = readSessionToken(request)
  if (token) await deleteSession(context.get(servicesContext).db, token)
  return redirect(LOGOUT_REDIRECT, { headers: { 'Set-Cookie': clearSessionCookie(context) } })
}

export function loader() {
  return redirect('/')
}
