import { sql, type Expression, type SqlBool, type Transaction } from 'kysely'
import type { DB } from '#db/client'
import type { Database, Role } from '#db/schema'
import type { AssetView } from '~/lib/asset-view'
import type { CollectionChanges, CollectionFields, KitFields } from '~/lib/collections'
import { MAX_ASSETS_PER_COLLECTION, MAX_COLLECTIONS_PER_USER, ownerDisplayName } from '~/lib/collection-limits'
import { isPublished, toAssetView } from '~/domain/catalogue/assets.server'
import { invalidateCatalogueCache } from '~/domain/catalogue/catalogue-cache.server'
import { recordAudit } from '~/domain/admin/audit.server'
import { publicFileUrl } from '~/platform/storage.server'

// A person's collections and the artist's kits (migration 0016). One rule for who sees and who
// changes a collection, used by every door:
// - seen by anyone when public (every kit is), otherwise by its owner alone;
// - changed by its owner; a kit (which has no owner) by any admin.
// Anything else is "not found", whether the collection exists or not, so no door can tell a
// private collection from a missing one.

/** Who is asking: the signed-in user, or nobody. */
export type Viewer = { id: string; role: Role } | null

export type CollectionRefusal =
  | { ok: false; reason: 'collection-not-found'; error: string }
  | { ok: false; reason: 'asset-not-found'; error: string }
  | { ok: false; reason: 'too-many-collections'; error: string }
  | { ok: false; reason: 'collection-full'; error: string }
  | { ok: false; reason: 'not-in-collection'; error: string }
  | { ok: false; reason: 'invalid-option'; error: string }
  | { ok: false; reason: 'unknown-asset-ids'; error: string }

export type CollectionResult<T> = { ok: true; value: T } | CollectionRefusal

export const COLLECTION_NOT_FOUND = 'Collection not found'
const notFound = { ok: false, reason: 'collection-not-found', error: COLLECTION_NOT_FOUND } as const
const assetNotFound = { ok: false, reason: 'asset-not-found', error: 'Asset not found' } as const

/** A collection as pages and the API show it (without its assets). */
export interface CollectionSummary {
  id: number
  name: string
  description: string
  isPublic: boolean
  isKit: boolean
  owner: { name: string }
  /** Published assets in it. */
  assetCount: number
  /** Up to four thumbnails, in the collection's order: a tile's mosaic. */
  images: string[]
  /** A kit's chosen cover (its thumbnail), or the first asset's; '' when empty. */
  cover: string
  /** The cover's larger preview, for link unfurls; '' when empty. */
  coverPreview: string
  coverAssetId: number | null
  kitOrder: number
  createdAt: string
  updatedAt: string
  /** Whether the viewer may change it. */
  canEdit: boolean
}

type Db = DB | Transaction<Database>

function summaryQuery(db: Db) {
  const firstAssets = (column: 'thumb_png_key' | 'preview_png_key', limit: number) =>
    sql<(string | null)[]>`array(
      select a.${sql.ref(column)} from collection_assets ca join assets a on a.id = ca.asset_id
      where ca.collection_id = c.id and ${isPublished('a')}
      order by ca.position, ca.asset_id limit ${sql.lit(limit)})`
  return db
    .selectFrom('collections as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.user_id',
      'c.is_kit',
      'c.name',
      'c.description',
      'c.is_public',
      'c.cover_asset_id',
      'c.kit_order',
      'c.created_at',
      'c.updated_at',
      'u.full_name',
    ])
    .select(
      sql<number>`(select count(*)::int from collection_assets ca join assets a on a.id = ca.asset_id
        where ca.collection_id = c.id and ${isPublished('a')})`.as('asset_count'),
    )
    .select(firstAssets('thumb_png_key', 4).as('thumb_keys'))
    .select(firstAssets('preview_png_key', 1).as('preview_keys'))
    .select(
      sql<
        string | null
      >`(select a.thumb_png_key from assets a where a.id = c.cover_asset_id and ${isPublished('a')})`.as('cover_thumb'),
    )
    .select(
      sql<
        string | null
      >`(select a.preview_png_key from assets a where a.id = c.cover_asset_id and ${isPublished('a')})`.as(
        'cover_preview',
      ),
    )
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number]

