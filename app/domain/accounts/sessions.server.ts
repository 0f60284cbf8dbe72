import type { Kysely } from 'kysely'
import type { DB } from '#db/client'
import type { Database } from '#db/schema'
import type { User } from '#db/schema'
import { SESSION_DAYS } from '~/lib/constants'
import { hashToken, newToken } from '~/platform/tokens.server'
import { downloadsTodayOfUsers } from '~/domain/downloads/downloads.server'

const SESSION_MS = SESSION_DAYS * 86_400_000
// Rolling expiry without a write on every request: extend at most once an hour.
const TOUCH_AFTER_MS = 3_600_000

export async function createSession(db: DB, userId: string, userAgent?: string | null) {
  const token = newToken()
  const expiresAt = new Date(Date.now() + SESSION_MS)
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      user_agent: userAgent?.slice(0, 300) ?? null,
    })
    .execute()
  return { token, expiresAt }
}

/** A session's user, with their quota downloads on the UTC day of `readAt` (downloadsToday). */
export interface SignedIn {
  user: User
  usedToday: number
  /** When it was read: the quota's day and its reset are worked out from the same moment. */
  readAt: Date
}

/**
 * The session of a token, or null when it is unknown or expired. Every signed-in page shows
 * the quota beside its download buttons, so the day's count comes in the same statement.
 */
export async function readSession(db: DB, token: string, now = new Date()): Promise<SignedIn | null> {
  if (!token || token.length > 200) return null
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.last_seen_at', 'sessions.expires_at'])
    .select(downloadsTodayOfUsers(db, now).as('used_today'))
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst()
  if (!row) return null
  const at = now.getTime()
  if (row.expires_at.getTime() <= at) {
    await db.deleteFrom('sessions').where('id', '=', row.session_id).execute()
    return null
  }
  if (at - row.last_seen_at.getTime() > TOUCH_AFTER_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(at), expires_at: new Date(at + SESSION_MS) })
      .where('id', '=', row.session_id)
      .execute()
  }
  const { session_id: _s, last_seen_at: _l, expires_at: _e, used_today, ...user } = row
  return { user, usedToday: used_today ?? 0, readAt: now }
}

export async function deleteSession(db: DB, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute()
}

export async function deleteUserSessions(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute()
}
