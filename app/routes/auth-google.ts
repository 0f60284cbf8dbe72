import { redirect } from 'react-router'
import type { Route } from './+types/auth-google'
import { setCookie } from '~/web/cookies.server'
import { googleAuthenticator, googleEnabled, GOOGLE_COOKIE_SECONDS, GOOGLE_NEXT_COOKIE } from '~/web/google.server'
import { afterLoginTarget } from '~/lib/account-schemas'
import { servicesContext } from '~/web/context.server'

// GET /auth/google: off to Google's consent page (the strategy sets the state cookie).
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext)
  if (!googleEnabled(config)) return redirect('/login?error=google_unavailable')
  const next = afterLoginTarget(url.searchParams.get('redirect'), url.searchParams.get('assetId'))
  try {
    await googleAuthenticator(config).authenticate(
      'google',
      new Request(`${config.appUrl}/auth/google`, { headers: request.headers }),
    )
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      thrown.headers.append(
        'Set-Cookie',
        setCookie(context, GOOGLE_NEXT_COOKIE, next, { maxAgeSeconds: GOOGLE_COOKIE_SECONDS, httpOnly: true }),
      )
      return thrown
    }
    throw thrown
  }
  return redirect('/login?error=google')
}
