import { data, redirect } from 'react-router'
import type { Route } from './+types/color-scheme'
import { readForm } from '~/web/http.server'
import { clearCookie, setCookie } from '~/web/cookies.server'
import { COLOR_SCHEMES, COLOR_SCHEME_COOKIE, type ColorSchemeChoice } from '~/lib/color-scheme'
import { safeRedirectPath } from '~/lib/redirects'

// The colour scheme toggle: a form post that sets a cookie the server reads on every page, so
// the first paint is already in the chosen scheme, with or without JavaScript. 'auto' clears
// it and the page follows the system again.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const scheme = form.get('scheme')
  if (typeof scheme !== 'string' || !(COLOR_SCHEMES as readonly string[]).includes(scheme)) {
    throw data('Choose light, dark or auto.', { status: 400 })
  }
  const cookie =
    (scheme as ColorSchemeChoice) === 'auto'
      ? clearCookie(context, COLOR_SCHEME_COOKIE)
      : setCookie(context, COLOR_SCHEME_COOKIE, scheme, { maxAgeSeconds: 365 * 86_400 })
  const back = safeRedirectPath(
    typeof form.get('redirectTo') === 'string' ? (form.get('redirectTo') as string) : null,
    '/',
  )
  return redirect(back, { status: 303, headers: { 'Set-Cookie': cookie } })
}

export function loader() {
  return redirect('/')
}
