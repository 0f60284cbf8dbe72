import { Page } from '~/components/Page/Page'
import type { Route } from './+types/profile'

export const meta: Route.MetaFunction = () => [{ title: 'Profile | AI Stock Library' }]

export default function ProfilePage() {
  return <Page title="Profile" lead="Your downloads, favourites and plan." />
}
