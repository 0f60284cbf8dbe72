import { data, Form, Link, useNavigate, useNavigation } from 'react-router'
import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Alert, Anchor, Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core'
import { useEffect } from 'react'
import type { Route } from './+types/reset-password'
import { resetPassword } from '~/domain/accounts/accounts.server'
import { checkRateLimits, rateLimitedReply } from '~/web/rate-limits.server'
import { readForm, passHeaders } from '~/web/http.server'
import { MISSING_RESET_TOKEN, ResetPasswordSchema } from '~/lib/account-schemas'
import { RESET_REDIRECT_MS, SITE_NAME } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { withSharing } from '~/lib/sharing'

export const RESET_DONE = 'Password has been reset successfully. You can now log in.'
export const RESET_FAILED = 'Failed to reset password.'

const pageMeta: Route.MetaFunction = () => [
  { title: `Reset password | ${SITE_NAME}` },
  { name: 'description', content: 'Choose a new password for your account.' },
]

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get('token') ?? '' }
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ResetPasswordSchema })
  if (submission.status !== 'success')
    return data(
      { done: false, result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) },
      { status: 400 },
    )
  const limited = await checkRateLimits(context, [{ rule: 'resetPerIp' }])
  if (!limited.ok)
    return rateLimitedReply(
      {
        done: false,
        result: submission.reply({ formErrors: [limited.error], hideFields: ['password', 'confirmPassword'] }),
      },
      limited,
    )
  const result = await resetPassword(context.get(servicesContext).db, submission.value.token, submission.value.password)
  if (!result.ok)
    return data(
      {
        done: false,
        result: submission.reply({ formErrors: [result.error], hideFields: ['password', 'confirmPassword'] }),
      },
      { status: 400 },
    )
  // Without JavaScript the browser follows the Refresh header; with it, the page's timer does.
  return data(
    { done: true, result: submission.reply({ resetForm: true }) },
    { headers: { Refresh: `${RESET_REDIRECT_MS / 1000}; url=/login` } },
  )
}

/** The action's Refresh header reaches the page a plain form post gets back. */
export const headers: Route.HeadersFunction = passHeaders('action', 'Refresh')

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const navigate = useNavigate()
  const done = actionData?.done === true
  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => void navigate('/login'), RESET_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [done, navigate])
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const busy = navigation.state === 'submitting'
  return (
    <Container size={460} py={48}>
      <Paper withBorder p="xl" radius="md">
        <Title order={1} fz={28} mb="lg">
          Reset password
        </Title>
        {done ? (
          <>
            <Alert color="green" role="status">
              {RESET_DONE}
            </Alert>
            <Text size="sm" mt="md">
              <Anchor component={Link} to="/login">
                Go to sign in
              </Anchor>
            </Text>
          </>
        ) : !loaderData.token ? (
          <>
            <Alert color="red" role="alert">
              {MISSING_RESET_TOKEN}
            </Alert>
            <Text size="sm" mt="md">
              <Anchor component={Link} to="/forgot-password">
                Request a new reset link
              </Anchor>
            </Text>
          </>
        ) : (
          <Form method="post" {...getFormProps(form)}>
            <input type="hidden" name="token" value={loaderData.token} />
            <Stack>
              {form.errors?.length ? (
                <Alert color="red" role="alert">
                  {form.errors.join(' ') || RESET_FAILED}
                </Alert>
              ) : null}
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                name={fields.password.name}
                id={fields.password.id}
                key={fields.password.key}
                error={fields.password.errors?.[0]}
                description="At least 8 characters"
                required
              />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                name={fields.confirmPassword.name}
                id={fields.confirmPassword.id}
                key={fields.confirmPassword.key}
                error={fields.confirmPassword.errors?.[0]}
                required
              />
              <Button type="submit" loading={busy}>
                Set new password
              </Button>
            </Stack>
          </Form>
        )}
      </Paper>
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
