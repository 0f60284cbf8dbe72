import { redirect } from 'react-router'
import type { Route } from './+types/auth-google'
import { clearCookie, setCookie } from '~/web/cookies.server'
import {
  googleAuthenticator,
  googleEnabled,
  GOOGLE_COOKIE_SECONDS,
  GOOGLE_FAVOURITE_COOKIE,
  GOOGLE_NEXT_COOKIE,
} from '~/web/google.server'
import { resumeTarget, signInResume } from '~/lib/redirects'
import { servicesContext } from '~/web/context.server'

// GET /auth/google: off to Google's consent page (the strategy sets the state cookie).
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext)
  if (!googleEnabled(config)) return redirect('/login?error=google_unavailable')
  const resume = signInResume(url.searchParams)
  // A favourite to save waits in its own cookie and is saved by the callback; the way back is a path.
  const favourite = resume.intent === 'favourite' ? resume.assetId : null
  const next = favourite ? resume.back : resumeTarget(resume)
  try {
    await googleAuthenticator(config).authenticate(
      'google',
      new Request(`${config.appUrl}/auth/google`, { headers: request.headers }),
    )
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const options = { maxAgeSeconds: GOOGLE_COOKIE_SECONDS, httpOnly: true }
      thrown.headers.append('Set-Cookie', setCookie(context, GOOGLE_NEXT_COOKIE, next, options))
      // An earlier start's favourite is never saved by this one.
      thrown.headers.append(
        'Set-Cookie',
        favourite
          ? setCookie(context, GOOGLE_FAVOURITE_COOKIE, String(favourite), options)
          : clearCookie(context, GOOGLE_FAVOURITE_COOKIE, { httpOnly: true }),
      )
      return thrown
    }
    throw thrown
  }
  return redirect('/login?error=google')
}
