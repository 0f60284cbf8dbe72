import { Page } from '~/components/Page/Page'
import type { Route } from './+types/help'

export const meta: Route.MetaFunction = () => [{ title: 'Help Center | AI Stock Library' }]

export default function HelpPage() {
  return <Page title="Help Center" lead="Answers to common questions." />
}
