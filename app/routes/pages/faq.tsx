import { Page } from '~/components/Page/Page'
import type { Route } from './+types/faq'

export const meta: Route.MetaFunction = () => [{ title: 'FAQ | AI Stock Library' }]

export default function FaqPage() {
  return <Page title="FAQ" lead="Frequently asked questions." />
}
