import type { DB } from '#db/client'
import type { Role, User } from '#db/schema'
import { hashPassword, verifyPassword } from '~/platform/passwords.server'

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

export function findUserByEmail(db: DB, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst()
}

/**
 * Makes sure the given account exists with role admin and this password; used at start for
 * the configured (or demo) administrator.
 */
export async function ensureAdmin(db: DB, input: { email: string; password: string; fullName: string }): Promise<User> {
  const existing = await findUserByEmail(db, input.email)
  if (existing) {
    const samePassword = await verifyPassword(existing.password_hash, input.password)
    return db
      .updateTable('users')
      .set({
        role: 'admin' satisfies Role,
        ...(samePassword ? {} : { password_hash: await hashPassword(input.password) }),
        updated_at: new Date(),
      })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow()
  }
  return db
    .insertInto('users')
    .values({
      email: normaliseEmail(input.email),
      full_name: input.fullName,
      password_hash: await hashPassword(input.password),
      role: 'admin',
      email_verified: true,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}
