import type { DB } from '#db/client'
import type { User } from '#db/schema'
import { verifyPassword } from './passwords.server'
import { createSession } from './sessions.server'
import { findUserByEmail } from './users.server'

export const BAD_CREDENTIALS = 'Invalid email or password.'
export const NOT_ADMIN = 'Admin login failed. Please check your credentials.'

export type SignInResult =
  | { ok: true; user: User; token: string; expiresAt: Date }
  | { ok: false; status: 401 | 403; error: string }

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
  if (!user || !valid) return { ok: false, status: 401, error: input.requireAdmin ? NOT_ADMIN : BAD_CREDENTIALS }
  if (input.requireAdmin && user.role !== 'admin') return { ok: false, status: 403, error: NOT_ADMIN }
  const session = await createSession(db, user.id, input.userAgent)
  return { ok: true, user, token: session.token, expiresAt: session.expiresAt }
}
