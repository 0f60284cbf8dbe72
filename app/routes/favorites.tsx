import { Page } from '~/components/Page/Page'
import type { Route } from './+types/favorites'

export const meta: Route.MetaFunction = () => [{ title: 'Favorites | AI Stock Library' }]

export default function FavoritesPage() {
  return <Page title="Favorites" lead="The assets you saved." />
}
