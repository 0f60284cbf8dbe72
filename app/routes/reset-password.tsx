import { Page } from '~/components/Page/Page'
import type { Route } from './+types/reset-password'

export const meta: Route.MetaFunction = () => [{ title: 'Reset password | AI Stock Library' }]

export default function ResetPasswordPage() {
  return <Page title="Reset password" lead="Choose a new password." />
}
