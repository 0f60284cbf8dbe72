import { Page } from '~/components/Page/Page'
import type { Route } from './+types/pricing'

export const meta: Route.MetaFunction = () => [{ title: 'Pricing | AI Stock Library' }]

export default function PricingPage() {
  return <Page title="Pricing" lead="Free for 5 downloads a day; Pro for unlimited downloads." />
}
