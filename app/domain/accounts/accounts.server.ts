import type { Kysely } from 'kysely'
import type { DB } from '#db/client'
import type { Database, User } from '#db/schema'
import type { Config } from '~/config.server'
import { sendMail } from '~/platform/mail.server'
import { hashPassword, verifyPassword } from '~/platform/passwords.server'
import { createSession, deleteUserSessions } from './sessions.server'
import { hashToken, newToken } from '~/platform/tokens.server'
import { findUserByEmail, normaliseEmail } from './users.server'

export const BAD_CREDENTIALS = 'Invalid email or password.'
export const NOT_ADMIN = 'Admin login failed. Please check your credentials.'
export const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.'
export const BAD_RESET_TOKEN = 'This reset link is invalid or has expired. Please request a new one.'

const RESET_TOKEN_MS = 60 * 60_000

export type SignInResult =
  | { ok: true; user: User; token: string; expiresAt: Date }
  | { ok: false; reason: 'bad-credentials' | 'not-admin'; error: string }

/**
 * Checks an email and password and opens a session. Unknown email and wrong password give
 * the same answer, so the form cannot be used to find out who has an account.
 */
export async function signInWithPassword(
  db: DB,
  input: { email: string; password: string; requireAdmin?: boolean; userAgent?: string | null },
): Promise<SignInResult> {
  const user = await findUserByEmail(db, input.email)
  const valid = await verifyPassword(user?.password_hash ?? null, input.password)
  if (!user || !valid)
    return input.requireAdmin
      ? { ok: false, reason: 'not-admin', error: NOT_ADMIN }
      : { ok: false, reason: 'bad-credentials', error: BAD_CREDENTIALS }
  // Same answer as a wrong password: the admin door must not confirm a user's password.
  if (input.requireAdmin && user.role !== 'admin') return { ok: false, reason: 'not-admin', error: NOT_ADMIN }
  const session = await createSession(db, user.id, input.userAgent)
  return { ok: true, user, token: session.token, expiresAt: session.expiresAt }
}

export type RegisterResult = { ok: true; user: User } | { ok: false; reason: 'email-taken'; error: string }

/** Creates a Free account. It does not sign in: the person signs in next, on the sign-in form. */
export async function registerAccount(
  db: DB,
  input: { fullName: string; email: string; password: string },
): Promise<RegisterResult> {
  const email = normaliseEmail(input.email)
  const user = await db
    .insertInto('users')
    .values({ email, full_name: input.fullName.trim(), password_hash: await hashPassword(input.password) })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst()
  if (!user) return { ok: false, reason: 'email-taken', error: EMAIL_TAKEN }
  return { ok: true, user }
}

/**
 * Emails a reset link when the address has an account, and does nothing otherwise; the caller
 * answers the same either way, so the form reveals nothing about who is registered.
 */
export async function requestPasswordReset(db: DB, config: Config, emailInput: string): Promise<void> {
  const user = await findUserByEmail(db, emailInput)
  if (!user) return
  const token = newToken()
  await db
    .insertInto('password_resets')
    .values({ user_id: user.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + RESET_TOKEN_MS) })
    .execute()
  const link = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`
  await sendMail(db, config, {
    to: user.email,
    subject: 'Reset your AI Stock Library password',
    text: [
      `Hello${user.full_name ? ` ${user.full_name}` : ''},`,
      '',
      'Someone (hopefully you) asked to reset the password of your AI Stock Library account.',
      `Choose a new password here within the next hour: ${link}`,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  })
}

export type ResetResult = { ok: true } | { ok: false; reason: 'bad-reset-token'; error: string }

/** Sets a new password with a reset token: single use, one hour; every session is ended. */
export async function resetPassword(db: DB, token: string, password: string): Promise<ResetResult> {
  const passwordHash = await hashPassword(password)
  return db.transaction().execute(async (trx) => {
    // Claiming the token and using it happen together: a second use finds it spent.
    const claimed = await claimResetToken(trx, token)
    if (!claimed) return { ok: false as const, reason: 'bad-reset-token' as const, error: BAD_RESET_TOKEN }
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', claimed.user_id)
      .execute()
    await trx
      .updateTable('password_resets')
      .set({ used_at: new Date() })
      .where('user_id', '=', claimed.user_id)
      .where('used_at', 'is', null)
      .execute()
    await deleteUserSessions(trx, claimed.user_id)
    return { ok: true }
  })
}

/** Marks an unexpired, unused reset token as used, in one statement; undefined if it was not. */
function claimResetToken(db: Kysely<Database>, token: string) {
  return db
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst()
}

export interface GoogleProfile {
  sub: string
  email: string
  emailVerified: boolean
  name: string
}

export type GoogleSignInResult =
  | { ok: true; user: User; token: string }
  | { ok: false; reason: 'google-unverified'; error: string }

/**
 * Signs in with a Google identity: the account already linked to it; else the account with the
 * same email, linked now, but only when Google has verified that email; else a new account.
 */
export async function signInWithGoogle(
  db: DB,
  profile: GoogleProfile,
  userAgent?: string | null,
): Promise<GoogleSignInResult> {
  const email = normaliseEmail(profile.email)
  let user = await db.selectFrom('users').selectAll().where('google_id', '=', profile.sub).executeTakeFirst()
  if (!user) {
    if (!profile.emailVerified)
      return {
        ok: false,
        reason: 'google-unverified',
        error: 'Your Google email address is not verified, so we cannot sign you in with it.',
      }
    const existing = await findUserByEmail(db, email)
    if (existing) {
      user = await db
        .updateTable('users')
        .set({ google_id: profile.sub, email_verified: true, updated_at: new Date() })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    } else {
      user = await db
        .insertInto('users')
        .values({ email, full_name: profile.name, google_id: profile.sub, email_verified: true, password_hash: null })
        .returningAll()
        .executeTakeFirstOrThrow()
    }
  }
  const session = await createSession(db, user.id, userAgent)
  return { ok: true, user, token: session.token }
}
