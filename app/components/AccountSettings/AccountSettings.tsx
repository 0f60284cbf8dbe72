import { Form, useNavigation } from 'react-router'
import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Alert, Anchor, Button, PasswordInput, SimpleGrid, TextInput } from '@mantine/core'
import { Cluster, Column, Heading, Panel, Txt } from '~/components/Plain/Typography'
import type { ZodType } from 'zod'
import { ACCOUNT_PATH } from '~/lib/constants'
import { ChangeEmailSchema, ChangeNameSchema, ChangePasswordSchema, DeleteAccountSchema } from '~/lib/account-schemas'

/** The forms of the account settings page; each posts its `intent` to that page. */
export type AccountIntent = 'name' | 'email' | 'password' | 'sessions' | 'delete'
export type AccountReply = { intent: AccountIntent; result: SubmissionResult<string[]> }

interface Props {
  fullName: string
  email: string
  /** False for an account that only signs in with Google: it confirms with its email instead. */
  hasPassword: boolean
  reply?: AccountReply
}

export function AccountSettings({ fullName, email, hasPassword, reply }: Props) {
  const last = (intent: AccountIntent) => (reply?.intent === intent ? reply.result : undefined)
  const confirmLabel = hasPassword ? 'Current password' : 'Your current email (your account has no password)'
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <SettingsForm
        intent="name"
        title="Name"
        schema={ChangeNameSchema}
        lastResult={last('name')}
        defaultValue={{ fullName }}
        submit="Save name"
      >
        {(fields) => (
          <TextInput
            label="Full name"
            autoComplete="name"
            {...getInputProps(fields.fullName, { type: 'text' })}
            key={fields.fullName.key}
            error={fields.fullName.errors?.[0]}
            required
          />
        )}
      </SettingsForm>

      <SettingsForm
        intent="email"
        title="Email"
        schema={ChangeEmailSchema}
        lastResult={last('email')}
        submit="Send confirmation link"
        note={`Now ${email}. We send a link to the new address; the email changes when you follow it.`}
      >
        {(fields) => (
          <>
            <TextInput
              label="New email"
              autoComplete="email"
              {...getInputProps(fields.email, { type: 'email' })}
              key={fields.email.key}
              error={fields.email.errors?.[0]}
              required
            />
            <Secret label={confirmLabel} field={fields.currentPassword} hasPassword={hasPassword} />
          </>
        )}
      </SettingsForm>

      <SettingsForm
        intent="password"
        title="Password"
        schema={ChangePasswordSchema}
        lastResult={last('password')}
        submit="Change password"
        note="Your other sessions are signed out; this one stays."
      >
        {(fields) => (
          <>
            <Secret label={confirmLabel} field={fields.currentPassword} hasPassword={hasPassword} />
            <Secret label="New password" field={fields.newPassword} hasPassword autoComplete="new-password" />
            <Secret
              label="Confirm new password"
              field={fields.confirmPassword}
              hasPassword
              autoComplete="new-password"
            />
          </>
        )}
      </SettingsForm>

      <Panel p="lg">
        <Heading order={2} fz={18} mb="xs">
          Sessions and data
        </Heading>
        <Column gap="sm">
          <Form method="post" action={ACCOUNT_PATH}>
            <input type="hidden" name="intent" value="sessions" />
            <Txt size="sm" c="dimmed" mb="xs">
              Signs out every other browser and API token of your account; this one stays signed in.
            </Txt>
            <Button type="submit" variant="default">
              Sign out other sessions
            </Button>
          </Form>
          <Cluster gap="xs">
            <Anchor href="/profile/my-data" download>
              Download my data (JSON)
            </Anchor>
            <Txt size="sm" c="dimmed">
              Profile, favourites, downloads, licences and payments.
            </Txt>
          </Cluster>
        </Column>
      </Panel>

      <SettingsForm
        intent="delete"
        title="Delete account"
        schema={DeleteAccountSchema}
        lastResult={last('delete')}
        submit="Delete my account"
        danger
        note="Your favourites, collections, sessions and payment records go, and a Pro subscription is cancelled. Your licences stay valid; your downloads stay in the artist’s figures without your name."
      >
        {(fields) => <Secret label={confirmLabel} field={fields.currentPassword} hasPassword={hasPassword} />}
      </SettingsForm>
    </SimpleGrid>
  )
}

// biome-ignore lint/suspicious/noExplicitAny: each form's fields come from its own schema
type Fields = Record<string, any>

function SettingsForm({
  intent,
  title,
  schema,
  lastResult,
  defaultValue,
  submit,
  note,
  danger,
  children,
}: {
  intent: AccountIntent
  title: string
  schema: ZodType
  lastResult?: SubmissionResult<string[]>
  defaultValue?: Record<string, string>
  submit: string
  note?: string
  danger?: boolean
  children: (fields: Fields) => React.ReactNode
}) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: `account-${intent}`,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <Panel p="lg">
      <Heading order={2} fz={18} mb="xs">
        {title}
      </Heading>
      <Form method="post" action={ACCOUNT_PATH} {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        <Column gap="sm">
          {note ? (
            <Txt size="sm" c="dimmed">
              {note}
            </Txt>
          ) : null}
          {form.errors?.length ? (
            <Alert color="red" role="alert" id={form.errorId}>
              {form.errors.join(' ')}
            </Alert>
          ) : null}
          {children(fields as Fields)}
          <Cluster>
            <Button type="submit" loading={busy} color={danger ? 'red' : undefined}>
              {submit}
            </Button>
          </Cluster>
        </Column>
      </Form>
    </Panel>
  )
}

/** A password field (or, for an account without a password, its email typed out). */
function Secret({
  label,
  field,
  hasPassword,
  autoComplete = 'current-password',
}: {
  label: string
  field: Fields[string]
  hasPassword: boolean
  autoComplete?: string
}) {
  if (!hasPassword)
    return (
      <TextInput
        label={label}
        autoComplete="email"
        {...getInputProps(field, { type: 'email' })}
        key={field.key}
        error={field.errors?.[0]}
        required
      />
    )
  // PasswordInput switches its own type for the visibility toggle: leave it out.
  const { type: _type, ...props } = getInputProps(field, { type: 'password' })
  return (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      {...props}
      key={field.key}
      error={field.errors?.[0]}
      visibilityToggleButtonProps={{ 'aria-label': `Show ${label.toLowerCase()}` }}
      required
    />
  )
}
