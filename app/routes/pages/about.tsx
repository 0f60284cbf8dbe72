import { Page } from '~/components/Page/Page'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = () => [{ title: 'About | AI Stock Library' }]

export default function AboutPage() {
  return <Page title="About" lead="One artist, a growing library of AI-generated assets." />
}
