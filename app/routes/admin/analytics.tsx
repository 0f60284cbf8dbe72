import { Page } from '~/components/Page/Page'
import type { Route } from './+types/analytics'

export const meta: Route.MetaFunction = () => [{ title: 'Analytics | AI Stock Library' }]

export default function AdminAnalyticsPage() {
  return <Page title="Analytics" lead="Users, assets, downloads and revenue." />
}
