import { Page } from '~/components/Page/Page'

export default function AdminDashboardPage() {
  return <Page title="Admin Dashboard" />
}