function canEditRow(row: { user_id: string | null; is_kit: boolean }, viewer: Viewer): boolean {
  if (!viewer) return false
  return row.is_kit ? viewer.role === 'admin' : row.user_id === viewer.id
}

function toSummary(row: SummaryRow, viewer: Viewer): CollectionSummary {
  const images = row.thumb_keys.map((key) => publicFileUrl(key))
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isPublic: row.is_public,
    isKit: row.is_kit,
    owner: { name: ownerDisplayName(row.full_name, row.is_kit) },
    assetCount: row.asset_count,
    images,
    cover: row.cover_thumb ? publicFileUrl(row.cover_thumb) : (images[0] ?? ''),
    coverPreview: publicFileUrl(row.cover_preview ?? row.preview_keys[0] ?? null),
    coverAssetId: row.cover_asset_id,
    kitOrder: row.kit_order,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    canEdit: canEditRow(row, viewer),
  }
}

/** Public, or the viewer's own: who may see a collection. */
function visibleTo(viewer: Viewer): Expression<SqlBool> {
  return viewer ? sql<SqlBool>`(c.is_public or c.user_id = ${viewer.id})` : sql<SqlBool>`c.is_public`
}

/** The viewer's own, or a kit for an admin: who may change a collection. */
function editableBy(viewer: NonNullable<Viewer>): Expression<SqlBool> {
  return viewer.role === 'admin'
    ? sql<SqlBool>`(c.is_kit or c.user_id = ${viewer.id})`
    : sql<SqlBool>`(not c.is_kit and c.user_id = ${viewer.id})`
}

/** A collection the viewer may see (public, or their own), or null: the one read every door uses. */
export async function getCollection(db: DB, id: number, viewer: Viewer): Promise<CollectionSummary | null> {
  const row = await summaryQuery(db).where('c.id', '=', id).where(visibleTo(viewer)).executeTakeFirst()
  return row ? toSummary(row, viewer) : null
}

/** A collection with one page of its published assets, in its order; null when the viewer may not see it. */
export async function getCollectionPage(
  db: DB,
  id: number,
  viewer: Viewer,
  options: { page?: number; limit?: number } = {},
): Promise<{ collection: CollectionSummary; assets: AssetView[]; total: number } | null> {
  const collection = await getCollection(db, id, viewer)
  if (!collection) return null
  const limit = Math.min(Math.max(options.limit ?? 24, 1), 100)
  const page = Math.max(options.page ?? 1, 1)
  const rows = await db
    .selectFrom('collection_assets as ca')
    .innerJoin('assets', 'assets.id', 'ca.asset_id')
    .selectAll('assets')
    .where('ca.collection_id', '=', id)
    .where(isPublished('assets'))
    .orderBy('ca.position')
    .orderBy('ca.asset_id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute()
  return { collection, assets: rows.map(toAssetView), total: collection.assetCount }
}

/** The user's own collections (not kits), most recently changed first. */
export async function listUserCollections(db: DB, viewer: NonNullable<Viewer>): Promise<CollectionSummary[]> {
  const rows = await summaryQuery(db)
    .where('c.user_id', '=', viewer.id)
    .orderBy('c.updated_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute()
  return rows.map((row) => toSummary(row, viewer))
}

/** The artist's kits in their order (kit_order, then oldest first). */
export async function listKits(db: DB, viewer: Viewer, options: { limit?: number } = {}): Promise<CollectionSummary[]> {
  let query = summaryQuery(db).where('c.is_kit', '=', true).orderBy('c.kit_order').orderBy('c.id')
  if (options.limit) query = query.limit(options.limit)
  const rows = await query.execute()
  return rows.map((row) => toSummary(row, viewer))
}

/** One line of the save menu: a collection the user may add to, and whether the asset is in it. */
export interface SaveTarget {
  id: number
  name: string
  isPublic: boolean
  isKit: boolean
  assetCount: number
  contains: boolean
}

/**
 * Where the user can save an asset: their own collections (most recent first), then, for an
 * admin, the kits; each saying whether the asset is in it already.
 */
export async function saveTargets(db: DB, viewer: NonNullable<Viewer>, assetId: number): Promise<SaveTarget[]> {
  const rows = await db
    .selectFrom('collections as c')
    .select(['c.id', 'c.name', 'c.is_public', 'c.is_kit'])
    .select(sql<number>`(select count(*)::int from collection_assets ca where ca.collection_id = c.id)`.as('n'))
    .select(
      sql<boolean>`exists (select 1 from collection_assets ca where ca.collection_id = c.id and ca.asset_id = ${assetId})`.as(
        'contains',
      ),
    )
    .where(editableBy(viewer))
    .orderBy('c.is_kit')
    .orderBy('c.updated_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    isPublic: r.is_public,
    isKit: r.is_kit,
    assetCount: r.n,
    contains: r.contains,
  }))
}

