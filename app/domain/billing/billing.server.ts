import Stripe from 'stripe'
import { sql, type Transaction } from 'kysely'
import type { DB } from '#db/client'
import type { Database, User } from '#db/schema'
import type { Config } from '~/config.server'
import { log } from '~/platform/log.server'

// Pro subscriptions through Stripe: Checkout in subscription mode, the
// Billing Portal for changes and cancelling, and a webhook whose events set the plan, the
// renewal and end dates, and the billing history. Stripe is the source of truth; these rows
// are what the webhook last told us.

/** Why a billing request could not go ahead; the messages are shown as they are. */
export const BILLING_ERRORS = {
  'not-configured':
    'Payments are not configured on this site yet, so upgrading is not available. Please try again later.',
  'portal-not-configured':
    'Payments are not configured on this site yet, so your subscription cannot be managed here. Please try again later.',
  'provider-unavailable': 'The payment provider could not be reached. Please try again in a moment.',
  'already-pro': 'You already have the Pro plan. Use Manage subscription to change or cancel it.',
  'no-subscription': 'You have no subscription to manage yet.',
} as const
export type BillingErrorCode = keyof typeof BILLING_ERRORS

export type BillingResult = { ok: true; url: string } | { ok: false; reason: BillingErrorCode; error: string }

const fail = (reason: BillingErrorCode): BillingResult => ({ ok: false, reason, error: BILLING_ERRORS[reason] })

const clients = new WeakMap<Config, Stripe>()

/** The Stripe API client, or null when no secret key is set. STRIPE_API_URL points it at a fake in tests. */
export function stripeClient(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null
  let client = clients.get(config)
  if (!client) {
    const options: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000, telemetry: false }
    if (config.STRIPE_API_URL) {
      const api = new URL(config.STRIPE_API_URL)
      const protocol = api.protocol === 'http:' ? 'http' : 'https'
      Object.assign(options, { host: api.hostname, port: api.port || (protocol === 'http' ? 80 : 443), protocol })
    }
    client = new Stripe(config.STRIPE_SECRET_KEY, options)
    clients.set(config, client)
  }
  return client
}

function providerFailure(action: string, error: unknown): BillingResult {
  if (!(error instanceof Stripe.errors.StripeError)) throw error
  log.error(`stripe ${action} failed`, {
    type: error.type,
    code: error.code,
    status: error.statusCode,
    message: error.message,
  })
  return fail('provider-unavailable')
}

/**
 * The user's Stripe customer, created on first use (email, metadata.userId) and stored. The
 * idempotency key and the conditional update keep a double submit from making two customers.
 */
async function ensureCustomer(db: DB, stripe: Stripe, user: User): Promise<string> {
  const current = await db.selectFrom('users').select('stripe_customer_id').where('id', '=', user.id).executeTakeFirst()
  if (current?.stripe_customer_id) return current.stripe_customer_id
  const customer = await stripe.customers.create(
    { email: user.email, name: user.full_name || undefined, metadata: { userId: user.id } },
    { idempotencyKey: `customer-for-user-${user.id}` },
  )
  const linked = await db
    .updateTable('users')
    .set({ stripe_customer_id: customer.id, updated_at: new Date() })
    .where('id', '=', user.id)
    .where('stripe_customer_id', 'is', null)
    .returning('stripe_customer_id')
    .executeTakeFirst()
  if (linked) return customer.id
  // Another request linked one first: use that one.
  const row = await db
    .selectFrom('users')
    .select('stripe_customer_id')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow()
  return row.stripe_customer_id ?? customer.id
}

/** Whether this site can take a payment for Pro: Stripe's key and the plan's price are set. */
export function paymentsConfigured(config: Config): boolean {
  return Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_PRICE_ID)
}

