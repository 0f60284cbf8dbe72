import type { DB } from '#db/client'
import type { User } from '#db/schema'
import { createSession, readSession } from '~/domain/accounts/sessions.server'
import { quotaOf } from '~/domain/downloads/downloads.server'

/** Where `user` stands on the day of `now`, as a signed-in page works it out: the session's read, then quotaOf. */
export async function quotaAsShown(db: DB, user: Pick<User, 'id'>, now = new Date()) {
  const { token } = await createSession(db, user.id)
  const signedIn = await readSession(db, token, now)
  if (!signedIn) throw new Error('The new session did not read back.')
  return quotaOf(signedIn)
}
