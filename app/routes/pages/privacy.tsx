import { Page } from '~/components/Page/Page'
import type { Route } from './+types/privacy'

export const meta: Route.MetaFunction = () => [{ title: 'Privacy Policy | AI Stock Library' }]

export default function PrivacyPage() {
  return <Page title="Privacy Policy" lead="Last updated 30 March 2025." />
}
