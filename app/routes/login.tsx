import { Page } from '~/components/Page/Page'

export default function LoginPage() {
  return <Page title="Sign in" size="sm" />
}
