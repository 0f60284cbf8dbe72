import { data, type RouterContextProvider } from 'react-router'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  enforceRateLimits,
  hitRateLimit,
  isAccountSlowedDown,
  LOGIN_SLOWDOWN_MS,
  RATE_RULES,
  type RateCheck,
  type RateLimited,
  type RateRuleName,
} from '~/domain/accounts/rate-limit.server'
import { normaliseEmail } from '~/domain/accounts/users.server'
import { signInWithPassword, type SignInResult } from '~/domain/accounts/accounts.server'
import { requestInfoContext, servicesContext } from '~/web/context.server'
import { refusalStatus } from '~/web/refusals.server'

// Rate limits as the web door applies them: per client address (and e.g. an email). A limit
// exceeded is a refusal ('rate-limited'): a 429 with Retry-After for pages (rateLimitedReply)
// and the JSON API (refusalResponse) alike.

export function clientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(requestInfoContext).ip
}

/** Counts this request against rate limits for its IP (and e.g. the email it names). */
export async function checkRateLimits(
  context: Readonly<RouterContextProvider>,
  checks: { rule: RateRuleName; subject?: string | null }[],
): Promise<RateCheck> {
  const { db, config } = context.get(servicesContext)
  return enforceRateLimits(
    db,
    checks.map((c) => ({ rule: c.rule, subject: c.subject ?? clientIp(context) })),
    config.RATE_LIMIT_SCALE,
  )
}

export type ThrottledSignIn = SignInResult | RateLimited

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
  const limit = await checkLoginRateLimits(context, input.email)
  if (!limit.ok) return limit
  const { db } = context.get(servicesContext)
  const result = await signInWithPassword(db, { ...input, userAgent: request.headers.get('user-agent') })
  if (!result.ok) await noteFailedLogin(context, input.email)
  return result
}

async function checkLoginRateLimits(context: Readonly<RouterContextProvider>, email: string): Promise<RateCheck> {
  const account = normaliseEmail(email)
  const limit = await checkRateLimits(context, [
    { rule: 'loginPerIp' },
    { rule: 'loginPerAccountAndIp', subject: `${account} ${clientIp(context)}` },
  ])
  if (!limit.ok) return limit
  const { db, config } = context.get(servicesContext)
  if (await isAccountSlowedDown(db, account, config.RATE_LIMIT_SCALE)) await sleep(LOGIN_SLOWDOWN_MS)
  return limit
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

/** A page action's 429: the form's reply (which shows the limit's message), with Retry-After. */
export function rateLimitedReply<T>(reply: T, limited: RateLimited) {
  return data(reply, { status: refusalStatus(limited.reason), headers: { 'Retry-After': String(limited.retryAfter) } })
}

/** A sensitive change of an account (email, password, deletion): counted per account and per address. */
export function checkAccountChangeLimits(context: Readonly<RouterContextProvider>, userId: string): Promise<RateCheck> {
  return checkRateLimits(context, [
    { rule: 'accountChangePerIp' },
    { rule: 'accountChangePerAccount', subject: userId },
  ])
}
