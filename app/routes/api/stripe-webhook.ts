import type { Route } from './+types/stripe-webhook'
import { applyStripeEvent, verifyStripeEvent } from '~/domain/billing/billing.server'
import { log } from '~/platform/log.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute, jsonError, readBodyBytes, refusalResponse } from '~/web/http.server'
import { errorMessage } from '~/lib/errors'

// POST /api/stripe/webhook: Stripe's event deliveries. The same-origin middleware lets them in
// (an API call without a session cookie); the signature is what proves they are Stripe's.
const MAX_EVENT_BYTES = 512 * 1024

async function POST({ request, context }: Route.ActionArgs) {
  const { db, config } = context.get(servicesContext)
  // The raw text: the signature covers the exact bytes Stripe sent.
  const body = await readBodyBytes(request, MAX_EVENT_BYTES)
  if (!body.ok)
    return body.problem === 'size' ? jsonError(413, 'Payload too large') : jsonError(400, 'The event could not be read')
  const payload = new TextDecoder().decode(body.value)
  const verified = verifyStripeEvent(config, payload, request.headers.get('stripe-signature'))
  if (!verified.ok) return refusalResponse(verified)
  try {
    const { applied } = await applyStripeEvent(db, verified.event)
    if (!applied) log.info('stripe event repeated', { eventId: verified.event.id })
    return Response.json({ received: true })
  } catch (error) {
    // Nothing was kept (one transaction): a 500 makes Stripe deliver it again later.
    log.error('stripe event failed', {
      eventId: verified.event.id,
      type: verified.event.type,
      error: errorMessage(error),
    })
    return jsonError(500, 'The event could not be applied')
  }
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
