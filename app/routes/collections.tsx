import { Page } from '~/components/Page/Page'
import type { Route } from './+types/collections'

export const meta: Route.MetaFunction = () => [{ title: 'Collections | AI Stock Library' }]

export default function CollectionsPage() {
  return <Page title="Collections" lead="Curated groups of assets." />
}
