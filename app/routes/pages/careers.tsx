import { Page } from '~/components/Page/Page'
import type { Route } from './+types/careers'

export const meta: Route.MetaFunction = () => [{ title: 'Careers | AI Stock Library' }]

export default function CareersPage() {
  return <Page title="Careers" lead="Work with us." />
}
