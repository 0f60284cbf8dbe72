import { Page } from '~/components/Page/Page'
import type { Route } from './+types/blog-post'

export default function BlogPostPage({ params }: Route.ComponentProps) {
  return <Page title={params.slug} />
}
