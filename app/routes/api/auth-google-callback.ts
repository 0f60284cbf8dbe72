import { redirect } from 'react-router'
import type { Route } from './+types/auth-google-callback'
import { readCookie, sessionCookie } from '~/web/session.server'
import { signInWithGoogle } from '~/domain/accounts/accounts.server'
import { log } from '~/platform/log.server'
import {
  googleAuthenticator,
  googleEnabled,
  GOOGLE_FAVOURITE_COOKIE,
  GOOGLE_NEXT_COOKIE,
  GOOGLE_STATE_COOKIE,
} from '~/web/google.server'
import { clearCookie } from '~/web/cookies.server'
import { safeRedirectPath } from '~/lib/redirects'
import { DEFAULT_AFTER_LOGIN } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { apiRoute } from '~/web/http.server'
import { errorMessage } from '~/lib/errors'
import { parseId } from '~/lib/ids'
import { finishSignIn } from '~/web/sign-in-resume.server'

// GET /api/auth/google/callback: Google sends the browser back here with a code. The strategy
// checks the state cookie and exchanges the code; we open a session and set our cookie.
async function GET({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext)
  if (!googleEnabled(config)) return redirect('/login?error=google_unavailable')
  const clear = [GOOGLE_STATE_COOKIE, GOOGLE_NEXT_COOKIE, GOOGLE_FAVOURITE_COOKIE].map((name) =>
    clearCookie(context, name, { httpOnly: true }),
  )
  let profile: Awaited<ReturnType<ReturnType<typeof googleAuthenticator>['authenticate']>>
  try {
    profile = await googleAuthenticator(config).authenticate('google', request)
  } catch (error) {
    log.warn('google sign-in failed', { error: errorMessage(error) })
    const headers = new Headers()
    for (const c of clear) headers.append('Set-Cookie', c)
    return redirect('/login?error=google', { headers })
  }
  const result = await signInWithGoogle(db, profile, request.headers.get('user-agent'))
  const headers = new Headers()
  for (const c of clear) headers.append('Set-Cookie', c)
  if (!result.ok) return redirect('/login?error=google_unverified', { headers })
  headers.append('Set-Cookie', sessionCookie(context, result.token))
  const favourite = parseId(readCookie(request, GOOGLE_FAVOURITE_COOKIE)) ?? null
  const target = await finishSignIn(db, result.user.id, {
    back: safeRedirectPath(readCookie(request, GOOGLE_NEXT_COOKIE), DEFAULT_AFTER_LOGIN),
    intent: favourite ? 'favourite' : null,
    assetId: favourite,
  })
  return redirect(target, { headers })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