/** The ids of a collection's published assets in its order: what a ZIP of it holds. Null when the viewer may not see it. */
export async function collectionAssetIds(db: DB, id: number, viewer: Viewer): Promise<number[] | null> {
  const visible = await db
    .selectFrom('collections as c')
    .select('c.id')
    .where('c.id', '=', id)
    .where(visibleTo(viewer))
    .executeTakeFirst()
  if (!visible) return null
  const rows = await db
    .selectFrom('collection_assets as ca')
    .innerJoin('assets', 'assets.id', 'ca.asset_id')
    .select('ca.asset_id')
    .where('ca.collection_id', '=', id)
    .where(isPublished('assets'))
    .orderBy('ca.position')
    .orderBy('ca.asset_id')
    .execute()
  return rows.map((r) => r.asset_id)
}

/** Public collections and kits for the sitemap, most recently changed first. */
export async function publicCollectionsForSitemap(db: DB, limit: number) {
  return db
    .selectFrom('collections')
    .select(['id', 'updated_at'])
    .where('is_public', '=', true)
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute()
}

// ---- Changes ----

/** The collection row, locked for the rest of the transaction, if the viewer may change it. */
async function editableForUpdate(trx: Transaction<Database>, viewer: NonNullable<Viewer>, id: number) {
  return trx
    .selectFrom('collections as c')
    .select(['c.id', 'c.is_kit', 'c.user_id'])
    .where('c.id', '=', id)
    .where(editableBy(viewer))
    .forUpdate()
    .executeTakeFirst()
}

/** A kit shows on cached pages: this process's caches re-check at once (other instances see the version move). */
function afterKitChange(db: DB, isKit: boolean) {
  if (isKit) invalidateCatalogueCache(db)
}

