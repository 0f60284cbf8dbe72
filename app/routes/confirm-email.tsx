import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core'
import { data, Form, Link, useNavigation } from 'react-router'
import { PlainButton } from '~/components/Plain/Plain'
import type { Route } from './+types/confirm-email'
import { confirmEmailChange } from '~/domain/accounts/self-service.server'
import { EMAIL_CHANGED } from '~/lib/account-messages'
import { MISSING_EMAIL_TOKEN } from '~/lib/account-schemas'
import { ACCOUNT_PATH, SITE_NAME } from '~/lib/constants'
import { withSharing } from '~/lib/sharing'
import { servicesContext } from '~/web/context.server'
import { checkRateLimits } from '~/web/rate-limits.server'
import { readForm, passHeaders } from '~/web/http.server'
import { refusalStatus } from '~/web/refusals.server'

const pageMeta: Route.MetaFunction = () => [
  { title: `Confirm your email | ${SITE_NAME}` },
  { name: 'description', content: 'Confirm the new email address of your account.' },
]

// The link mailed to a new address. Opening it spends nothing: a mail scanner or a link preview
// that fetches it first must not use up the person's one confirmation. The page asks for a
// press of its button, a form post (with or without JavaScript), which spends the token.
export function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get('token') ?? ''
  if (!token || token.length > 200) return data({ token: null, message: MISSING_EMAIL_TOKEN }, { status: 400 })
  return { token, message: null }
}

// A link that cannot confirm answers with its status (400, 429), as the JSON API does.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const token = String(form.get('token') ?? '')
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

/** The action's Retry-After reaches a visitor who confirmed too often. */
export const headers: Route.HeadersFunction = passHeaders('action', 'Retry-After')

export default function ConfirmEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === 'submitting'
  return (
    <Container size={460} py={48}>
      <Paper withBorder p="xl" radius="md">
        <Title order={1} fz={28} mb="lg">
          Confirm your email
        </Title>
        {actionData ? (
          <Alert color={actionData.ok ? 'green' : 'red'} role={actionData.ok ? 'status' : 'alert'} mb="md">
            {actionData.message}
          </Alert>
        ) : loaderData.token ? (
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <Stack gap="md" align="flex-start" mb="md">
              <Text>Make this address the one your account signs in and hears from us with.</Text>
              <PlainButton type="submit" disabled={busy}>
                Confirm the new address
              </PlainButton>
            </Stack>
          </Form>
        ) : (
          <Alert color="red" role="alert" mb="md">
            {loaderData.message}
          </Alert>
        )}
        <Anchor component={Link} to={ACCOUNT_PATH}>
          Go to your account settings
        </Anchor>
      </Paper>
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
