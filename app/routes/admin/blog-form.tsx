import { Page } from '~/components/Page/Page'
import type { Route } from './+types/blog-form'

export default function AdminBlogFormPage({ params }: Route.ComponentProps) {
  return <Page title={params.id ? 'Edit Blog Post' : 'New Blog Post'} />
}