/** A new collection of the user's; at most MAX_COLLECTIONS_PER_USER, even under parallel requests. */
export async function createCollection(
  db: DB,
  viewer: NonNullable<Viewer>,
  fields: CollectionFields,
): Promise<CollectionResult<CollectionSummary>> {
  const created = await db.transaction().execute(async (trx) => {
    // The user's row is the lock that makes count-then-insert safe.
    await trx.selectFrom('users').select('id').where('id', '=', viewer.id).forUpdate().executeTakeFirst()
    const { n } = await trx
      .selectFrom('collections')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', viewer.id)
      .executeTakeFirstOrThrow()
    if (n >= MAX_COLLECTIONS_PER_USER) return null
    return trx
      .insertInto('collections')
      .values({
        user_id: viewer.id,
        name: fields.name.trim(),
        description: fields.description?.trim() ?? '',
        is_public: fields.isPublic ?? false,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  })
  if (!created)
    return {
      ok: false,
      reason: 'too-many-collections',
      error: `You have ${MAX_COLLECTIONS_PER_USER} collections, the most one account can keep. Delete one to make another.`,
    }
  return { ok: true, value: (await getCollection(db, created.id, viewer))! }
}

/** Renames, describes, or makes public or private. A kit stays public. */
export async function updateCollection(
  db: DB,
  viewer: NonNullable<Viewer>,
  id: number,
  changes: CollectionChanges,
): Promise<CollectionResult<CollectionSummary>> {
  const result = await db.transaction().execute(async (trx) => {
    const row = await editableForUpdate(trx, viewer, id)
    if (!row) return notFound
    if (row.is_kit && changes.isPublic === false)
      return { ok: false, reason: 'invalid-option', error: 'A kit is always public.' } as const
    await trx
      .updateTable('collections')
      .set({
        ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
        ...(changes.description !== undefined ? { description: changes.description.trim() } : {}),
        ...(changes.isPublic !== undefined ? { is_public: changes.isPublic } : {}),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute()
    return { ok: true, isKit: row.is_kit } as const
  })
  if (!result.ok) return result
  afterKitChange(db, result.isKit)
  return { ok: true, value: (await getCollection(db, id, viewer))! }
}

/** Deletes a collection the viewer may change; its assets stay in the library. */
export async function deleteCollection(
  db: DB,
  viewer: NonNullable<Viewer>,
  id: number,
): Promise<CollectionResult<{ id: number }>> {
  const deleted = await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('collections as c')
      .where('c.id', '=', id)
      .where(editableBy(viewer))
      .returning(['c.id', 'c.is_kit'])
      .executeTakeFirst()
    if (row?.is_kit)
      await recordAudit(trx, { actorId: viewer.id, action: 'kit.delete', targetType: 'collection', targetId: id })
    return row
  })
  if (!deleted) return notFound
  afterKitChange(db, deleted.is_kit)
  return { ok: true, value: { id } }
}

/**
 * Adds a published asset at the end; adding it again changes nothing. At most
 * MAX_ASSETS_PER_COLLECTION assets, even under parallel requests (the collection's row is locked).
 */
export async function addToCollection(
  db: DB,
  viewer: NonNullable<Viewer>,
  id: number,
  assetId: number,
): Promise<CollectionResult<{ added: boolean }>> {
  const result = await db.transaction().execute(async (trx) => {
    const row = await editableForUpdate(trx, viewer, id)
    if (!row) return notFound
    const asset = await trx
      .selectFrom('assets')
      .select('id')
      .where('id', '=', assetId)
      .where(isPublished())
      .executeTakeFirst()
    if (!asset) return assetNotFound
    const present = await trx
      .selectFrom('collection_assets')
      .select('asset_id')
      .where('collection_id', '=', id)
      .where('asset_id', '=', assetId)
      .executeTakeFirst()
    if (present) return { ok: true, value: { added: false }, isKit: row.is_kit } as const
    const { n, last } = await trx
      .selectFrom('collection_assets')
      .select([sql<number>`count(*)::int`.as('n'), sql<number>`coalesce(max(position), 0)::int`.as('last')])
      .where('collection_id', '=', id)
      .executeTakeFirstOrThrow()
    if (n >= MAX_ASSETS_PER_COLLECTION)
      return {
        ok: false,
        reason: 'collection-full',
        error: `A collection holds at most ${MAX_ASSETS_PER_COLLECTION.toLocaleString('en-GB')} assets. Start another one.`,
      } as const
    await trx
      .insertInto('collection_assets')
      .values({ collection_id: id, asset_id: assetId, position: last + 1 })
      .execute()
    await trx.updateTable('collections').set({ updated_at: sql<Date>`now()` }).where('id', '=', id).execute()
    return { ok: true, value: { added: true }, isKit: row.is_kit } as const
  })
  if (!result.ok) return result
  afterKitChange(db, result.isKit)
  return { ok: true, value: result.value }
}

/** Takes an asset out of a collection the viewer may change. */
export async function removeFromCollection(
  db: DB,
  viewer: NonNullable<Viewer>,
  id: number,
  assetId: number,
): Promise<CollectionResult<{ removed: true }>> {
  const result = await db.transaction().execute(async (trx) => {
    const row = await editableForUpdate(trx, viewer, id)
    if (!row) return notFound
    const removed = await trx
      .deleteFrom('collection_assets')
      .where('collection_id', '=', id)
      .where('asset_id', '=', assetId)
      .executeTakeFirst()
    if (Number(removed.numDeletedRows) === 0)
      return { ok: false, reason: 'not-in-collection', error: 'That asset is not in this collection.' } as const
    // The cover is one of the collection's own assets: taking it out leaves the first one as cover.
    await trx
      .updateTable('collections')
      .set({
        updated_at: sql<Date>`now()`,
        cover_asset_id: sql<number | null>`nullif(cover_asset_id, ${assetId})`,
      })
      .where('id', '=', id)
      .execute()
    return { ok: true, isKit: row.is_kit } as const
  })
  if (!result.ok) return result
  afterKitChange(db, result.isKit)
  return { ok: true, value: { removed: true } }
}

/**
 * Moves an asset one place up or down, or to a place (0-based) among the collection's shown
 * (published) assets; an asset hidden since keeps its place among the others.
 */
export async function moveInCollection(
  db: DB,
  viewer: NonNullable<Viewer>,
  id: number,
  assetId: number,
  to: 'up' | 'down' | number,
): Promise<CollectionResult<{ position: number }>> {
  const result = await db.transaction().execute(async (trx) => {
    const row = await editableForUpdate(trx, viewer, id)
    if (!row) return notFound
    const rows = await trx
      .selectFrom('collection_assets as ca')
      .innerJoin('assets', 'assets.id', 'ca.asset_id')
      .select(['ca.asset_id', sql<boolean>`${isPublished('assets')}`.as('shown')])
      .where('ca.collection_id', '=', id)
      .orderBy('ca.position')
      .orderBy('ca.asset_id')
      .execute()
    const shown = rows.filter((r) => r.shown).map((r) => r.asset_id)
    const from = shown.indexOf(assetId)
    if (from < 0)
      return { ok: false, reason: 'not-in-collection', error: 'That asset is not in this collection.' } as const
    const target = Math.min(
      Math.max(to === 'up' ? from - 1 : to === 'down' ? from + 1 : Math.trunc(to), 0),
      shown.length - 1,
    )
    if (target === from) return { ok: true, position: from, isKit: row.is_kit, changed: false } as const
    // The full order without the asset, then the asset put back before the shown asset that
    // will follow it (or after the last shown one).
    const order = rows.map((r) => r.asset_id).filter((a) => a !== assetId)
    const shownWithout = shown.filter((a) => a !== assetId)
    const next = shownWithout[target]
    const at = next === undefined ? order.indexOf(shownWithout[shownWithout.length - 1]!) + 1 : order.indexOf(next)
    order.splice(at, 0, assetId)
    const positions = order.map((_, i) => i + 1)
    await sql`update collection_assets as ca set position = v.position
      from unnest(${order}::int[], ${positions}::int[]) as v(asset_id, position)
      where ca.collection_id = ${id} and ca.asset_id = v.asset_id`.execute(trx)
    await trx.updateTable('collections').set({ updated_at: sql<Date>`now()` }).where('id', '=', id).execute()
    return { ok: true, position: target, isKit: row.is_kit, changed: true } as const
  })
  if (!result.ok) return result
  if (result.changed) afterKitChange(db, result.isKit)
  return { ok: true, value: { position: result.position } }
}

// ---- Kits (the admin) ----

/** Checks the cover and the asset list name assets that exist (published or not: a draft may join a kit early). */
async function missingAssets(trx: Transaction<Database>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return []
  const found = await trx.selectFrom('assets').select('id').where('id', 'in', ids).execute()
  const have = new Set(found.map((r) => r.id))
  return [...new Set(ids.filter((i) => !have.has(i)))]
}

async function writeKitAssets(trx: Transaction<Database>, id: number, assetIds: number[]) {
  const unique = [...new Set(assetIds)]
  await trx.deleteFrom('collection_assets').where('collection_id', '=', id).execute()
  if (unique.length)
    await trx
      .insertInto('collection_assets')
      .values(unique.map((assetId, i) => ({ collection_id: id, asset_id: assetId, position: i + 1 })))
      .execute()
}

/** Creates or changes a kit: its title, text, cover, place and (when given) its assets in order. */
export async function saveKit(
  db: DB,
  admin: NonNullable<Viewer>,
  id: number | null,
  fields: KitFields,
): Promise<CollectionResult<CollectionSummary>> {
  if (admin.role !== 'admin') return notFound
  const result = await db.transaction().execute(async (trx) => {
    const missing = await missingAssets(trx, [
      ...(fields.coverAssetId ? [fields.coverAssetId] : []),
      ...(fields.assetIds ?? []),
    ])
    if (missing.length)
      return {
        ok: false,
        reason: 'unknown-asset-ids',
        error: `No asset has the id ${missing.join(', ')}.`,
      } as const
    // The cover is one of the kit's own pictures: another would show the kit as what it is not.
    if (fields.coverAssetId) {
      const held = fields.assetIds ?? (id === null ? [] : await assetIdsOf(trx, id))
      if (!held.includes(fields.coverAssetId))
        return {
          ok: false,
          reason: 'invalid-option',
          error: `The cover must be one of the kit’s assets: asset ${fields.coverAssetId} is not in it.`,
        } as const
    }
    const values = {
      name: fields.name.trim(),
      description: fields.description?.trim() ?? '',
      ...(fields.coverAssetId !== undefined ? { cover_asset_id: fields.coverAssetId } : {}),
      ...(fields.kitOrder !== undefined ? { kit_order: fields.kitOrder } : {}),
    }
    let kitId: number
    if (id === null) {
      const row = await trx
        .insertInto('collections')
        .values({ ...values, user_id: null, is_kit: true, is_public: true })
        .returning('id')
        .executeTakeFirstOrThrow()
      kitId = row.id
    } else {
      const row = await trx
        .updateTable('collections')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('is_kit', '=', true)
        .returning('id')
        .executeTakeFirst()
      if (!row) return notFound
      kitId = row.id
    }
    if (fields.assetIds) await writeKitAssets(trx, kitId, fields.assetIds)
    await recordAudit(trx, {
      actorId: admin.id,
      action: id === null ? 'kit.create' : 'kit.update',
      targetType: 'collection',
      targetId: kitId,
      details: { name: values.name, assets: fields.assetIds?.length },
    })
    return { ok: true, id: kitId } as const
  })
  if (!result.ok) return result
  afterKitChange(db, true)
  return { ok: true, value: (await getCollection(db, result.id, admin))! }
}

/** A kit's asset ids in order, published or not: what the admin's form shows. */
export async function kitAssetIds(db: DB, id: number): Promise<number[] | null> {
  const kit = await db
    .selectFrom('collections')
    .select('id')
    .where('id', '=', id)
    .where('is_kit', '=', true)
    .executeTakeFirst()
  if (!kit) return null
  return assetIdsOf(db, id)
}

async function assetIdsOf(db: DB | Transaction<Database>, collectionId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('collection_assets')
    .select('asset_id')
    .where('collection_id', '=', collectionId)
    .orderBy('position')
    .orderBy('asset_id')
    .execute()
  return rows.map((r) => r.asset_id)
}

/** Which of `ids` are not published (drafts, scheduled): a kit's page leaves them out until they are. */
export async function unpublishedAmong(db: DB, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return []
  const published = new Set(
    (await db.selectFrom('assets').select('id').where('id', 'in', ids).where(isPublished()).execute()).map((r) => r.id),
  )
  return ids.filter((id) => !published.has(id))
}
