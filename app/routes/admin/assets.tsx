import { Page } from '~/components/Page/Page'
import type { Route } from './+types/assets'

export const meta: Route.MetaFunction = () => [{ title: 'Manage Assets | AI Stock Library' }]

export default function AdminAssetsPage() {
  return <Page title="Manage Assets" lead="Edit, publish and delete assets." />
}
