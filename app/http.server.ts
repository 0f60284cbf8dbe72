import { data, type RouterContextProvider } from 'react-router'
import type { ZodType } from 'zod'
import { enforceRateLimits, RateLimitedError, type RateRuleName } from '~/domain/rate-limit.server'
import { requestInfoContext, servicesContext } from '~/services.server'

// Small helpers for the web door: JSON errors, request bodies, rate limits.

export function jsonError(status: number, error: string, headers?: HeadersInit): Response {
  return Response.json({ error }, { status, headers })
}

/** Reads a JSON (or form) body and validates it; a bad body becomes a 400 with a message. */
export async function readApiBody<T>(request: Request, schema: ZodType<T>): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  let body: unknown
  const type = request.headers.get('content-type') ?? ''
  try {
    if (type.includes('application/json')) body = await request.json()
    else if (type.includes('form')) body = Object.fromEntries(await request.formData())
    else return { ok: false, response: jsonError(415, 'Send a JSON body (Content-Type: application/json).') }
  } catch {
    return { ok: false, response: jsonError(400, 'The request body is not valid JSON.') }
  }
  const parsed = schema.safeParse(body ?? {})
  if (!parsed.success) return { ok: false, response: jsonError(400, parsed.error.issues[0]?.message ?? 'Invalid input.') }
  return { ok: true, value: parsed.data }
}

export function clientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(requestInfoContext).ip
}

/**
 * Applies rate limits for this request's IP (and e.g. the email it names). Returns the error
 * message and Retry-After seconds when a limit is exceeded, null otherwise.
 */
export async function checkRateLimits(
  context: Readonly<RouterContextProvider>,
  checks: { rule: RateRuleName; subject?: string | null }[],
): Promise<{ error: string; retryAfter: number } | null> {
  const { db, config } = context.get(servicesContext)
  try {
    await enforceRateLimits(
      db,
      checks.map((c) => ({ rule: c.rule, subject: c.subject ?? clientIp(context) })),
      config.RATE_LIMIT_SCALE,
    )
    return null
  } catch (error) {
    if (error instanceof RateLimitedError) return { error: error.message, retryAfter: error.retryAfterSeconds }
    throw error
  }
}

export function rateLimitedJson(limited: { error: string; retryAfter: number }): Response {
  return jsonError(429, limited.error, { 'Retry-After': String(limited.retryAfter) })
}

/** A page action's 429: the form's error, with Retry-After. */
export function rateLimitedReply<T>(reply: T, retryAfter: number) {
  return data(reply, { status: 429, headers: { 'Retry-After': String(retryAfter) } })
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Whether a state-changing request may proceed: it must come from one of our own pages
 * (Origin, else Referer, of an allowed origin). API calls that carry a bearer token or no
 * session cookie cannot ride on a visitor's cookie, so they are exempt.
 */
export function isSameOriginRequest(request: Request, allowedOrigins: string[]): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true
  const url = new URL(request.url)
  if (url.pathname.startsWith('/api/')) {
    const bearer = /^bearer\s/i.test(request.headers.get('authorization') ?? '')
    const cookie = /(^|;\s*)__session=/.test(request.headers.get('cookie') ?? '')
    if (bearer || !cookie) return true
  }
  let origin = request.headers.get('origin')
  if (!origin || origin === 'null') {
    const referer = request.headers.get('referer')
    if (!referer) return false
    try {
      origin = new URL(referer).origin
    } catch {
      return false
    }
  }
  return allowedOrigins.includes(origin)
}

/** The answer to a method a JSON API route does not take. */
export function methodNotAllowed(...allowed: string[]): Response {
  return Response.json({ error: `Method not allowed. Use ${allowed.join(' or ')}.` }, { status: 405, headers: { Allow: allowed.join(', ') } })
}

/**
 * A page action's form body. A body that is not a form (wrong Content-Type, broken encoding)
 * is a 400 with a message, not a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw data('The form could not be read. Please reload the page and try again.', { status: 400 })
  }
}

/** Whether a request is React Router's data request (a fetcher or client navigation). */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith('.data')
}
