import { data, type RouterContextProvider } from 'react-router'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  enforceRateLimits,
  hitRateLimit,
  isAccountSlowedDown,
  LOGIN_SLOWDOWN_MS,
  RATE_RULES,
  RateLimitedError,
  type RateRuleName,
} from '~/domain/accounts/rate-limit.server'
import { normaliseEmail } from '~/domain/accounts/users.server'
import { signInWithPassword, type SignInResult } from '~/domain/accounts/accounts.server'
import { jsonError } from '~/web/http.server'
import { requestInfoContext, servicesContext } from '~/web/context.server'

// Rate limits as the web door applies them: per client address (and e.g. an email), with a
// 429 and Retry-After for pages and the JSON API alike.

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

export type ThrottledSignIn = SignInResult | { ok: false; reason: 'rate-limited'; error: string; retryAfter: number }

/**
 * A sign-in with a password, as all four login doors (web, API, admin web, admin API) do it:
 * refused after too many attempts from this address in all, or at one account from it; an
 * account tried from many addresses is slowed down instead, so a stranger cannot lock its
 * owner out. Then the password; a failure counts against the account.
 */
export async function throttledSignIn(
  request: Request,
  context: Readonly<RouterContextProvider>,
  input: { email: string; password: string; requireAdmin?: boolean },
): Promise<ThrottledSignIn> {
  const limited = await checkLoginRateLimits(context, input.email)
  if (limited) return { ok: false, reason: 'rate-limited', ...limited }
  const { db } = context.get(servicesContext)
  const result = await signInWithPassword(db, { ...input, userAgent: request.headers.get('user-agent') })
  if (!result.ok) await noteFailedLogin(context, input.email)
  return result
}

async function checkLoginRateLimits(
  context: Readonly<RouterContextProvider>,
  email: string,
): Promise<{ error: string; retryAfter: number } | null> {
  const account = normaliseEmail(email)
  const limited = await checkRateLimits(context, [
    { rule: 'loginPerIp' },
    { rule: 'loginPerAccountAndIp', subject: `${account} ${clientIp(context)}` },
  ])
  if (limited) return limited
  const { db, config } = context.get(servicesContext)
  if (await isAccountSlowedDown(db, account, config.RATE_LIMIT_SCALE)) await sleep(LOGIN_SLOWDOWN_MS)
  return null
}

/** Counts a failed sign-in against the account (from any address): many of them slow it down. */
async function noteFailedLogin(context: Readonly<RouterContextProvider>, email: string): Promise<void> {
  const { db, config } = context.get(servicesContext)
  await hitRateLimit(
    db,
    `loginPerAccount:${normaliseEmail(email)}`,
    RATE_RULES.loginPerAccount,
    config.RATE_LIMIT_SCALE,
  )
}

export function rateLimitedJson(limited: { error: string; retryAfter: number }): Response {
  return jsonError(429, limited.error, { 'Retry-After': String(limited.retryAfter) })
}

/** A page action's 429: the form's error, with Retry-After. */
export function rateLimitedReply<T>(reply: T, retryAfter: number) {
  return data(reply, { status: 429, headers: { 'Retry-After': String(retryAfter) } })
}
