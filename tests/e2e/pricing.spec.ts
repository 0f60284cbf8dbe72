import Stripe from 'stripe'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { FAKE_STRIPE_WEBHOOK_SECRET } from '../fakes/stripe.mjs'
import { e2eQuery, hydrated, register, uniqueEmail } from './support'

const UPGRADE_REQUIRED = 'You need to upgrade your account to continue downloading assets.'

/** Posts an event to the webhook as Stripe would: signed with the endpoint's secret. */
async function sendStripeEvent(request: APIRequestContext, type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_e2e_${Date.now()}_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  })
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET })
  const res = await request.post('/api/stripe/webhook', {
    data: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  })
  expect(res.status()).toBe(200)
  expect(await res.json()).toEqual({ received: true })
}

test('the plans, the upgrade_required banner and the Still Unsure? links', async ({ page }) => {
  await page.goto('/pricing?alert=upgrade_required')
  await expect(page.getByText(UPGRADE_REQUIRED)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Free', exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Pro', exact: true })).toBeVisible()
  await expect(page.getByText('5 downloads a day', { exact: true })).toBeVisible()
  await expect(page.getByText('$9', { exact: true })).toBeVisible()
  await expect(page.getByText('per month', { exact: true })).toBeVisible()
  await expect(page.getByText('Unlimited downloads', { exact: true })).toBeVisible()
  await expect(page.getByText('Early access to new assets', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Still Unsure?' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Read the FAQ' })).toHaveAttribute('href', '/faq')
  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact')
  await expect(page).toHaveTitle('Pricing | AI Stock Library')

  await page.goto('/pricing')
  await expect(page.getByRole('heading', { name: 'Pro', exact: true })).toBeVisible()
  await expect(page.getByText(UPGRADE_REQUIRED)).toHaveCount(0)
})

test('Upgrade: signed out it asks to sign in, then reaches checkout; after the webhook, Pro manages the subscription', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('pro')
  await register(page, { name: 'Paula Pro', email, password: 'upgrade-me-1' })

  // Registering does not sign in: Upgrade goes to the login page, which comes back here.
  await page.goto('/pricing')
  await hydrated(page)
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click()
  await expect(page).toHaveURL(/\/login\?redirect=(\/|%2F)pricing$/)
  await page.locator('input[name=email]').fill(email)
  await page.locator('input[name=password]').fill('upgrade-me-1')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/pricing$/)

  await hydrated(page)
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click()
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible()
  expect(new URL(page.url()).pathname).toMatch(/^\/checkout\/cs_test_\w+$/)

  // Stripe tells the site the payment went through.
  const [user] = await e2eQuery<{ id: string; stripe_customer_id: string }>(
    'select id, stripe_customer_id from users where email = $1',
    [email],
  )
  expect(user.stripe_customer_id).toMatch(/^cus_test_/)
  await expect(page.getByText(user.stripe_customer_id)).toBeVisible()
  const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400
  const subscription = `sub_e2e_${Date.now()}`
  await sendStripeEvent(request, 'checkout.session.completed', {
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: user.id,
    customer: user.stripe_customer_id,
    subscription,
    payment_status: 'paid',
  })
  await sendStripeEvent(request, 'customer.subscription.created', {
    id: subscription,
    object: 'subscription',
    customer: user.stripe_customer_id,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    items: { object: 'list', data: [{ id: 'si_e2e', object: 'subscription_item', current_period_end: periodEnd }] },
  })

  await page.goto('/pricing')
  await hydrated(page)
  await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toHaveCount(0)
  // The site's one way of writing a day: '30 November 2026', in UTC.
  const end = new Date(periodEnd * 1000)
  const renews = `${end.getUTCDate()} ${end.toLocaleString('en', { month: 'long', timeZone: 'UTC' })} ${end.getUTCFullYear()}`
  await expect(page.getByText(`Your Pro plan renews on ${renews}.`)).toBeVisible()
  await page.getByRole('button', { name: 'Manage subscription' }).click()
  await expect(page.getByRole('heading', { name: 'Fake Stripe Billing Portal' })).toBeVisible()
})
