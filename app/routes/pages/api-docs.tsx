import { Page } from '~/components/Page/Page'
import type { Route } from './+types/api-docs'

export const meta: Route.MetaFunction = () => [{ title: 'API | AI Stock Library' }]

export default function ApiDocsPage() {
  return <Page title="API" lead="The public JSON API of the library." />
}
