import { Page } from '~/components/Page/Page'
import type { Route } from './+types/forgot-password'

export const meta: Route.MetaFunction = () => [{ title: 'Forgot password | AI Stock Library' }]

export default function ForgotPasswordPage() {
  return <Page title="Forgot password" lead="We will email you a link to set a new password." />
}
