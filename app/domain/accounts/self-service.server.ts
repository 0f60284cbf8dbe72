import type { Kysely } from 'kysely'
import type { DB } from '#db/client'
import type { Database, User } from '#db/schema'
import type { Config } from '~/config.server'
import { cancelSubscriptionNow } from '~/domain/billing/billing.server'
import { sendMail } from '~/platform/mail.server'
import { hashPassword, verifyPassword } from '~/platform/passwords.server'
import { hashToken, newToken } from '~/platform/tokens.server'
import { findUserByEmail, normaliseEmail } from './users.server'

// What a signed-in person does to their own account, one function per action, called by the
// account settings page (/profile/account) and the JSON API alike: the name, the email (confirmed by a link to the new
// address), the password, the other sessions, a copy of their data, and deleting the account.

export const WRONG_PASSWORD = 'Your current password is not correct.'
export const EMAIL_IN_USE = 'This email is already used by another account.'
export const SAME_EMAIL = 'This is already your email address.'
export const BAD_EMAIL_TOKEN = 'This confirmation link is invalid, used or expired. Please ask for a new one.'

const EMAIL_CHANGE_MS = 24 * 60 * 60_000

type Refused<R extends string> = { ok: false; reason: R; error: string }

/**
 * Whether the person at the keyboard is the account's owner: its password, or, for an account
 * that only signs in with Google (it has none), its current email address typed out.
 */
async function confirmsIdentity(user: User, secret: string): Promise<boolean> {
  if (user.password_hash) return verifyPassword(user.password_hash, secret)
  return normaliseEmail(secret) === user.email
}

const wrongPassword = (): Refused<'wrong-password'> => ({ ok: false, reason: 'wrong-password', error: WRONG_PASSWORD })

export async function changeName(db: DB, userId: string, fullName: string): Promise<User> {
  return db
    .updateTable('users')
    .set({ full_name: fullName.trim(), updated_at: new Date() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow()
}

export type EmailChangeRequest = { ok: true } | Refused<'wrong-password' | 'email-taken' | 'same-email'>

/**
 * Mails a confirmation link to the new address; the email changes only when it is followed.
 * An address another account uses is refused now (and again when the link is followed).
 */
export async function requestEmailChange(
  db: DB,
  config: Config,
  user: User,
  input: { email: string; currentPassword: string },
): Promise<EmailChangeRequest> {
  if (!(await confirmsIdentity(user, input.currentPassword))) return wrongPassword()
  const email = normaliseEmail(input.email)
  if (email === user.email) return { ok: false, reason: 'same-email', error: SAME_EMAIL }
  if (await findUserByEmail(db, email)) return { ok: false, reason: 'email-taken', error: EMAIL_IN_USE }
  const token = newToken()
  await db
    .insertInto('email_changes')
    .values({
      user_id: user.id,
      new_email: email,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + EMAIL_CHANGE_MS),
    })
    .execute()
  const link = `${config.appUrl}/confirm-email?token=${encodeURIComponent(token)}`
  await sendMail(db, config, {
    to: email,
    subject: 'Confirm your new AI Stock Library email',
    text: [
      `Hello${user.full_name ? ` ${user.full_name}` : ''},`,
      '',
      'Someone (hopefully you) asked to use this address for their AI Stock Library account.',
      `Confirm it here within the next 24 hours: ${link}`,
      '',
      'If you did not ask for this, ignore this email: nothing changes.',
    ].join('\n'),
  })
  return { ok: true }
}

export type EmailChangeResult = { ok: true; user: User } | Refused<'bad-email-token' | 'email-taken'>

/** Follows a confirmation link: single use, 24 hours; the account's email becomes the new one. */
export async function confirmEmailChange(db: DB, config: Config, token: string): Promise<EmailChangeResult> {
  const result = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('email_changes')
      .set({ used_at: new Date() })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['user_id', 'new_email'])
      .executeTakeFirst()
    if (!claimed) return { ok: false as const, reason: 'bad-email-token' as const, error: BAD_EMAIL_TOKEN }
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', claimed.new_email)
      .where('id', '!=', claimed.user_id)
      .executeTakeFirst()
    if (taken) return { ok: false as const, reason: 'email-taken' as const, error: EMAIL_IN_USE }
    const before = await trx
      .selectFrom('users')
      .select('email')
      .where('id', '=', claimed.user_id)
      .executeTakeFirstOrThrow()
    const user = await trx
      .updateTable('users')
      .set({ email: claimed.new_email, email_verified: true, updated_at: new Date() })
      .where('id', '=', claimed.user_id)
      .returningAll()
      .executeTakeFirstOrThrow()
    // Any other pending change of this account is void now.
    await trx
      .updateTable('email_changes')
      .set({ used_at: new Date() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute()
    return { ok: true as const, user, previousEmail: before.email }
  })
  if (!result.ok) return result
  await sendMail(db, config, {
    to: result.previousEmail,
    subject: 'Your AI Stock Library email has changed',
    text: [
      `The email of your AI Stock Library account is now ${result.user.email}.`,
      '',
      'If you did not do this, reply to this message at once.',
    ].join('\n'),
  })
  return { ok: true, user: result.user }
}

export type PasswordChangeResult = { ok: true } | Refused<'wrong-password'>

/** A new password, the current one required; every other session ends, the one given stays. */
export async function changePassword(
  db: DB,
  user: User,
  input: { currentPassword: string; newPassword: string; keepSessionToken: string | null },
): Promise<PasswordChangeResult> {
  if (!(await confirmsIdentity(user, input.currentPassword))) return wrongPassword()
  const passwordHash = await hashPassword(input.newPassword)
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', user.id)
      .execute()
    // Reset links asked for with the old password would undo this one.
    await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute()
    await signOutOtherSessions(trx, user.id, input.keepSessionToken)
  })
  return { ok: true }
}

