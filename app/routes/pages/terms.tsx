import { Page } from '~/components/Page/Page'
import type { Route } from './+types/terms'

export const meta: Route.MetaFunction = () => [{ title: 'Terms of Service | AI Stock Library' }]

export default function TermsPage() {
  return <Page title="Terms of Service" lead="Last updated 22 May 2025." />
}
