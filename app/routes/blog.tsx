import { Page } from '~/components/Page/Page'
import type { Route } from './+types/blog'

export const meta: Route.MetaFunction = () => [{ title: 'Blog | AI Stock Library' }]

export default function BlogPage() {
  return <Page title="Blog" lead="News, tutorials and behind the scenes." />
}