/** Signs the account out of every session but the one given (all of them without one); answers how many ended. */
export async function signOutOtherSessions(
  db: Kysely<Database>,
  userId: string,
  keepSessionToken: string | null,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (keepSessionToken) query = query.where('token_hash', '!=', hashToken(keepSessionToken))
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Everything the product holds about the account, as one JSON document. */
export async function exportAccountData(db: DB, user: User) {
  const [favourites, downloads, licences, payments, collections, collected] = await Promise.all([
    db
      .selectFrom('favourites')
      .leftJoin('assets', 'assets.id', 'favourites.asset_id')
      .select(['favourites.asset_id', 'assets.title', 'favourites.created_at'])
      .where('favourites.user_id', '=', user.id)
      .orderBy('favourites.created_at', 'desc')
      .execute(),
    db
      .selectFrom('downloads')
      .select(['asset_id', 'asset_title', 'day', 'created_at', 'licence_id'])
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .execute(),
    db
      .selectFrom('licences')
      .select([
        'id',
        'asset_id',
        'asset_title',
        'variant_label',
        'sha256',
        'licensee',
        'plan',
        'terms_version',
        'issued_at',
      ])
      .where('user_id', '=', user.id)
      .orderBy('issued_at', 'desc')
      .execute(),
    db
      .selectFrom('payments')
      .select(['stripe_invoice_id', 'description', 'amount_cents', 'currency', 'paid_at'])
      .where('user_id', '=', user.id)
      .orderBy('paid_at', 'desc')
      .execute(),
    db
      .selectFrom('collections')
      .select(['id', 'name', 'description', 'is_public', 'created_at', 'updated_at'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('collection_assets as ca')
      .innerJoin('collections as c', 'c.id', 'ca.collection_id')
      .leftJoin('assets as a', 'a.id', 'ca.asset_id')
      .select(['ca.collection_id', 'ca.asset_id', 'a.title', 'ca.added_at'])
      .where('c.user_id', '=', user.id)
      .orderBy('ca.collection_id')
      .orderBy('ca.position')
      .execute(),
  ])
  const assetsOf = Map.groupBy(collected, (row) => row.collection_id)
  return {
    exported_at: new Date().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      full_name: user.full_name,
      email_verified: user.email_verified,
      signs_in_with_google: user.google_id !== null,
      role: user.role,
      plan: user.plan,
      subscription_renews_at: user.subscription_renews_at?.toISOString() ?? null,
      subscription_ends_at: user.subscription_ends_at?.toISOString() ?? null,
      created_at: user.created_at.toISOString(),
    },
    favourites: favourites.map((f) => ({
      asset_id: f.asset_id,
      title: f.title,
      added_at: f.created_at.toISOString(),
    })),
    downloads: downloads.map((d) => ({
      asset_id: d.asset_id,
      title: d.asset_title,
      day: d.day,
      downloaded_at: d.created_at.toISOString(),
      license_id: d.licence_id,
    })),
    licenses: licences.map((l) => ({
      license_id: l.id,
      asset_id: l.asset_id,
      asset_title: l.asset_title,
      variant: l.variant_label,
      sha256: l.sha256,
      licensee: l.licensee,
      plan: l.plan,
      terms_version: l.terms_version,
      issued_at: l.issued_at.toISOString(),
    })),
    // Their own collections, private ones included, each with its assets in its order.
    collections: collections.map((c) => ({
      id: c.id,
      name: c.name,
      description: c.description,
      public: c.is_public,
      created_at: c.created_at.toISOString(),
      updated_at: c.updated_at.toISOString(),
      assets: (assetsOf.get(c.id) ?? []).map((row) => ({
        asset_id: row.asset_id,
        title: row.title,
        added_at: row.added_at.toISOString(),
      })),
    })),
    billing: payments.map((p) => ({
      invoice: p.stripe_invoice_id,
      description: p.description,
      amount: p.amount_cents / 100,
      currency: p.currency,
      paid_at: p.paid_at.toISOString(),
    })),
  }
}

export type DeleteAccountResult = { ok: true } | Refused<'wrong-password' | 'provider-unavailable' | 'admin-account'>

export const ADMIN_CANNOT_DELETE = 'An administrator account cannot be deleted here.'
export const SUBSCRIPTION_NOT_CANCELLED =
  'Your Pro subscription could not be cancelled just now, so your account was not deleted. Please try again in a moment.'

/**
 * Deletes the account, its password confirmed. A live Stripe subscription is cancelled first
 * (refused when that fails, so nobody is billed for an account that is gone). Sessions,
 * favourites, payments and pending links go with the account; download history and quota
 * rows stay without the person, and licences stay valid (their snapshot names the licensee).
 */
export async function deleteAccount(
  db: DB,
  config: Config,
  user: User,
  currentPassword: string,
): Promise<DeleteAccountResult> {
  if (!(await confirmsIdentity(user, currentPassword))) return wrongPassword()
  // The configured administrator would be made again at the next start: not a self-service matter.
  if (user.role === 'admin') return { ok: false, reason: 'admin-account', error: ADMIN_CANNOT_DELETE }
  if (!(await cancelSubscriptionNow(config, user)))
    return { ok: false, reason: 'provider-unavailable', error: SUBSCRIPTION_NOT_CANCELLED }
  await db.deleteFrom('users').where('id', '=', user.id).execute()
  return { ok: true }
}