/** A Checkout Session for Pro (subscription mode) for this user; answers its hosted URL. */
export async function createCheckoutSession(db: DB, config: Config, user: User): Promise<BillingResult> {
  const stripe = stripeClient(config)
  if (!stripe || !paymentsConfigured(config)) return fail('not-configured')
  // A second subscription would bill twice; a cancelled one is renewed in the Billing Portal.
  if (user.plan === 'pro') return fail('already-pro')
  try {
    const customer = await ensureCustomer(db, stripe, user)
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price: config.STRIPE_PRICE_ID, quantity: 1 }],
      success_url: `${config.appUrl}/profile?checkout=success`,
      cancel_url: `${config.appUrl}/pricing?checkout=cancelled`,
      metadata: { userId: user.id },
      subscription_data: { metadata: { userId: user.id } },
    })
    if (!session.url) return fail('provider-unavailable')
    return { ok: true, url: session.url }
  } catch (error) {
    return providerFailure('checkout', error)
  }
}

/** A Billing Portal session (card, invoices, cancelling) that returns to /profile. */
export async function createPortalSession(db: DB, config: Config, user: User): Promise<BillingResult> {
  const stripe = stripeClient(config)
  if (!stripe) return fail('portal-not-configured')
  const row = await db.selectFrom('users').select('stripe_customer_id').where('id', '=', user.id).executeTakeFirst()
  if (!row?.stripe_customer_id) return fail('no-subscription')
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: row.stripe_customer_id,
      return_url: `${config.appUrl}/profile`,
    })
    return { ok: true, url: session.url }
  } catch (error) {
    return providerFailure('billing portal', error)
  }
}

/**
 * Cancels the user's Stripe subscription at once (the account is being deleted); true when
 * there is none left to bill. The webhook that follows finds no user and is only recorded.
 */
export async function cancelSubscriptionNow(
  config: Config,
  user: Pick<User, 'stripe_subscription_id' | 'subscription_ends_at'>,
): Promise<boolean> {
  const subscriptionId = user.stripe_subscription_id
  if (!subscriptionId || (user.subscription_ends_at && user.subscription_ends_at.getTime() <= Date.now())) return true
  const stripe = stripeClient(config)
  if (!stripe) return false
  try {
    await stripe.subscriptions.cancel(subscriptionId)
    return true
  } catch (error) {
    // Already gone at Stripe: nothing left to cancel.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return true
    providerFailure('cancel subscription', error)
    return false
  }
}

// ---- Webhook events ------------------------------------------------------------------------

/** The part of a Stripe event we read; `Stripe.Event` fits it. */
export interface StripeEventInput {
  id: string
  type: string
  created?: number
  data: { object: unknown }
}

export type VerifiedEvent =
  | { ok: true; event: Stripe.Event }
  | { ok: false; reason: 'webhook-not-configured' | 'bad-signature' | 'bad-payload'; error: string }

/**
 * Checks a webhook delivery's signature against the raw body (any re-encoding would break it)
 * and the Stripe-Signature header, within Stripe's default five-minute tolerance.
 */
export function verifyStripeEvent(config: Config, payload: string, signature: string | null): VerifiedEvent {
  if (!config.STRIPE_WEBHOOK_SECRET)
    return { ok: false, reason: 'webhook-not-configured', error: 'Payments are not configured' }
  if (!signature) return { ok: false, reason: 'bad-signature', error: 'Missing Stripe-Signature header' }
  try {
    return { ok: true, event: Stripe.webhooks.constructEvent(payload, signature, config.STRIPE_WEBHOOK_SECRET) }
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError)
      return { ok: false, reason: 'bad-signature', error: 'Invalid signature' }
    // A signed body that is not JSON.
    return { ok: false, reason: 'bad-payload', error: 'Invalid payload' }
  }
}

