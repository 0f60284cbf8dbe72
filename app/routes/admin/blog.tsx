import { Page } from '~/components/Page/Page'
import type { Route } from './+types/blog'

export const meta: Route.MetaFunction = () => [{ title: 'Blog Posts | AI Stock Library' }]

export default function AdminBlogPage() {
  return <Page title="Blog Posts" lead="Write and edit the blog." />
}
