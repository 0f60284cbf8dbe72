import { data, Form, redirect, useNavigation } from 'react-router'
import { Alert, Button, Container, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core'
import type { Route } from './+types/login'
import { sessionCookie } from '~/web/session.server'
import { NOT_ADMIN } from '~/domain/accounts/accounts.server'
import { servicesContext } from '~/web/context.server'
import { rateLimitedReply, throttledSignIn } from '~/web/rate-limits.server'
import { readForm } from '~/web/http.server'
import { LoginSchema } from '~/lib/account-schemas'
import { withSharing } from '~/lib/sharing'
import { refusalStatus } from '~/web/refusals.server'

const pageMeta: Route.MetaFunction = () => [{ title: 'Admin Login | AI Stock Library' }]

export function loader({ context }: Route.LoaderArgs) {
  // The hint exists only in demo mode; with ADMIN_EMAIL/ADMIN_PASSWORD set it is never sent.
  return { demoAdmin: context.get(servicesContext).demoAdmin }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const parsed = LoginSchema.safeParse({ email: form.get('email') ?? '', password: form.get('password') ?? '' })
  if (!parsed.success) {
    return data(
      { error: parsed.error.issues[0]?.message ?? NOT_ADMIN, email: String(form.get('email') ?? '') },
      { status: 400 },
    )
  }
  // The same limits as every other sign-in door: no unlimited password guessing here.
  const result = await throttledSignIn(request, context, { ...parsed.data, requireAdmin: true })
  if (!result.ok && result.reason === 'rate-limited')
    return rateLimitedReply({ error: result.error, email: parsed.data.email }, result)
  if (!result.ok)
    return data({ error: result.error, email: parsed.data.email }, { status: refusalStatus(result.reason) })
  return redirect('/admin', { headers: { 'Set-Cookie': sessionCookie(context, result.token) } })
}

export default function AdminLoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <Container size={420} py={64}>
      <Paper withBorder p="xl" radius="md">
        <Title order={1} fz={28} mb="md">
          Admin Login
        </Title>
        {loaderData.demoAdmin ? (
          <Alert color="blue" mb="md" title="Demo credentials">
            <Text size="sm">
              Email: <code>{loaderData.demoAdmin.email}</code>
              <br />
              Password: <code>{loaderData.demoAdmin.password}</code>
            </Text>
          </Alert>
        ) : null}
        {actionData?.error ? (
          <Alert color="red" mb="md" role="alert">
            {actionData.error}
          </Alert>
        ) : null}
        <Form method="post">
          <Stack>
            <TextInput
              label="Email"
              name="email"
              type="email"
              required
              autoComplete="username"
              defaultValue={actionData?.email}
            />
            <PasswordInput label="Password" name="password" required autoComplete="current-password" />
            <Button type="submit" loading={busy}>
              Login as Admin
            </Button>
          </Stack>
        </Form>
      </Paper>
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
