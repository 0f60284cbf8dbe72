import { Page } from '~/components/Page/Page'
import type { Route } from './+types/users'

export const meta: Route.MetaFunction = () => [{ title: 'Users | AI Stock Library' }]

export default function AdminUsersPage() {
  return <Page title="Users" lead="Everyone who has an account." />
}
