import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { Alert, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { Route } from './+types/pricing'
import { getUser } from '~/web/session.server'
import { PlanCard } from '~/components/PlanCard/PlanCard'
import {
  BILLING_ERRORS,
  paymentsConfigured,
  createCheckoutSession,
  type BillingErrorCode,
} from '~/domain/billing/billing.server'
import { FREE_DAILY_DOWNLOADS, PRO_PRICE_USD, SITE_NAME } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { formatDay } from '~/lib/dates'
import { loginHref } from '~/lib/redirects'
import { withSharing } from '~/lib/sharing'
import { refusalStatus } from '~/web/refusals.server'
import { quotaResets as resetsAt } from '~/lib/quota'

export const UPGRADE_REQUIRED_TEXT = 'You need to upgrade your account to continue downloading assets.'
const CHECKOUT_CANCELLED_TEXT = 'Checkout was cancelled. You have not been charged.'

const pageMeta: Route.MetaFunction = () => [
  { title: `Pricing | ${SITE_NAME}` },
  {
    name: 'description',
    content: `Free: ${FREE_DAILY_DOWNLOADS} downloads a day. Pro: $${PRO_PRICE_USD} per month for unlimited downloads and early access to new assets.`,
  },
]

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await getUser(request, context)
  const { config } = context.get(servicesContext)
  const billing = url.searchParams.get('billing')
  const upgradeRequired = url.searchParams.get('alert') === 'upgrade_required'
  return {
    signedIn: Boolean(user),
    plan: user?.plan ?? null,
    renewsAt: user?.subscription_renews_at?.toISOString() ?? null,
    endsAt: user?.subscription_ends_at?.toISOString() ?? null,
    upgradeRequired,
    // Sent here by a download over the quota: the banner says when the free downloads come back.
    quotaResets: upgradeRequired ? resetsAt(new Date()) : null,
    checkoutCancelled: url.searchParams.get('checkout') === 'cancelled',
    // Said under the button before anyone presses it, not only after.
    paymentsConfigured: paymentsConfigured(config),
    // Set by /billing/portal when it could not open the portal.
    billingError: billing && billing in BILLING_ERRORS ? BILLING_ERRORS[billing as BillingErrorCode] : null,
  }
}

// 'Upgrade to Pro': a form post answered with a 303 to Stripe's hosted checkout.
export async function action({ request, context }: Route.ActionArgs) {
  const user = await getUser(request, context)
  if (!user) return redirect(loginHref('/pricing'), 303)
  const { db, config } = context.get(servicesContext)
  const result = await createCheckoutSession(db, config, user)
  if (!result.ok) return data({ error: result.error }, { status: refusalStatus(result.reason) })
  return redirect(result.url, 303)
}

export default function PricingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, plan, renewsAt, endsAt, upgradeRequired, quotaResets, checkoutCancelled, billingError } = loaderData
  const navigation = useNavigation()
  const upgrading = navigation.state !== 'idle' && navigation.formAction === '/pricing'
  const isPro = plan === 'pro'

  return (
    <Container size="md" py="xl">
      <Stack gap="xs" align="center" ta="center" mb="xl">
        <Title order={1}>Pricing</Title>
        <Text c="dimmed" size="lg" maw={640}>
          Start free. Go Pro when you need more than {FREE_DAILY_DOWNLOADS} downloads a day.
        </Text>
      </Stack>

      <Stack gap="sm" mb="lg">
        {upgradeRequired ? (
          <Alert color="yellow" data-testid="upgrade-required">
            {UPGRADE_REQUIRED_TEXT} Your {FREE_DAILY_DOWNLOADS} free downloads come back tomorrow. {quotaResets}.
          </Alert>
        ) : null}
        {checkoutCancelled ? <Alert color="blue">{CHECKOUT_CANCELLED_TEXT}</Alert> : null}
        {billingError ? (
          <Alert color="red" role="alert">
            {billingError}
          </Alert>
        ) : null}
        {actionData?.error ? (
          <Alert color="red" role="alert">
            {actionData.error}
          </Alert>
        ) : null}
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <PlanCard
          name="Free"
          price="$0"
          period="forever"
          summary="For trying the library and the occasional project."
          features={[`${FREE_DAILY_DOWNLOADS} downloads a day`, 'Preview every asset', 'Save favourites']}
          badge={signedIn && !isPro ? 'Current plan' : null}
        >
          {signedIn ? (
            <Button component={Link} to="/explore" variant="default" fullWidth>
              Browse assets
            </Button>
          ) : (
            <Button component={Link} to="/login?mode=register" variant="default" fullWidth>
              Sign up free
            </Button>
          )}
        </PlanCard>

        <PlanCard
          name="Pro"
          price={`$${PRO_PRICE_USD}`}
          period="per month"
          summary="For creators who download every day."
          features={[
            'Unlimited downloads',
            { label: 'Early access to new assets', to: '/early-access' },
            'Everything in Free',
          ]}
          featured
          badge={isPro ? 'Current plan' : null}
        >
          {isPro ? (
            <>
              {/* A plain post, also with JavaScript: the answer is a 303 to another site. */}
              <Form method="post" action="/billing/portal" reloadDocument>
                <Button type="submit" fullWidth>
                  Manage subscription
                </Button>
              </Form>
              {endsAt ? (
                <Text size="sm" c="dimmed" mt="xs" ta="center">
                  Your Pro plan ends on {formatDay(endsAt)}.
                </Text>
              ) : renewsAt ? (
                <Text size="sm" c="dimmed" mt="xs" ta="center">
                  Your Pro plan renews on {formatDay(renewsAt)}.
                </Text>
              ) : null}
            </>
          ) : (
            <Form method="post" action="/pricing">
              <Button type="submit" fullWidth loading={upgrading}>
                Upgrade to Pro
              </Button>
              <Text size="xs" c="dimmed" mt="xs" ta="center">
                {!loaderData.paymentsConfigured
                  ? 'Payments are not configured on this site yet, so upgrading is not available.'
                  : signedIn
                    ? 'Secure payment on Stripe. Cancel any time.'
                    : 'Sign in first; secure payment on Stripe. Cancel any time.'}
              </Text>
            </Form>
          )}
        </PlanCard>
      </SimpleGrid>

      <Paper withBorder radius="lg" p="xl" mt={48} ta="center">
        <Title order={2} fz={24} mb="xs">
          Still Unsure?
        </Title>
        <Text c="dimmed" mb="md">
          Read the answers to common questions, or ask us directly: we reply within 1-2 business days.
        </Text>
        <Group justify="center">
          <Button component={Link} to="/faq" variant="light">
            Read the FAQ
          </Button>
          <Button component={Link} to="/contact" variant="default">
            Contact us
          </Button>
        </Group>
      </Paper>
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
