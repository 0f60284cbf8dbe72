import { data, type RouterContextProvider } from 'react-router'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  enforceRateLimits,
  hitRateLimit,
  isAccountSlowedDown,
  LOGIN_SLOWDOWN_MS,
  RATE_RULES,
  releaseRateLimits,
  type RateCheck,
  type RateLimitCheck,
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
 * refused after too many failures from this address in all, or at one account from it; an
 * account failed from many addresses is slowed down instead, so a stranger cannot lock its
 * owner out. Successful sign-ins never count, so a crowd behind one address is never refused.
 */
export async function throttledSignIn(
  request: Request,
  context: Readonly<RouterContextProvider>,
  input: { email: string; password: string; requireAdmin?: boolean },
): Promise<ThrottledSignIn> {
  const { db, config } = context.get(servicesContext)
  const account = normaliseEmail(input.email)
  const address = clientIp(context)
  // Each attempt takes its place in the counts before the password is checked, so a burst in
  // parallel cannot slip past the limit; a refused or successful one gives it back.
  const failures: RateLimitCheck[] = [
    { rule: 'loginFailuresPerIp', subject: address },
    { rule: 'loginFailuresPerAccountAndIp', subject: `${account} ${address}` },
  ]
  const limit = await enforceRateLimits(db, failures, config.RATE_LIMIT_SCALE)
  if (!limit.ok) {
    await releaseRateLimits(db, failures)
    return limit
  }
  if (await isAccountSlowedDown(db, account, config.RATE_LIMIT_SCALE)) await sleep(LOGIN_SLOWDOWN_MS)
  const result = await signInWithPassword(db, { ...input, userAgent: request.headers.get('user-agent') })
  if (result.ok) await releaseRateLimits(db, failures)
  // A failure counts against the account from any address too: many of them slow it down.
  else await hitRateLimit(db, `loginPerAccount:${account}`, RATE_RULES.loginPerAccount, config.RATE_LIMIT_SCALE)
  return result
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
