import { Alert, Anchor, Container, Paper, Title } from '@mantine/core'
import { data, Link } from 'react-router'
import type { Route } from './+types/confirm-email'
import { confirmEmailChange } from '~/domain/accounts/self-service.server'
import { EMAIL_CHANGED } from '~/lib/account-messages'
import { MISSING_EMAIL_TOKEN } from '~/lib/account-schemas'
import { ACCOUNT_PATH, SITE_NAME } from '~/lib/constants'
import { withSharing } from '~/lib/sharing'
import { servicesContext } from '~/web/context.server'
import { checkRateLimits } from '~/web/rate-limits.server'
import { refusalStatus } from '~/web/refusals.server'

const pageMeta: Route.MetaFunction = () => [
  { title: `Confirm your email | ${SITE_NAME}` },
  { name: 'description', content: 'Confirm the new email address of your account.' },
]

// The link mailed to a new address: following it is the proof that the address is the
// person's, so the loader spends the token (single use, like a sign-in link).
// A link that cannot confirm answers with its status (400, 429), as the JSON API does.
export async function loader({ context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get('token') ?? ''
  if (!token || token.length > 200) return data({ ok: false, message: MISSING_EMAIL_TOKEN }, { status: 400 })
  const limited = await checkRateLimits(context, [{ rule: 'emailConfirmPerIp' }])
  if (!limited.ok)
    return data(
      { ok: false, message: limited.error },
      { status: 429, headers: { 'Retry-After': String(limited.retryAfter) } },
    )
  const { db, config } = context.get(servicesContext)
  const result = await confirmEmailChange(db, config, token)
  if (!result.ok) return data({ ok: false, message: result.error }, { status: refusalStatus(result.reason) })
  return { ok: true, message: EMAIL_CHANGED }
}

/** The loader's Retry-After reaches a visitor who followed links too fast. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders)
  const retryAfter = loaderHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}

export default function ConfirmEmailPage({ loaderData }: Route.ComponentProps) {
  return (
    <Container size={460} py={48}>
      <Paper withBorder p="xl" radius="md">
        <Title order={1} fz={28} mb="lg">
          Confirm your email
        </Title>
        <Alert color={loaderData.ok ? 'green' : 'red'} role={loaderData.ok ? 'status' : 'alert'} mb="md">
          {loaderData.message}
        </Alert>
        <Anchor component={Link} to={ACCOUNT_PATH}>
          Go to your account settings
        </Anchor>
      </Paper>
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
