import { Page } from '~/components/Page/Page'
import type { Route } from './+types/system-status'

export const meta: Route.MetaFunction = () => [{ title: 'System Status | AI Stock Library' }]

export default function AdminSystemStatusPage() {
  return <Page title="System Status" lead="Health of the server, database and storage." />
}
