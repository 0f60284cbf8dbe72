import { sql } from 'kysely'
import type { DB } from '#db/client'
import { publicFileUrl } from '~/platform/storage.server'
import type { ComingAsset } from '~/lib/early-access'
import { inEarlyAccess } from './assets.server'

/** The most assets /early-access lists. */
export const EARLY_ACCESS_LIST_LIMIT = 60

/** The assets in early access now, the soonest to go live first, and how many there are. */
export async function earlyAccessAssets(
  db: DB,
  limit = EARLY_ACCESS_LIST_LIMIT,
): Promise<{ coming: ComingAsset[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('assets')
      .select(['id', 'title', 'thumb_png_key', 'publish_at'])
      .where(inEarlyAccess())
      .orderBy('publish_at')
      .orderBy('id')
      .limit(limit)
      .execute(),
    db.selectFrom('assets').select(sql<number>`count(*)::int`.as('n')).where(inEarlyAccess()).executeTakeFirstOrThrow(),
  ])
  return {
    coming: rows.map((row) => ({
      id: row.id,
      title: row.title,
      thumbnail: publicFileUrl(row.thumb_png_key),
      publicAt: new Date(row.publish_at!).toISOString(),
    })),
    total: counted.n,
  }
}
