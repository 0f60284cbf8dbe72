import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Container,
  Divider,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import type { Route } from './+types/login'
import { getUser, readCookie, sessionCookie } from '~/web/session.server'
import { clearCookie, setCookie } from '~/web/cookies.server'
import { registerAccount } from '~/domain/accounts/accounts.server'
import { checkRateLimits, rateLimitedReply, throttledSignIn } from '~/web/rate-limits.server'
import { readForm, passHeaders } from '~/web/http.server'
import { LoginSchema, RegisterSchema } from '~/lib/account-schemas'
import { resumeTarget, signInResume, type SignInIntent } from '~/lib/redirects'
import { finishSignIn } from '~/web/sign-in-resume.server'
import { SITE_NAME } from '~/lib/constants'
import { ACCOUNT_DELETED } from '~/lib/account-messages'
import { servicesContext } from '~/web/context.server'
import { googleEnabled } from '~/web/google.server'
import { withSharing } from '~/lib/sharing'
import { refusalStatus } from '~/web/refusals.server'

export const SIGNIN_REQUIRED_TEXT = 'You need to sign in to download the asset.'
export const REGISTERED_TEXT = 'Registration successful! Please sign in.'
/** The address just registered, for the sign-in form that follows (read once, ten minutes at most). */
const REGISTERED_EMAIL_COOKIE = 'registered_email'

/** Why a visitor was sent here, by what they clicked (`?intent=`): it resumes once they are in. */
export const INTENT_TEXTS: Record<SignInIntent, string> = {
  favourite: 'Sign in to save favourites. The one you chose is saved as soon as you are in.',
  download: `${SIGNIN_REQUIRED_TEXT} You will come back to it with the download ready.`,
}

/** The notes another page sends a visitor here with (`?alert=`). */
const ALERTS: Record<string, string> = { signin_required: SIGNIN_REQUIRED_TEXT, account_deleted: ACCOUNT_DELETED }

const GOOGLE_ERRORS: Record<string, string> = {
  google: 'Google sign-in did not complete. Please try again.',
  google_unverified: 'Your Google email address is not verified, so we cannot sign you in with it.',
  google_unavailable: 'Google sign-in is not configured on this site.',
}

