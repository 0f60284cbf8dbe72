import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeUser } from '../support/factories'
import { applyStripeEvent, billingHistory, BILLING_ERRORS } from '~/domain/billing/billing.server'
import { createSession } from '~/domain/accounts/sessions.server'
import { action as upgrade, loader as pricingLoader } from '~/routes/pricing'
import { action as portal } from '~/routes/billing-portal'
import { action as webhook, loader as webhookGet } from '~/routes/api/stripe-webhook'
import { loader as historyApi } from '~/routes/api/auth-billing-history'
import { FAKE_STRIPE_PRICE_ID, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe } from '../fakes/stripe.mjs'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

// Checkout, the Billing Portal and the webhook against the local fake of Stripe's API, with
// events signed by the SDK's own test helper, as Stripe would sign them.
describe('Stripe billing', () => {
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>
  let t: TestContext
  let plain: TestContext
  beforeAll(async () => {
    stripe = await startFakeStripe()
    t = await createTestContext({ ...stripe.env, APP_URL: 'http://localhost' })
    plain = await createTestContext({ APP_URL: 'http://localhost' })
  })
  afterAll(async () => {
    await stripe.close()
    await t.close()
    await plain.close()
  })

  const now = () => Math.floor(Date.now() / 1000)
  const signedInAs = async (userId: string) => ({ cookie: `__session=${(await createSession(t.db, userId)).token}` })
  const userRow = (id: string) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  const post = (fn: (args: never) => unknown, path: string, headers: Record<string, string> = {}, ctx = t) =>
    callRoute(fn, { request: makeRequest(path, { method: 'POST', headers, form: {} }), context: ctx.routerContext() })

  /** Sends an event to the webhook route, signed unless told otherwise. */
  async function deliver(
    event: object,
    options: { secret?: string; signature?: string | null; tamper?: boolean; ctx?: TestContext } = {},
  ) {
    const payload = JSON.stringify(event)
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET,
    })
    const signature = options.signature === undefined ? header : options.signature
    const body = options.tamper ? payload.replace('"amount_paid":900', '"amount_paid":1') : payload
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (signature !== null) headers['stripe-signature'] = signature
    const res = (await callRoute(webhook, {
      request: makeRequest('/api/stripe/webhook', { method: 'POST', body, headers }),
      context: (options.ctx ?? t).routerContext(),
    })) as Response
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }

  const event = <T extends object>(type: string, object: T) => ({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type,
    created: now(),
    data: { object },
  })

  /** A subscription as current API versions send it: the period lives on its items. */
  const subscription = (customer: string, extra: Record<string, unknown> = {}) => ({
    id: `sub_${randomUUID().slice(0, 8)}`,
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    ended_at: null,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          current_period_start: now(),
          current_period_end: now() + 30 * 86_400,
        },
      ],
    },
    ...extra,
  })

  const invoice = (customer: string, extra: Record<string, unknown> = {}) => ({
    id: `in_${randomUUID().slice(0, 8)}`,
    object: 'invoice',
    customer,
    amount_paid: 900,
    currency: 'usd',
    created: now() - 60,
    status: 'paid',
    status_transitions: { paid_at: now() - 30 },
    parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_x', metadata: {} } },
    lines: {
      object: 'list',
      data: [
        {
          id: 'il_1',
          object: 'line_item',
          description: '1 × Pro (at $9.00 / month)',
          amount: 900,
          period: { start: now() - 30, end: now() - 30 + 31 * 86_400 },
        },
      ],
    },
    ...extra,
  })

  /** A user who has been through checkout: a Stripe customer of their own. */
  async function customerUser(plan: 'free' | 'pro' = 'free') {
    const user = await makeUser(t.db, { plan })
    const customer = `cus_${randomUUID().slice(0, 12)}`
    await t.db.updateTable('users').set({ stripe_customer_id: customer }).where('id', '=', user.id).execute()
    return { user, customer }
  }

  describe('upgrade', () => {
    it('sends a signed-out visitor to sign in first, back to /pricing', async () => {
      const res = (await post(upgrade, '/pricing')) as Response
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe('/login?redirect=/pricing')
    })

    it('creates the Stripe customer once, then a subscription Checkout Session, and answers 303 to its hosted page', async () => {
      const user = await makeUser(t.db, { email: `buyer-${randomUUID().slice(0, 6)}@example.com` })
      const headers = await signedInAs(user.id)
      const customersBefore = stripe.customers.size

      const res = (await post(upgrade, '/pricing', headers)) as Response
      expect(res.status).toBe(303)
      const location = new URL(res.headers.get('location')!)
      expect(location.origin).toBe(stripe.base)
      expect(location.pathname).toMatch(/^\/checkout\/cs_test_\w+$/)

      const stored = (await userRow(user.id)).stripe_customer_id
      expect(stored).toMatch(/^cus_test_/)
      expect(stripe.customers.get(stored!)).toMatchObject({ email: user.email, metadata: { userId: user.id } })
      const checkout = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.params
      expect(checkout).toMatchObject({
        mode: 'subscription',
        customer: stored,
        client_reference_id: user.id,
        line_items: [{ price: FAKE_STRIPE_PRICE_ID, quantity: '1' }],
        success_url: 'http://localhost/profile?checkout=success',
        cancel_url: 'http://localhost/pricing?checkout=cancelled',
      })

      // A second try reuses the customer.
      const again = (await post(upgrade, '/pricing', headers)) as Response
      expect(again.status).toBe(303)
      expect(stripe.customers.size).toBe(customersBefore + 1)
      expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.params.customer).toBe(stored)
    })

    it('without Stripe keys explains that payments are not configured, without a 500', async () => {
      const user = await makeUser(plain.db)
      const cookie = `__session=${(await createSession(plain.db, user.id)).token}`
      const res = await post(upgrade, '/pricing', { cookie }, plain)
      expect(res).toMatchObject({ init: { status: 409 }, data: { error: BILLING_ERRORS['not-configured'] } })
      expect(BILLING_ERRORS['not-configured']).toMatch(/not configured/)
    })

    it('the pricing page says whether upgrading can be paid for before the button is pressed', async () => {
      const page = async (on: TestContext) =>
        (await callRoute(pricingLoader, { request: makeRequest('/pricing'), context: on.routerContext() })) as {
          paymentsConfigured: boolean
        }
      expect((await page(plain)).paymentsConfigured).toBe(false)
      expect((await page(t)).paymentsConfigured).toBe(true)
    })

    it('without Stripe keys, Manage subscription says the subscription cannot be managed (not that upgrading is off)', async () => {
      const user = await makeUser(plain.db, { plan: 'pro' })
      const cookie = `__session=${(await createSession(plain.db, user.id)).token}`
      const res = (await post(portal, '/billing/portal', { cookie }, plain)) as Response
      expect(res.headers.get('location')).toBe('/pricing?billing=portal-not-configured')
      const page = (await callRoute(pricingLoader, {
        request: makeRequest('/pricing?billing=portal-not-configured'),
        context: plain.routerContext(),
      })) as { billingError: string }
      expect(page.billingError).toBe(BILLING_ERRORS['portal-not-configured'])
      expect(page.billingError).toMatch(/subscription cannot be managed/)
      expect(page.billingError).not.toMatch(/upgrading/)
    })

    it('does not start a second subscription for a Pro user', async () => {
      const { user } = await customerUser('pro')
      const res = await post(upgrade, '/pricing', await signedInAs(user.id))
      expect(res).toMatchObject({ init: { status: 409 }, data: { error: BILLING_ERRORS['already-pro'] } })
    })

    it('says so when Stripe cannot be reached', async () => {
      const down = await createTestContext({
        ...stripe.env,
        STRIPE_API_URL: 'http://127.0.0.1:9',
        APP_URL: 'http://localhost',
      })
      const user = await makeUser(down.db)
      const cookie = `__session=${(await createSession(down.db, user.id)).token}`
      const res = await post(upgrade, '/pricing', { cookie }, down)
      expect(res).toMatchObject({ init: { status: 502 }, data: { error: BILLING_ERRORS['provider-unavailable'] } })
      await down.close()
    })

    it('the page shows the upgrade banner only with alert=upgrade_required', async () => {
      const withAlert = (await callRoute(pricingLoader, {
        request: makeRequest('/pricing?alert=upgrade_required'),
        context: t.routerContext(),
      })) as { upgradeRequired: boolean }
      const without = (await callRoute(pricingLoader, {
        request: makeRequest('/pricing'),
        context: t.routerContext(),
      })) as { upgradeRequired: boolean }
      expect(withAlert.upgradeRequired).toBe(true)
      expect(without.upgradeRequired).toBe(false)
    })
  })

  describe('billing portal', () => {
    it('answers 303 to the portal of the user’s customer, returning to /profile', async () => {
      const user = await makeUser(t.db)
      const headers = await signedInAs(user.id)
      await post(upgrade, '/pricing', headers) // links a customer, as a real upgrade does
      const res = (await post(portal, '/billing/portal', headers)) as Response
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toMatch(new RegExp(`^${stripe.base}/portal/bps_test_\\w+$`))
      const params = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!.params
      expect(params).toEqual({
        customer: (await userRow(user.id)).stripe_customer_id,
        return_url: 'http://localhost/profile',
      })
    })

    it('goes back to /pricing with an explanation when there is nothing to manage, and to login when signed out', async () => {
      const user = await makeUser(t.db)
      const res = (await post(portal, '/billing/portal', await signedInAs(user.id))) as Response
      expect(res.headers.get('location')).toBe('/pricing?billing=no-subscription')
      const page = (await callRoute(pricingLoader, {
        request: makeRequest('/pricing?billing=no-subscription'),
        context: t.routerContext(),
      })) as { billingError: string }
      expect(page.billingError).toBe(BILLING_ERRORS['no-subscription'])
      const anonymous = (await post(portal, '/billing/portal')) as Response
      expect(anonymous.headers.get('location')).toBe('/login?redirect=/pricing')
    })
  })

  describe('webhook', () => {
    it('refuses a missing, wrong or tampered signature with 400 and changes nothing', async () => {
      const { user, customer } = await customerUser()
      const paid = event('invoice.paid', invoice(customer))
      expect(await deliver(paid, { signature: null })).toEqual({
        status: 400,
        body: { error: 'Missing Stripe-Signature header', reason: 'bad-signature' },
      })
      expect(await deliver(paid, { secret: 'whsec_someone_else' })).toEqual({
        status: 400,
        body: { error: 'Invalid signature', reason: 'bad-signature' },
      })
      expect(await deliver(paid, { tamper: true })).toEqual({
        status: 400,
        body: { error: 'Invalid signature', reason: 'bad-signature' },
      })
      expect(await deliver(paid, { signature: 'garbage' })).toMatchObject({ status: 400 })
      expect(await billingHistory(t.db, user.id)).toEqual([])
      expect(await t.db.selectFrom('stripe_events').select('id').where('id', '=', paid.id).execute()).toEqual([])
    })

    it('answers 503 without a webhook secret, and 405 to anything but POST', async () => {
      expect(await deliver(event('invoice.paid', {}), { ctx: plain })).toEqual({
        status: 503,
        body: { error: 'Payments are not configured', reason: 'webhook-not-configured' },
      })
      expect(
        (
          (await callRoute(webhookGet, {
            request: makeRequest('/api/stripe/webhook'),
            context: t.routerContext(),
          })) as Response
        ).status,
      ).toBe(405)
    })

    it('checkout.session.completed links the customer and subscription and makes the user Pro', async () => {
      const user = await makeUser(t.db)
      const res = await deliver(
        event('checkout.session.completed', {
          id: 'cs_1',
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: user.id,
          customer: `cus_linked_${user.id.slice(0, 8)}`,
          subscription: 'sub_linked',
          payment_status: 'paid',
        }),
      )
      expect(res).toEqual({ status: 200, body: { received: true } })
      expect(await userRow(user.id)).toMatchObject({
        plan: 'pro',
        stripe_customer_id: `cus_linked_${user.id.slice(0, 8)}`,
        stripe_subscription_id: 'sub_linked',
      })
    })

    it('an unpaid checkout (asynchronous payment) links the ids but waits for the subscription to turn active', async () => {
      const { user, customer } = await customerUser()
      await deliver(
        event('checkout.session.completed', {
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: user.id,
          customer,
          subscription: 'sub_wait',
          payment_status: 'unpaid',
        }),
      )
      expect(await userRow(user.id)).toMatchObject({ plan: 'free', stripe_subscription_id: 'sub_wait' })
    })

    it('customer.subscription.created sets Pro and the renewal date from the subscription item', async () => {
      const { user, customer } = await customerUser()
      const sub = subscription(customer)
      await deliver(event('customer.subscription.created', sub))
      const row = await userRow(user.id)
      expect(row).toMatchObject({ plan: 'pro', stripe_subscription_id: sub.id, subscription_ends_at: null })
      expect(row.subscription_renews_at?.getTime()).toBe(sub.items.data[0].current_period_end * 1000)
    })

    it('reads the period end at the top level when the items do not carry it (older API versions)', async () => {
      const { user, customer } = await customerUser()
      const end = now() + 10 * 86_400
      await deliver(
        event(
          'customer.subscription.updated',
          subscription(customer, { items: { data: [{ id: 'si' }] }, current_period_end: end }),
        ),
      )
      expect((await userRow(user.id)).subscription_renews_at?.getTime()).toBe(end * 1000)
    })

    it('customer.subscription.updated with cancel_at_period_end sets the end date; the user keeps Pro until then', async () => {
      const { user, customer } = await customerUser()
      const sub = subscription(customer)
      await deliver(event('customer.subscription.created', sub))
      await deliver(event('customer.subscription.updated', { ...sub, cancel_at_period_end: true }))
      const row = await userRow(user.id)
      expect(row.plan).toBe('pro')
      expect(row.subscription_ends_at?.getTime()).toBe(sub.items.data[0].current_period_end * 1000)
      expect(row.subscription_renews_at).toBeNull()
      // Resumed in the portal: renewing again, no end date.
      await deliver(event('customer.subscription.updated', sub))
      expect(await userRow(user.id)).toMatchObject({ subscription_ends_at: null, plan: 'pro' })
    })

    it('customer.subscription.updated with cancel_at sets that as the end date', async () => {
      const { user, customer } = await customerUser()
      const cancelAt = now() + 5 * 86_400
      await deliver(event('customer.subscription.updated', subscription(customer, { cancel_at: cancelAt })))
      expect((await userRow(user.id)).subscription_ends_at?.getTime()).toBe(cancelAt * 1000)
    })

    it('customer.subscription.updated to canceled or unpaid returns the user to Free', async () => {
      for (const status of ['canceled', 'unpaid']) {
        const { user, customer } = await customerUser()
        const sub = subscription(customer)
        await deliver(event('customer.subscription.created', sub))
        await deliver(event('customer.subscription.updated', { ...sub, status }))
        expect((await userRow(user.id)).plan).toBe('free')
      }
    })

    it('past_due keeps Pro while Stripe retries the card', async () => {
      const { user, customer } = await customerUser()
      const sub = subscription(customer)
      await deliver(event('customer.subscription.created', sub))
      await deliver(event('customer.subscription.updated', { ...sub, status: 'past_due' }))
      expect((await userRow(user.id)).plan).toBe('pro')
    })

    it('customer.subscription.deleted returns the user to Free with the end date it ended', async () => {
      const { user, customer } = await customerUser()
      const sub = subscription(customer)
      await deliver(event('customer.subscription.created', sub))
      const endedAt = now() - 5
      await deliver(event('customer.subscription.deleted', { ...sub, status: 'canceled', ended_at: endedAt }))
      const row = await userRow(user.id)
      expect(row).toMatchObject({ plan: 'free', subscription_renews_at: null })
      expect(row.subscription_ends_at?.getTime()).toBe(endedAt * 1000)
    })

    it('the end of an older subscription does not take away a newer one', async () => {
      const { user, customer } = await customerUser()
      const old = subscription(customer)
      const current = subscription(customer)
      await deliver(event('customer.subscription.created', old))
      await deliver(event('customer.subscription.created', current))
      await deliver(event('customer.subscription.deleted', { ...old, status: 'canceled', ended_at: now() }))
      expect(await userRow(user.id)).toMatchObject({ plan: 'pro', stripe_subscription_id: current.id })
    })

    it('invoice.paid writes one payments row for billing history', async () => {
      const { user, customer } = await customerUser()
      const inv = invoice(customer)
      await deliver(event('invoice.paid', inv))
      expect(await billingHistory(t.db, user.id)).toEqual([
        {
          description: 'Pro plan (monthly)',
          date: new Date(inv.status_transitions.paid_at * 1000).toISOString(),
          amount: 9,
          currency: 'usd',
        },
      ])
    })

    it('invoice.paid falls back to the invoice time when paid_at is missing', async () => {
      const { user, customer } = await customerUser()
      const inv = invoice(customer, { status_transitions: {} })
      await deliver(event('invoice.paid', inv))
      expect((await billingHistory(t.db, user.id))[0].date).toBe(new Date(inv.created * 1000).toISOString())
    })

    it('applies each event once: a repeat delivery, or another event for the same invoice, adds nothing', async () => {
      const { user, customer } = await customerUser()
      const paid = event('invoice.paid', invoice(customer))
      expect((await deliver(paid)).status).toBe(200)
      expect((await deliver(paid)).status).toBe(200)
      // Stripe may also retry the same invoice under a new event id.
      await deliver({ ...paid, id: `evt_${randomUUID()}` })
      expect(await billingHistory(t.db, user.id)).toHaveLength(1)
      expect(await t.db.selectFrom('stripe_events').select('id').where('id', '=', paid.id).execute()).toHaveLength(1)
    })

    it('a repeated event has no second effect even after the state moved on', async () => {
      const { user, customer } = await customerUser()
      const sub = subscription(customer)
      const deleted = event('customer.subscription.deleted', { ...sub, status: 'canceled', ended_at: now() })
      await deliver(deleted)
      expect((await userRow(user.id)).plan).toBe('free')
      await deliver(event('customer.subscription.created', sub))
      // The old deletion arrives again: it was applied already, so Pro stays.
      await deliver(deleted)
      expect((await userRow(user.id)).plan).toBe('pro')
    })

    it('parallel deliveries of one event apply it once', async () => {
      const { user, customer } = await customerUser()
      const paid = event('invoice.paid', invoice(customer))
      const results = await Promise.all(Array.from({ length: 8 }, () => applyStripeEvent(t.db, paid)))
      expect(results.filter((r) => r.applied)).toHaveLength(1)
      expect(await billingHistory(t.db, user.id)).toHaveLength(1)
    })

    it('records and ignores unknown event types and events for customers we do not know', async () => {
      const unknown = event('customer.discount.created', { id: 'di_1' })
      expect(await deliver(unknown)).toEqual({ status: 200, body: { received: true } })
      const stranger = event('invoice.paid', invoice('cus_not_ours'))
      expect(await deliver(stranger)).toEqual({ status: 200, body: { received: true } })
      const recorded = await t.db
        .selectFrom('stripe_events')
        .select(['id', 'type'])
        .where('id', 'in', [unknown.id, stranger.id])
        .orderBy('type')
        .execute()
      expect(recorded).toEqual([
        { id: unknown.id, type: 'customer.discount.created' },
        { id: stranger.id, type: 'invoice.paid' },
      ])
      expect(
        await t.db
          .selectFrom('payments')
          .select('id')
          .where('stripe_invoice_id', '=', stranger.data.object.id)
          .execute(),
      ).toEqual([])
    })
  })

  describe('billing history', () => {
    it('lists the user’s payments newest first as {description, date, amount in dollars, currency}', async () => {
      const { user, customer } = await customerUser()
      const other = await customerUser()
      await deliver(event('invoice.paid', invoice(customer, { status_transitions: { paid_at: now() - 40 * 86_400 } })))
      await deliver(
        event(
          'invoice.paid',
          invoice(customer, { amount_paid: 1250, status_transitions: { paid_at: now() - 86_400 } }),
        ),
      )
      await deliver(event('invoice.paid', invoice(other.customer)))
      const history = await billingHistory(t.db, user.id)
      expect(history.map((item) => item.amount)).toEqual([12.5, 9])
      expect(new Date(history[0].date) > new Date(history[1].date)).toBe(true)
      expect(Object.keys(history[0]).sort()).toEqual(['amount', 'currency', 'date', 'description'])
      expect(history[0].date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    })

    it('GET /api/auth/billing/history: 401 without a session, the user’s own history with a bearer token', async () => {
      const anonymous = (await callRoute(historyApi, {
        request: makeRequest('/api/auth/billing/history'),
        context: t.routerContext(),
      })) as Response
      expect(anonymous.status).toBe(401)
      expect(await anonymous.json()).toEqual({ error: 'Authentication required' })

      const { user, customer } = await customerUser()
      await deliver(event('invoice.paid', invoice(customer)))
      const { token } = await createSession(t.db, user.id)
      const res = (await callRoute(historyApi, {
        request: makeRequest('/api/auth/billing/history', { headers: { authorization: `Bearer ${token}` } }),
        context: t.routerContext(),
      })) as Response
      expect(res.status).toBe(200)
      const body = (await res.json()) as { history: unknown[] }
      expect(body.history).toEqual([
        expect.objectContaining({ description: 'Pro plan (monthly)', amount: 9, currency: 'usd' }),
      ])
    })
  })
})
