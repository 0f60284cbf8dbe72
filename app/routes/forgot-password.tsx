import { data, Form, Link, useNavigation } from 'react-router'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Alert, Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import type { Route } from './+types/forgot-password'
import { requestPasswordReset } from '~/domain/accounts/accounts.server'
import { checkRateLimits, rateLimitedReply } from '~/web/rate-limits.server'
import { readForm } from '~/web/http.server'
import { ForgotPasswordSchema } from '~/lib/account-schemas'
import { SITE_NAME } from '~/lib/constants'
import { afterResponse } from '~/platform/after-response.server'
import { servicesContext } from '~/web/context.server'
import { withSharing } from '~/lib/sharing'

export const RESET_SENT = 'Password reset email sent. Please check your inbox.'
export const RESET_SEND_FAILED = 'Failed to send password reset email.'

const pageMeta: Route.MetaFunction = () => [
  { title: `Forgot password | ${SITE_NAME}` },
  { name: 'description', content: 'Get a link to choose a new password.' },
]

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ForgotPasswordSchema })
  if (submission.status !== 'success') return data({ sent: false, result: submission.reply() }, { status: 400 })
  const limited = await checkRateLimits(context, [
    { rule: 'forgotPerIp' },
    { rule: 'forgotPerEmail', subject: submission.value.email },
  ])
  if (!limited.ok)
    return rateLimitedReply({ sent: false, result: submission.reply({ formErrors: [limited.error] }) }, limited)
  const { db, config } = context.get(servicesContext)
  // The same answer, in the same time, whether or not the address has an account: the
  // look-up and the mail happen after it.
  afterResponse('password reset email', () => requestPasswordReset(db, config, submission.value.email))
  return { sent: true, result: submission.reply({ resetForm: true }) }
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
    shouldValidate: 'onBlur',
  })
  const busy = navigation.state === 'submitting'
  return (
    <Container size={460} py={48}>
      <Paper withBorder p="xl" radius="md">
        <Title order={1} fz={28} mb={4}>
          Forgot password
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          Enter the email of your account and we will send you a link to choose a new password.
        </Text>
        {actionData?.sent ? (
          <Alert color="green" mb="md" role="status">
            {RESET_SENT}
          </Alert>
        ) : null}
        {form.errors?.length ? (
          <Alert color="red" mb="md" role="alert">
            {form.errors.join(' ') || RESET_SEND_FAILED}
          </Alert>
        ) : null}
        <Form method="post" {...getFormProps(form)}>
          <Stack>
            <TextInput
              label="Email"
              autoComplete="email"
              {...getInputProps(fields.email, { type: 'email' })}
              key={fields.email.key}
              error={fields.email.errors?.[0]}
              required
            />
            <Button type="submit" loading={busy}>
              {busy ? 'Sending...' : 'Send reset link'}
            </Button>
          </Stack>
        </Form>
        <Text size="sm" ta="center" mt="lg">
          <Anchor component={Link} to="/login">
            Back to sign in
          </Anchor>
        </Text>
      </Paper>
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
