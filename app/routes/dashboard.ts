import { redirect } from 'react-router'

// /dashboard is the default target after login and redirects to /profile.
export function loader() {
  return redirect('/profile')
}