type Obj = Record<string, unknown>
type Trx = Transaction<Database>

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
/** An id field that may also arrive expanded into its object. */
const idOf = (v: unknown): string | null => str(v) ?? (isObj(v) ? str(v.id) : null)
const at = (seconds: number | null): Date | null => (seconds === null ? null : new Date(seconds * 1000))
const get = (v: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>(
    (node, key) =>
      Array.isArray(node) && typeof key === 'number' ? node[key] : isObj(node) ? node[key as string] : undefined,
    v,
  )
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const ACTIVE = new Set(['active', 'trialing'])
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired', 'paused'])

/** Who an event is about: our user id if Stripe carries it back, else the stored customer. */
async function findUser(trx: Trx, ref: { userId?: unknown; customerId?: string | null }): Promise<User | undefined> {
  const userId = str(ref.userId)
  if (userId && UUID.test(userId)) {
    const byId = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
    if (byId) return byId
  }
  if (!ref.customerId) return undefined
  return trx.selectFrom('users').selectAll().where('stripe_customer_id', '=', ref.customerId).executeTakeFirst()
}

/**
 * Applies one webhook event exactly once: its id goes into stripe_events in the same
 * transaction as its effects, so a repeat (Stripe retries, or delivers twice) changes nothing,
 * and a failure leaves no trace for the retry to trip over. Unknown types are recorded and
 * ignored. Returns whether this delivery was the one that applied it.
 */
export async function applyStripeEvent(db: DB, event: StripeEventInput): Promise<{ applied: boolean }> {
  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('stripe_events')
      .values({ id: event.id, type: event.type })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!fresh) return { applied: false }
    const object = isObj(event.data?.object) ? event.data.object : {}
    const eventTime = at(num(event.created)) ?? new Date()
    switch (event.type) {
      case 'checkout.session.completed':
        await checkoutCompleted(trx, event, object)
        break
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
        await subscriptionChanged(trx, event, object, eventTime)
        break
      case 'customer.subscription.deleted':
        await subscriptionDeleted(trx, event, object, eventTime)
        break
      case 'invoice.paid':
        await invoicePaid(trx, event, object)
        break
    }
    return { applied: true }
  })
}

function unmatched(event: StripeEventInput, customerId: string | null) {
  // Recorded anyway: a customer we do not know (another product on the account) never will be.
  log.warn('stripe event for an unknown customer', { eventId: event.id, type: event.type, customerId })
}

