import { Page } from '~/components/Page/Page'
import type { Route } from './+types/categories'

export const meta: Route.MetaFunction = () => [{ title: 'Categories | AI Stock Library' }]

export default function CategoriesPage() {
  return <Page title="Categories" lead="Browse the library by category." />
}