const pageMeta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.mode === 'register' ? 'Create account' : 'Sign in'} | ${SITE_NAME}` },
  { name: 'description', content: 'Sign in or create a free account to download and favourite assets.' },
]

/** The query parameters a login keeps across modes and redirects. */
function carriedParams(url: URL): URLSearchParams {
  const keep = new URLSearchParams()
  for (const key of ['redirect', 'intent', 'assetId', 'alert']) {
    const value = url.searchParams.get(key)
    if (value) keep.set(key, value)
  }
  return keep
}

/** The loader's Cache-Control reaches the page (private, no-store while it hands over an address). */
export const headers: Route.HeadersFunction = passHeaders('loader', 'Cache-Control')

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext)
  const resume = signInResume(url.searchParams)
  // Already signed in (another tab): on to the page; a GET saves nothing.
  if (await getUser(request, context)) return redirect(resumeTarget(resume))
  const registered = url.searchParams.get('registered') === '1'
  // Just registered: the sign-in form starts with the address given, read once.
  const email = registered ? readCookie(request, REGISTERED_EMAIL_COOKIE) : null
  const page = {
    mode: url.searchParams.get('mode') === 'register' ? ('register' as const) : ('login' as const),
    params: carriedParams(url).toString(),
    registered,
    email,
    alert: resume.intent ? INTENT_TEXTS[resume.intent] : (ALERTS[url.searchParams.get('alert') ?? ''] ?? null),
    googleError: GOOGLE_ERRORS[url.searchParams.get('error') ?? ''] ?? null,
    googleEnabled: googleEnabled(config),
  }
  if (!email) return page
  return data(page, {
    headers: [
      ['Set-Cookie', clearCookie(context, REGISTERED_EMAIL_COOKIE, { httpOnly: true })],
      ['Cache-Control', 'private, no-store'],
    ],
  })
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { db } = context.get(servicesContext)
  const formData = await readForm(request)
  const intent = formData.get('intent') === 'register' ? 'register' : 'login'

  if (intent === 'register') {
    const submission = parseWithZod(formData, { schema: RegisterSchema })
    if (submission.status !== 'success')
      return data(
        { intent, result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) },
        { status: 400 },
      )
    const limited = await checkRateLimits(context, [
      { rule: 'registerPerIp' },
      { rule: 'registerPerEmail', subject: submission.value.email },
    ])
    if (!limited.ok)
      return rateLimitedReply(
        {
          intent,
          result: submission.reply({ formErrors: [limited.error], hideFields: ['password', 'confirmPassword'] }),
        },
        limited,
      )
    const result = await registerAccount(db, submission.value)
    if (!result.ok)
      return data(
        {
          intent,
          result: submission.reply({
            fieldErrors: { email: [result.error] },
            hideFields: ['password', 'confirmPassword'],
          }),
        },
        { status: refusalStatus(result.reason) },
      )
    // A successful registration asks the user to sign in, in sign-in mode, with the address filled
    // in (kept in a short-lived cookie rather than the URL, which request logs keep).
    const next = carriedParams(url)
    next.set('registered', '1')
    return redirect(`/login?${next.toString()}`, {
      headers: {
        'Set-Cookie': setCookie(context, REGISTERED_EMAIL_COOKIE, result.user.email, {
          maxAgeSeconds: 600,
          httpOnly: true,
        }),
      },
    })
  }

  const submission = parseWithZod(formData, { schema: LoginSchema })
  if (submission.status !== 'success')
    return data({ intent, result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  const result = await throttledSignIn(request, context, submission.value)
  if (!result.ok && result.reason === 'rate-limited')
    return rateLimitedReply(
      { intent, result: submission.reply({ formErrors: [result.error], hideFields: ['password'] }) },
      result,
    )
  if (!result.ok)
    return data(
      { intent, result: submission.reply({ formErrors: [result.error], hideFields: ['password'] }) },
      { status: refusalStatus(result.reason) },
    )
  return redirect(await finishSignIn(db, result.user.id, signInResume(url.searchParams)), {
    headers: { 'Set-Cookie': sessionCookie(context, result.token) },
  })
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, params, registered, email, alert, googleEnabled, googleError } = loaderData
  const withMode = (m: 'login' | 'register') => {
    const next = new URLSearchParams(params)
    if (m === 'register') next.set('mode', 'register')
    const query = next.toString()
    return query ? `/login?${query}` : '/login'
  }
  const formAction = params
    ? `/login?${params}${mode === 'register' ? '&mode=register' : ''}`
    : mode === 'register'
      ? '/login?mode=register'
      : '/login'
  const googleHref = `/auth/google${params ? `?${params}` : ''}`

  return (
    <Container size={460} py={48}>
      <Group justify="space-between" mb="md">
        <Button
          component={Link}
          to="/"
          variant="subtle"
          size="compact-sm"
          onClick={(event) => {
            // With JavaScript, back means back; without it, the link goes home.
            if (window.history.length > 1) {
              event.preventDefault()
              window.history.back()
            }
          }}
        >
          ← Back
        </Button>
      </Group>
      <Paper withBorder p="xl" radius="md">
        <Title order={1} fz={28} mb={4}>
          {mode === 'register' ? 'Create account' : 'Sign in'}
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          {mode === 'register' ? 'Free: 5 downloads a day, favourites and your download history.' : 'Welcome back.'}
        </Text>
        <Stack gap="sm" mb="md">
          {alert ? <Alert color="yellow">{alert}</Alert> : null}
          {registered && mode === 'login' ? <Alert color="green">{REGISTERED_TEXT}</Alert> : null}
          {googleError ? (
            <Alert color="red" role="alert">
              {googleError}
            </Alert>
          ) : null}
        </Stack>
        {mode === 'register' ? (
          <RegisterForm
            key="register"
            action={formAction}
            lastResult={actionData?.intent === 'register' ? actionData.result : undefined}
          />
        ) : (
          <LoginForm
            key="login"
            action={formAction}
            email={email}
            lastResult={actionData?.intent === 'login' ? actionData.result : undefined}
          />
        )}
        <Divider label="or" labelPosition="center" my="lg" />
        {googleEnabled ? (
          <Button component="a" href={googleHref} variant="default" fullWidth leftSection={<GoogleMark />}>
            Continue with Google
          </Button>
        ) : (
          <>
            <Button variant="default" fullWidth disabled leftSection={<GoogleMark />}>
              Continue with Google
            </Button>
            <Text size="xs" c="dimmed" mt={6} ta="center">
              Google sign-in is not configured on this site.
            </Text>
          </>
        )}
        <Text size="sm" ta="center" mt="lg">
          {mode === 'register' ? (
            <>
              Already have an account?{' '}
              <Anchor component={Link} to={withMode('login')}>
                Sign in
              </Anchor>
            </>
          ) : (
            <>
              New here?{' '}
              <Anchor component={Link} to={withMode('register')}>
                Create an account
              </Anchor>
            </>
          )}
        </Text>
      </Paper>
    </Container>
  )
}

/** PasswordInput switches its own type for the visibility toggle: leave it out. */
function passwordProps<T extends { type?: string }>(props: T): Omit<T, 'type'> {
  const { type: _type, ...rest } = props
  return rest
}

type Reply = NonNullable<Route.ComponentProps['actionData']>['result']

function LoginForm({ action, email, lastResult }: { action: string; email: string | null; lastResult?: Reply }) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    defaultValue: email ? { email } : undefined,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'login'
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="login" />
      <Stack>
        {form.errors?.length ? (
          <Alert color="red" role="alert" id={form.errorId}>
            {form.errors.join(' ') || 'Login failed.'}
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          autoComplete="email"
          {...getInputProps(fields.email, { type: 'email' })}
          key={fields.email.key}
          error={fields.email.errors?.[0]}
          required
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...passwordProps(getInputProps(fields.password, { type: 'password' }))}
          key={fields.password.key}
          error={fields.password.errors?.[0]}
          visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
          required
        />
        <Group justify="space-between">
          <Checkbox label="Remember me" disabled checked readOnly title="Sessions last 30 days" />
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" loading={busy} fullWidth>
          Sign in
        </Button>
      </Stack>
    </Form>
  )
}

function RegisterForm({ action, lastResult }: { action: string; lastResult?: Reply }) {
  const navigation = useNavigation()
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'register'
  return (
    <Form method="post" action={action} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="register" />
      <Stack>
        {form.errors?.length ? (
          <Alert color="red" role="alert" id={form.errorId}>
            {form.errors.join(' ') || 'Registration failed.'}
          </Alert>
        ) : null}
        <TextInput
          label="Full name"
          autoComplete="name"
          {...getInputProps(fields.fullName, { type: 'text' })}
          key={fields.fullName.key}
          error={fields.fullName.errors?.[0]}
          required
        />
        <TextInput
          label="Email"
          autoComplete="email"
          {...getInputProps(fields.email, { type: 'email' })}
          key={fields.email.key}
          error={fields.email.errors?.[0]}
          required
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          {...passwordProps(getInputProps(fields.password, { type: 'password' }))}
          key={fields.password.key}
          error={fields.password.errors?.[0]}
          description="At least 8 characters"
          visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
          required
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          {...passwordProps(getInputProps(fields.confirmPassword, { type: 'password' }))}
          key={fields.confirmPassword.key}
          error={fields.confirmPassword.errors?.[0]}
          visibilityToggleButtonProps={{ 'aria-label': 'Show confirmation' }}
          required
        />
        <Button type="submit" loading={busy} fullWidth>
          Create account
        </Button>
      </Stack>
    </Form>
  )
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
