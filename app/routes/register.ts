import { redirect } from 'react-router'
import type { Route } from './+types/register'

// /register and /signup, the addresses people type to sign up: the sign-up form is the login
// page's register mode. The query goes along (the login page checks its redirect target).
export function loader({ url }: Route.LoaderArgs) {
  const params = new URLSearchParams(url.search)
  params.set('mode', 'register')
  return redirect(`/login?${params}`, 301)
}
