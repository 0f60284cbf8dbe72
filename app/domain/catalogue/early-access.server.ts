import type { DB } from '#db/client'
import type { AssetView } from '~/lib/asset-view'
import { ASSET_VIEW_COLUMNS, inEarlyAccess, toAssetView } from './assets.server'

/** The most assets /early-access lists. */
export const EARLY_ACCESS_LIST_LIMIT = 60

export interface EarlyAccessAsset {
  asset: AssetView
  /** When it goes live for everyone, as ISO 8601. */
  publicAt: string
}

/** The assets in early access now, the soonest to go live first. */
export async function earlyAccessAssets(db: DB, limit = EARLY_ACCESS_LIST_LIMIT): Promise<EarlyAccessAsset[]> {
  const rows = await db
    .selectFrom('assets')
    .select([...ASSET_VIEW_COLUMNS, 'publish_at'])
    .where(inEarlyAccess())
    .orderBy('publish_at')
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map((row) => ({ asset: toAssetView(row), publicAt: new Date(row.publish_at!).toISOString() }))
}