async function checkoutCompleted(trx: Trx, event: StripeEventInput, session: Obj) {
  if (session.mode !== undefined && session.mode !== 'subscription') return
  const customerId = idOf(session.customer)
  const user = await findUser(trx, {
    userId: session.client_reference_id ?? get(session, 'metadata', 'userId'),
    customerId,
  })
  if (!user) return unmatched(event, customerId)
  const subscriptionId = idOf(session.subscription)
  // An asynchronous payment method completes checkout unpaid: Pro waits for the subscription to turn active.
  const paid =
    session.payment_status === undefined ||
    session.payment_status === 'paid' ||
    session.payment_status === 'no_payment_required'
  await trx
    .updateTable('users')
    .set({
      // A customer is ours once set: never moved to another user (it is unique).
      stripe_customer_id: user.stripe_customer_id ?? customerId,
      ...(subscriptionId ? { stripe_subscription_id: subscriptionId } : {}),
      ...(paid ? { plan: 'pro' as const, subscription_ends_at: null } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', user.id)
    .execute()
  if (paid && subscriptionId) {
    const total = num(session.amount_total)
    await subscriptionStarted(trx, subscriptionId, eventTimeOf(event), total === null ? null : Math.round(total))
  }
}

const eventTimeOf = (event: StripeEventInput): Date => at(num(event.created)) ?? new Date()

const MONTHS_PER: Record<string, number> = { day: 12 / 365, week: 12 / 52, month: 1, year: 12 }

/** What a subscription bills a month, in cents, from its first item's price; null when not said. */
function monthlyCents(sub: Obj): number | null {
  const item = get(sub, 'items', 'data', 0)
  const price = get(item, 'price') ?? get(item, 'plan') ?? sub.plan
  const amount = num(get(price, 'unit_amount')) ?? num(get(price, 'amount'))
  if (amount === null) return null
  const interval = str(get(price, 'recurring', 'interval')) ?? str(get(price, 'interval')) ?? 'month'
  const count = num(get(price, 'recurring', 'interval_count')) ?? num(get(price, 'interval_count')) ?? 1
  const quantity = num(get(item, 'quantity')) ?? 1
  return Math.round((amount * quantity) / ((MONTHS_PER[interval] ?? 1) * Math.max(1, count)))
}

/**
 * The subscription's row in subscription_periods (migration 0020), for the analytics: started
 * once (the first word wins), its monthly amount kept current, reopened if it comes back.
 */
async function subscriptionStarted(trx: Trx, subscriptionId: string, startedAt: Date, cents: number | null) {
  await trx
    .insertInto('subscription_periods')
    .values({ subscription_id: subscriptionId, started_at: startedAt, monthly_cents: cents ?? 0 })
    .onConflict((oc) =>
      oc.column('subscription_id').doUpdateSet((eb) => ({
        started_at: sql<Date>`least(subscription_periods.started_at, ${startedAt})`,
        monthly_cents: cents === null ? eb.ref('subscription_periods.monthly_cents') : eb.val(cents),
        ended_at: null,
      })),
    )
    .execute()
}

async function subscriptionEnded(trx: Trx, subscriptionId: string | null, endedAt: Date) {
  if (!subscriptionId) return
  await trx
    .updateTable('subscription_periods')
    .set({ ended_at: endedAt })
    .where('subscription_id', '=', subscriptionId)
    .where('ended_at', 'is', null)
    .execute()
}

async function subscriptionChanged(trx: Trx, event: StripeEventInput, sub: Obj, eventTime: Date) {
  const customerId = idOf(sub.customer)
  const user = await findUser(trx, { userId: get(sub, 'metadata', 'userId'), customerId })
  if (!user) return unmatched(event, customerId)
  const subscriptionId = str(sub.id)
  const status = str(sub.status) ?? ''
  const isCurrent = !user.stripe_subscription_id || user.stripe_subscription_id === subscriptionId
  if (ACTIVE.has(status)) {
    // Current API versions keep the period on the subscription items; older ones at the top.
    const periodEnd = at(num(get(sub, 'items', 'data', 0, 'current_period_end')) ?? num(sub.current_period_end))
    const cancelAt = at(num(sub.cancel_at))
    const endsAt = sub.cancel_at_period_end === true ? (periodEnd ?? cancelAt) : cancelAt
    await trx
      .updateTable('users')
      .set({
        plan: 'pro',
        stripe_subscription_id: subscriptionId,
        stripe_customer_id: user.stripe_customer_id ?? customerId,
        // A subscription that is ending does not renew: one date or the other.
        subscription_renews_at: endsAt ? null : periodEnd,
        subscription_ends_at: endsAt,
        updated_at: new Date(),
      })
      .where('id', '=', user.id)
      .execute()
    if (subscriptionId)
      await subscriptionStarted(trx, subscriptionId, at(num(sub.start_date)) ?? eventTime, monthlyCents(sub))
  } else if (ENDED.has(status)) {
    await subscriptionEnded(trx, subscriptionId, at(num(sub.ended_at)) ?? eventTime)
    if (isCurrent) await endSubscription(trx, user.id, at(num(sub.ended_at)) ?? eventTime)
  }
  // past_due keeps Pro while Stripe retries the card; incomplete has not granted it yet.
}

async function subscriptionDeleted(trx: Trx, event: StripeEventInput, sub: Obj, eventTime: Date) {
  const customerId = idOf(sub.customer)
  const user = await findUser(trx, { userId: get(sub, 'metadata', 'userId'), customerId })
  if (!user) return unmatched(event, customerId)
  await subscriptionEnded(trx, str(sub.id), at(num(sub.ended_at)) ?? eventTime)
  // The end of an older subscription must not take away a newer one.
  if (user.stripe_subscription_id && user.stripe_subscription_id !== str(sub.id)) return
  await endSubscription(trx, user.id, at(num(sub.ended_at)) ?? eventTime)
}

async function endSubscription(trx: Trx, userId: string, endedAt: Date) {
  await trx
    .updateTable('users')
    .set({ plan: 'free', subscription_renews_at: null, subscription_ends_at: endedAt, updated_at: new Date() })
    .where('id', '=', userId)
    .execute()
}

const INTERVAL_LABEL: Record<string, string> = { day: 'daily', week: 'weekly', month: 'monthly', year: 'yearly' }

/** 'Pro plan (monthly)' for a subscription invoice; the line's own text for anything else. */
function invoiceDescription(invoice: Obj): string {
  const line = get(invoice, 'lines', 'data', 0)
  const subscription =
    get(invoice, 'parent', 'subscription_details', 'subscription') ??
    invoice.subscription ??
    get(line, 'parent', 'subscription_item_details', 'subscription') ??
    get(line, 'subscription')
  if (subscription) {
    let interval = str(get(line, 'price', 'recurring', 'interval')) ?? str(get(line, 'plan', 'interval'))
    if (!interval) {
      // Current API versions drop the price from the line: the billed period tells the interval.
      const days = ((num(get(line, 'period', 'end')) ?? 0) - (num(get(line, 'period', 'start')) ?? 0)) / 86_400
      interval = days >= 360 ? 'year' : days >= 27 ? 'month' : days >= 6 ? 'week' : days > 0 ? 'day' : 'month'
    }
    return `Pro plan (${INTERVAL_LABEL[interval] ?? 'monthly'})`
  }
  return str(get(line, 'description')) ?? str(invoice.description) ?? 'Payment'
}

async function invoicePaid(trx: Trx, event: StripeEventInput, invoice: Obj) {
  const customerId = idOf(invoice.customer)
  const user = await findUser(trx, {
    userId: get(invoice, 'parent', 'subscription_details', 'metadata', 'userId') ?? get(invoice, 'metadata', 'userId'),
    customerId,
  })
  if (!user) return unmatched(event, customerId)
  const invoiceId = str(invoice.id)
  if (!invoiceId) return
  const paidAt = at(num(get(invoice, 'status_transitions', 'paid_at')) ?? num(invoice.created)) ?? new Date()
  await trx
    .insertInto('payments')
    .values({
      user_id: user.id,
      stripe_invoice_id: invoiceId,
      description: invoiceDescription(invoice),
      amount_cents: Math.round(num(invoice.amount_paid) ?? 0),
      currency: (str(invoice.currency) ?? 'usd').toLowerCase(),
      paid_at: paidAt,
    })
    // One row per invoice, whatever event ids deliver it.
    .onConflict((oc) => oc.column('stripe_invoice_id').doNothing())
    .execute()
}

// ---- Billing history -----------------------------------------------------------------------

/** One payment as /profile and GET /api/auth/billing/history show it. */
export interface BillingItem {
  description: string
  /** When it was paid, ISO 8601. */
  date: string
  /** In the currency's main unit: 9 for $9.00. */
  amount: number
  /** Lower-case ISO code as Stripe gives it, e.g. 'usd'. */
  currency: string
}

/** The user's payments, newest first. */
export async function billingHistory(db: DB, userId: string, limit = 100): Promise<BillingItem[]> {
  const rows = await db
    .selectFrom('payments')
    .select(['description', 'paid_at', 'amount_cents', 'currency'])
    .where('user_id', '=', userId)
    .orderBy('paid_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    description: row.description,
    date: row.paid_at.toISOString(),
    amount: row.amount_cents / 100,
    currency: row.currency,
  }))
}
