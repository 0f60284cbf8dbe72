import { data, redirect } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import type { ZodType, z } from 'zod'
import { Alert, Container } from '@mantine/core'
import type { Route } from './+types/profile-account'
import { clearSessionCookie, readSessionToken, requireUser } from '~/web/session.server'
import { AccountSettings, type AccountIntent, type AccountReply } from '~/components/AccountSettings/AccountSettings'
import {
  changeName,
  changePassword,
  deleteAccount,
  requestEmailChange,
  signOutOtherSessions,
} from '~/domain/accounts/self-service.server'
import { ChangeEmailSchema, ChangeNameSchema, ChangePasswordSchema, DeleteAccountSchema } from '~/lib/account-schemas'
import { EMAIL_CHANGE_SENT, NAME_CHANGED, PASSWORD_CHANGED, SESSIONS_ENDED } from '~/lib/account-messages'
import { readForm } from '~/web/http.server'
import { checkAccountChangeLimits, rateLimitedReply } from '~/web/rate-limits.server'
import { refusalStatus, type Refusal } from '~/web/refusals.server'
import { Heading, Txt } from '~/components/Plain/Typography'
import { TextLink } from '~/components/Plain/Plain'
import { ACCOUNT_PATH, SITE_NAME } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'

// The account's settings, a page of their own: the profile is a dashboard read every visit and
// every minute, these forms are opened now and then (and were 40% of the profile's render).
export const meta: Route.MetaFunction = () => [
  { title: `Account settings | ${SITE_NAME}` },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url)
  return {
    fullName: user.full_name,
    email: user.email,
    hasPassword: user.password_hash !== null,
    done: DONE[url.searchParams.get('done') ?? ''] ?? null,
  }
}

/** What `?done=` says after an account form has worked (the form redirects here). */
const DONE: Record<string, string> = {
  name: NAME_CHANGED,
  email: EMAIL_CHANGE_SENT,
  password: PASSWORD_CHANGED,
  sessions: SESSIONS_ENDED,
}

const SECRET_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword']
type Outcome = { ok: true } | { ok: false; reason: Refusal; error: string }
const OK: Outcome = { ok: true }

/**
 * One account form: validated, rate-limited when it changes what protects the account, then its
 * domain function. Null when it worked; otherwise the form's reply with the refusal's status.
 */
async function runAccountForm<S extends ZodType>(
  context: Route.ActionArgs['context'],
  userId: string,
  formData: FormData,
  form: { intent: AccountIntent; schema: S; limited: boolean },
  run: (value: z.output<S>) => Promise<Outcome>,
) {
  const submission = parseWithZod(formData, { schema: form.schema })
  const reply = (formErrors?: string[]): AccountReply => ({
    intent: form.intent,
    result: submission.reply({ formErrors, hideFields: SECRET_FIELDS }),
  })
  if (submission.status !== 'success') return data(reply(), { status: 400 })
  if (form.limited) {
    const limited = await checkAccountChangeLimits(context, userId)
    if (!limited.ok) return rateLimitedReply(reply([limited.error]), limited)
  }
  const result = await run(submission.value)
  return result.ok ? null : data(reply([result.error]), { status: refusalStatus(result.reason) })
}

/** The account forms: each calls its one domain function, the same the JSON API calls. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireUser(request, context, url)
  const { db, config } = context.get(servicesContext)
  const formData = await readForm(request)
  const keepSessionToken = readSessionToken(request)
  const done = (what: AccountIntent) => redirect(`${ACCOUNT_PATH}?done=${what}`)
  switch (formData.get('intent')) {
    case 'name':
      return (
        (await runAccountForm(
          context,
          user.id,
          formData,
          { intent: 'name', schema: ChangeNameSchema, limited: false },
          async (value) => {
            await changeName(db, user.id, value.fullName)
            return OK
          },
        )) ?? done('name')
      )
    case 'email':
      return (
        (await runAccountForm(
          context,
          user.id,
          formData,
          { intent: 'email', schema: ChangeEmailSchema, limited: true },
          (value) => requestEmailChange(db, config, user, value),
        )) ?? done('email')
      )
    case 'password':
      return (
        (await runAccountForm(
          context,
          user.id,
          formData,
          { intent: 'password', schema: ChangePasswordSchema, limited: true },
          (value) => changePassword(db, user, { ...value, keepSessionToken }),
        )) ?? done('password')
      )
    case 'sessions':
      await signOutOtherSessions(db, user.id, keepSessionToken)
      return done('sessions')
    case 'delete':
      return (
        (await runAccountForm(
          context,
          user.id,
          formData,
          { intent: 'delete', schema: DeleteAccountSchema, limited: true },
          (value) => deleteAccount(db, config, user, value.currentPassword),
        )) ?? redirect('/login?alert=account_deleted', { headers: { 'Set-Cookie': clearSessionCookie(context) } })
      )
    default:
      throw data('Unknown form.', { status: 400 })
  }
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { fullName, email, hasPassword, done } = loaderData
  return (
    <Container size="lg" py="xl">
      <TextLink to="/profile" size="sm">
        ← Back to your profile
      </TextLink>
      <Heading order={1} mt="xs">
        Account settings
      </Heading>
      <Txt c="dimmed" mb="lg" data-testid="account-identity">
        {fullName ? `${fullName} · ${email}` : email}
      </Txt>
      {done ? (
        <Alert color="green" mb="md" role="status">
          {done}
        </Alert>
      ) : null}
      <AccountSettings fullName={fullName} email={email} hasPassword={hasPassword} reply={actionData} />
    </Container>
  )
}
