import { Page } from '~/components/Page/Page'
import type { Route } from './+types/license'

export const meta: Route.MetaFunction = () => [{ title: 'License Agreement | AI Stock Library' }]

export default function LicensePage() {
  return <Page title="License Agreement" lead="Effective 23 March 2025." />
}
