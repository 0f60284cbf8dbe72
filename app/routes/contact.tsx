import { data, Form, useNavigation } from 'react-router'
import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Alert, Anchor, Button, Container, Grid, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import type { Route } from './+types/contact'
import { sendContactMessage } from '~/domain/contact/contact.server'
import { checkRateLimits, rateLimitedReply } from '~/web/rate-limits.server'
import { readForm } from '~/web/http.server'
import { CONTACT_CAPS, CONTACT_SENT, ContactSchema } from '~/lib/contact-schema'
import { SITE_NAME } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { withSharing } from '~/lib/sharing'

const pageMeta: Route.MetaFunction = () => [
  { title: `Contact | ${SITE_NAME}` },
  {
    name: 'description',
    content:
      'Questions, licensing permissions, custom or exclusive asset requests: write to us. We reply within 1-2 business days.',
  },
]

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request)
  // A bot that filled the hidden field is told "sent" and nothing is stored or mailed.
  if (String(formData.get('website') ?? '') !== '') return { sent: true, result: undefined }
  const submission = parseWithZod(formData, { schema: ContactSchema })
  if (submission.status !== 'success') return data({ sent: false, result: submission.reply() }, { status: 400 })
  const limited = await checkRateLimits(context, [
    { rule: 'contactPerIp' },
    { rule: 'contactPerEmail', subject: submission.value.email },
  ])
  if (!limited.ok)
    return rateLimitedReply({ sent: false, result: submission.reply({ formErrors: [limited.error] }) }, limited)
  const { db, config } = context.get(servicesContext)
  await sendContactMessage(db, config, {
    name: submission.value.name,
    email: submission.value.email,
    message: submission.value.message,
  })
  return { sent: true, result: submission.reply({ resetForm: true }) }
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const busy = navigation.state === 'submitting'
  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Title order={1} mb="sm">
            Contact
          </Title>
          <Text size="lg" c="dimmed" mb="md">
            Questions about an asset or the licence, a permission request (resale, redistribution, NFT or AI-training
            use), or a custom or exclusive asset: write to us.
          </Text>
          <Text mb="sm">We reply within 1-2 business days.</Text>
          <Text size="sm" c="dimmed">
            Looking for quick answers? See the <Anchor href="/faq">FAQ</Anchor>, the{' '}
            <Anchor href="/help">Help Center</Anchor> or the <Anchor href="/license">License Agreement</Anchor>.
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="xl" radius="md">
            {actionData?.sent ? (
              <Alert color="green" mb="md" role="status">
                {CONTACT_SENT}
              </Alert>
            ) : null}
            {form.errors?.length ? (
              <Alert color="red" mb="md" role="alert">
                {form.errors.join(' ')}
              </Alert>
            ) : null}
            <Form method="post" {...getFormProps(form)}>
              <Stack>
                <TextInput
                  label="Name"
                  autoComplete="name"
                  maxLength={CONTACT_CAPS.name}
                  {...getInputProps(fields.name, { type: 'text' })}
                  key={fields.name.key}
                  error={fields.name.errors?.[0]}
                  required
                />
                <TextInput
                  label="Email"
                  autoComplete="email"
                  maxLength={CONTACT_CAPS.email}
                  {...getInputProps(fields.email, { type: 'email' })}
                  key={fields.email.key}
                  error={fields.email.errors?.[0]}
                  required
                />
                <Textarea
                  label="Message"
                  minRows={6}
                  maxLength={CONTACT_CAPS.message}
                  autosize
                  {...getTextareaProps(fields.message)}
                  key={fields.message.key}
                  error={fields.message.errors?.[0]}
                  required
                />
                {/* Hidden from people (and from assistive technology); bots fill it in. */}
                <div
                  aria-hidden="true"
                  style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
                >
                  <label>
                    Website
                    <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
                  </label>
                </div>
                <Button type="submit" loading={busy}>
                  Send Message
                </Button>
              </Stack>
            </Form>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
