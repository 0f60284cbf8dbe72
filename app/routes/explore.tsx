import { Page } from '~/components/Page/Page'
import type { Route } from './+types/explore'

export const meta: Route.MetaFunction = () => [{ title: 'Explore assets | AI Stock Library' }]

export default function ExplorePage() {
  return <Page title="Explore assets" lead="Search and browse the whole library." />
}
