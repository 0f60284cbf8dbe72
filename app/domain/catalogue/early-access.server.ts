import { sql } from 'kysely'
import type { DB } from '#db/client'
import { publicFileUrl } from '~/platform/storage.server'
import { type ComingAsset, EARLY_ACCESS_LIST_LIMIT } from '~/lib/early-access'
import { inEarlyAccess } from './assets.server'

/** The assets in early access now, the soonest to go live first, and how many there are. */
export async function earlyAccessAssets(
  db: DB,
  limit = EARLY_ACCESS_LIST_LIMIT,
): Promise<{ coming: ComingAsset[]; total: number }> {
  // One statement: the window's count is taken over every match, before the limit.
  const rows = await db
    .selectFrom('assets')
    .select(['id', 'title', 'thumb_png_key', 'publish_at', sql<number>`(count(*) over ())::int`.as('total')])
    .where(inEarlyAccess())
    .orderBy('publish_at')
    .orderBy('id')
    .limit(limit)
    .execute()
  return {
    coming: rows.map((row) => ({
      id: row.id,
      title: row.title,
      thumbnail: publicFileUrl(row.thumb_png_key),
      publicAt: new Date(row.publish_at!).toISOString(),
    })),
    total: rows[0]?.total ?? 0,
  }
}
