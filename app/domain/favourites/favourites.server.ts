import { sql } from 'kysely'
import type { DB } from '#db/client'
import type { AssetView } from '~/lib/asset-view'
import { isPublished, toAssetView } from '~/domain/catalogue/assets.server'

/** A refusal the user can cause: each door says it in its own words and status. */
export type FavouriteResult<T> = { ok: true; value: T } | { ok: false; reason: 'asset-not-found' }

/** Whether the user has favourited this asset, as a query for `exists` beside others. */
export function favouriteQuery(db: DB, userId: string, assetId: number) {
  return db.selectFrom('favourites').select('asset_id').where('user_id', '=', userId).where('asset_id', '=', assetId)
}

/** Which of these assets the user has favourited. */
export async function favouriteIdsAmong(
  db: DB,
  userId: string | null | undefined,
  assetIds: number[],
): Promise<Set<number>> {
  if (!userId || assetIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('favourites')
    .select('asset_id')
    .where('user_id', '=', userId)
    .where('asset_id', 'in', assetIds)
    .execute()
  return new Set(rows.map((r) => r.asset_id))
}

/** Adds a published asset to the user's favourites; adding twice changes nothing. */
export async function addFavourite(db: DB, userId: string, assetId: number): Promise<FavouriteResult<true>> {
  const asset = await db
    .selectFrom('assets')
    .select('id')
    .where('id', '=', assetId)
    .where(isPublished())
    .executeTakeFirst()
  if (!asset) return { ok: false, reason: 'asset-not-found' }
  await db
    .insertInto('favourites')
    .values({ user_id: userId, asset_id: assetId })
    .onConflict((oc) => oc.doNothing())
    .execute()
  return { ok: true, value: true }
}

/** Removes it; returns whether it was a favourite. Only ever the user's own row. */
export async function removeFavourite(db: DB, userId: string, assetId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('favourites')
    .where('user_id', '=', userId)
    .where('asset_id', '=', assetId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Adds when absent, removes when present; returns the new state. */
export async function toggleFavourite(db: DB, userId: string, assetId: number): Promise<FavouriteResult<boolean>> {
  if (await removeFavourite(db, userId, assetId)) return { ok: true, value: false }
  return addFavourite(db, userId, assetId)
}

export async function listFavourites(
  db: DB,
  userId: string,
  options: { page?: number; limit?: number } = {},
): Promise<{ assets: AssetView[]; total: number }> {
  const limit = Math.min(Math.max(options.limit ?? 20, 1), 100)
  const page = Math.max(options.page ?? 1, 1)
  const rows = await db
    .selectFrom('favourites')
    .innerJoin('assets', 'assets.id', 'favourites.asset_id')
    .selectAll('assets')
    .select(sql<number>`count(*) over ()`.as('full_count'))
    .where('favourites.user_id', '=', userId)
    .where(isPublished('assets'))
    .orderBy('favourites.created_at', 'desc')
    .orderBy('assets.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute()
  let total = rows[0]?.full_count ?? 0
  if (rows.length === 0 && page > 1) {
    const counted = await db
      .selectFrom('favourites')
      .innerJoin('assets', 'assets.id', 'favourites.asset_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('favourites.user_id', '=', userId)
      .where(isPublished('assets'))
      .executeTakeFirstOrThrow()
    total = counted.n
  }
  return { assets: rows.map(({ full_count: _, ...a }) => toAssetView(a)), total: Number(total) }
}
