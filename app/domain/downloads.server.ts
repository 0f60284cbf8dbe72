import { sql } from 'kysely'
import type { DB } from '#db/client'

/** Today's date in UTC as 'YYYY-MM-DD': the quota's day. */
export function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10)
}

/** How many quota downloads the user has used today (UTC). */
export async function downloadsToday(db: DB, userId: string, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom('download_quota_usage')
    .select(sql<number>`coalesce(sum(used), 0)::int`.as('used'))
    .where('user_id', '=', userId)
    .where('day', '=', utcDay(now))
    .executeTakeFirst()
  return row?.used ?? 0
}
