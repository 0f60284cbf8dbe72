import { Page } from '~/components/Page/Page'
import type { Route } from './+types/contact'

export const meta: Route.MetaFunction = () => [{ title: 'Contact | AI Stock Library' }]

export default function ContactPage() {
  return <Page title="Contact" lead="Questions, custom or exclusive asset requests: we reply within 1-2 business days." />
}
