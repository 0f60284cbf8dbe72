// A small stand-in for the few Stripe endpoints the app calls (customers, Checkout Sessions,
// Billing Portal sessions), for tests and the e2e server. The hosted pages are plain HTML that
// say where the user arrived; webhooks are not sent from here: tests sign and post them.
import { createServer } from 'node:http'
import { randomBytes } from 'node:crypto'

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_fake'
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_test_fake_secret'
export const FAKE_STRIPE_PRICE_ID = 'price_test_pro_monthly'

const newId = (prefix) => `${prefix}_test_${randomBytes(10).toString('hex')}`
const escape = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Stripe's form encoding (`a[b][0][c]=x`) back into nested objects and arrays. */
export function parseStripeForm(text) {
  const root = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[')
    let node = root
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value
      else node = node[part] ??= /^\d+$/.test(path[i + 1]) ? [] : {}
    })
  }
  return root
}

async function body(req) {
  const chunks = []
  for await (const chunk of req) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

const stripeError = (res, status, message, extra = {}) =>
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...extra } }))

const page = (title, content) =>
  `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1>${content}</body></html>`

/**
 * Starts the fake. `requests` lists every API call (method, path, parsed params) so tests can
 * check what the app asked for; `customers` and `sessions` hold what it created.
 */
export async function startFakeStripe({ port = 0, secretKey = FAKE_STRIPE_SECRET_KEY } = {}) {
  const requests = []
  const customers = new Map()
  const sessions = new Map()
  const portalSessions = new Map()
  const cancelled = new Set()
  const replies = new Map() // Idempotency-Key → the first answer, replayed as Stripe does
  let base = ''

  const routes = {
    'POST /v1/customers': (params) => {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        created: Math.floor(Date.now() / 1000),
      }
      customers.set(customer.id, customer)
      return [200, customer]
    },
    'POST /v1/checkout/sessions': (params) => {
      if (params.mode !== 'subscription')
        return [
          400,
          {
            error: { type: 'invalid_request_error', message: 'This fake only knows subscription mode.', param: 'mode' },
          },
        ]
      if (!params.line_items?.[0]?.price || !params.success_url || !params.cancel_url)
        return [
          400,
          { error: { type: 'invalid_request_error', message: 'Missing line_items, success_url or cancel_url.' } },
        ]
      if (params.customer && !customers.has(params.customer))
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such customer: '${params.customer}'`,
              param: 'customer',
            },
          },
        ]
      const id = newId('cs')
      const session = {
        id,
        object: 'checkout.session',
        mode: params.mode,
        customer: params.customer ?? null,
        client_reference_id: params.client_reference_id ?? null,
        line_items: params.line_items,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        metadata: params.metadata ?? {},
        subscription_data: params.subscription_data ?? {},
        status: 'open',
        url: `${base}/checkout/${id}`,
      }
      sessions.set(id, session)
      return [200, session]
    },
    'POST /v1/billing_portal/sessions': (params) => {
      if (!customers.has(params.customer))
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such customer: '${params.customer}'`,
              param: 'customer',
            },
          },
        ]
      const id = newId('bps')
      const session = {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url ?? null,
        url: `${base}/portal/${id}`,
      }
      portalSessions.set(id, session)
      return [200, session]
    },
  }
  /** Routes with an id in the path. */
  const idRoutes = [
    // Cancelling a subscription: any id the tests' webhooks made up is taken as a live one.
    [
      /^DELETE \/v1\/subscriptions\/(sub_[\w-]+)$/,
      (_params, id) => {
        if (cancelled.has(id))
          return [
            400,
            {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: `No such subscription: '${id}'`,
              },
            },
          ]
        cancelled.add(id)
        return [200, { id, object: 'subscription', status: 'canceled', ended_at: Math.floor(Date.now() / 1000) }]
      },
    ],
  ]

  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1')
    try {
      // The hosted pages the user's browser is sent to.
      const hosted = /^\/(checkout|portal)\/([\w-]+)$/.exec(url.pathname)
      if (req.method === 'GET' && hosted) {
        const session = (hosted[1] === 'checkout' ? sessions : portalSessions).get(hosted[2])
        if (!session) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('No such session')
        const html =
          hosted[1] === 'checkout'
            ? page(
                'Fake Stripe Checkout',
                `<p>Subscribing to <code>${escape(session.line_items[0].price)}</code> for customer <code>${escape(session.customer)}</code>.</p><p><a href="${escape(session.cancel_url)}">Cancel and go back</a></p>`,
              )
            : page(
                'Fake Stripe Billing Portal',
                `<p>Customer <code>${escape(session.customer)}</code>.</p><p><a href="${escape(session.return_url)}">Return to the site</a></p>`,
              )
        return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
      }

      const line = `${req.method} ${url.pathname}`
      let route = routes[line]
      for (const [pattern, handler] of idRoutes) {
        const match = pattern.exec(line)
        if (match) route = (params) => handler(params, match[1])
      }
      if (!route) return void stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`)
      if (req.headers.authorization !== `Bearer ${secretKey}`)
        return void stripeError(res, 401, 'Invalid API Key provided.')
      const params = parseStripeForm(await body(req))
      requests.push({ method: req.method, path: url.pathname, params })
      const key = req.headers['idempotency-key']
      const replay = key ? replies.get(`${url.pathname} ${key}`) : undefined
      const [status, payload] = replay ?? route(params)
      if (key && !replay) replies.set(`${url.pathname} ${key}`, [status, payload])
      res
        .writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') })
        .end(JSON.stringify(payload))
    } catch (error) {
      stripeError(res, 500, String(error))
    }
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${server.address().port}`
  return {
    base,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_PRICE_ID: FAKE_STRIPE_PRICE_ID,
      STRIPE_API_URL: base,
      // The hosted pages live here: the browser must be allowed to follow a form's 303 to them.
      FORM_ACTION_ORIGINS: base,
    },
    requests,
    customers,
    sessions,
    /** The subscriptions cancelled through the API. */
    cancelled,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve)
        // The SDK keeps connections alive; without this, close waits for them to time out.
        server.closeAllConnections()
      }),
  }
}
