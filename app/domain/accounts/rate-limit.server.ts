import { sql } from 'kysely'
import type { DB } from '#db/client'

export interface RateRule {
  /** How many attempts the window allows. */
  limit: number
  windowMs: number
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

// Per IP and per email: one address cannot hammer many accounts, nor many addresses one account.
// Sign-in is the exception (see LOGIN_SLOWDOWN_MS): it refuses per (account, address), so a
// stranger guessing from elsewhere cannot lock the owner out, and it counts failures only, so
// a school or an office behind one address can sign everyone in. A hundred wrong passwords in
// 15 minutes is far beyond a crowd's typos and still caps a guesser at 400 an hour.
export const RATE_RULES = {
  loginFailuresPerIp: { limit: 100, windowMs: 15 * MINUTE },
  loginFailuresPerAccountAndIp: { limit: 10, windowMs: 15 * MINUTE },
  /** Past this many failures, every sign-in to the account waits LOGIN_SLOWDOWN_MS; never refused. */
  loginPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  registerPerIp: { limit: 10, windowMs: HOUR },
  registerPerEmail: { limit: 5, windowMs: HOUR },
  forgotPerIp: { limit: 10, windowMs: HOUR },
  forgotPerEmail: { limit: 3, windowMs: HOUR },
  resetPerIp: { limit: 10, windowMs: HOUR },
  /** Changing the email or password, deleting the account: per account, and per address in all. */
  accountChangePerAccount: { limit: 10, windowMs: HOUR },
  accountChangePerIp: { limit: 30, windowMs: HOUR },
  emailConfirmPerIp: { limit: 10, windowMs: HOUR },
  contactPerIp: { limit: 5, windowMs: HOUR },
  contactPerEmail: { limit: 3, windowMs: HOUR },
} satisfies Record<string, RateRule>

export type RateRuleName = keyof typeof RATE_RULES

export interface RateLimitResult {
  allowed: boolean
  retryAfterSeconds: number
}

/**
 * Counts one attempt for `key` and says whether it is still within the rule. One upsert, so
 * parallel requests and several app instances share the same count.
 */
export async function hitRateLimit(db: DB, key: string, rule: RateRule, scale = 1): Promise<RateLimitResult> {
  const limit = Math.max(1, Math.round(rule.limit * scale))
  const windowSeconds = rule.windowMs / 1000
  const row = await sql<{ count: number; window_start: Date }>`
    insert into rate_limits as r (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when r.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else r.count + 1 end,
      window_start = case when r.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else r.window_start end
    returning count, window_start
  `.execute(db)
  const { count, window_start } = row.rows[0]
  const retryAfterSeconds = Math.max(1, Math.ceil((window_start.getTime() + rule.windowMs - Date.now()) / 1000))
  return { allowed: count <= limit, retryAfterSeconds }
}

/** The wait of a sign-in to an account under attack from many addresses: slower, never locked. */
export const LOGIN_SLOWDOWN_MS = 1000

/** A limit exceeded: a refusal like the domain's others, with the seconds to wait. */
export type RateLimited = { ok: false; reason: 'rate-limited'; error: string; retryAfter: number }
export type RateCheck = { ok: true } | RateLimited

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`
  return `${Math.ceil(seconds / 60)} minutes`
}

function rateLimited(retryAfter: number): RateLimited {
  return {
    ok: false,
    reason: 'rate-limited',
    error: `Too many attempts. Please try again in ${formatWait(retryAfter)}.`,
    retryAfter,
  }
}

export type RateLimitCheck = { rule: RateRuleName; subject: string }

const rateKey = (check: RateLimitCheck) => `${check.rule}:${check.subject.toLowerCase()}`

/** Counts an attempt against several rules at once (e.g. per IP and per email); refused when any is exceeded. */
export async function enforceRateLimits(db: DB, checks: RateLimitCheck[], scale = 1): Promise<RateCheck> {
  let worst = 0
  for (const check of checks) {
    const result = await hitRateLimit(db, rateKey(check), RATE_RULES[check.rule], scale)
    if (!result.allowed) worst = Math.max(worst, result.retryAfterSeconds)
  }
  return worst > 0 ? rateLimited(worst) : { ok: true }
}

/** Gives back the attempt enforceRateLimits counted, for rules that count failures only. */
export async function releaseRateLimits(db: DB, checks: RateLimitCheck[]): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`greatest(count - 1, 0)` })
    .where('key', 'in', checks.map(rateKey))
    .execute()
}

/** Whether an account has had so many failed sign-ins lately (from any address) that it is slowed down. */
export async function isAccountSlowedDown(db: DB, account: string, scale = 1): Promise<boolean> {
  const rule = RATE_RULES.loginPerAccount
  const failures = await db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', `loginPerAccount:${account}`)
    .where('window_start', '>', new Date(Date.now() - rule.windowMs))
    .executeTakeFirst()
  return (failures?.count ?? 0) >= Math.max(1, Math.round(rule.limit * scale))
}
