import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import type { Asset } from '#db/schema'
import { createTestContext, type TestContext } from '../support/context'
import {
  addToCollection,
  collectionAssetIds,
  createCollection,
  deleteCollection,
  getCollection,
  getCollectionPage,
  listKits,
  moveInCollection,
  removeFromCollection,
  saveKit,
  saveTargets,
  updateCollection,
} from '~/domain/collections/collections.server'
import { catalogueVersion } from '~/domain/catalogue/catalogue-cache.server'
import { MAX_ASSETS_PER_COLLECTION, MAX_COLLECTIONS_PER_USER } from '~/lib/collection-limits'
import { sql } from 'kysely'

let t: TestContext
let assets: Asset[]
beforeAll(async () => {
  t = await createTestContext()
  assets = []
  for (const n of [1, 2, 3, 4]) assets.push(await makeAsset(t.db, t.storage, { title: `Domain ${n}` }))
})
afterAll(() => t.close())

const viewerOf = (u: { id: string; role: 'user' | 'admin' }) => ({ id: u.id, role: u.role })

describe('collections in the domain', () => {
  it('keeps the order it is given, moves up, down and to a place, removes', async () => {
    const me = viewerOf(await makeUser(t.db))
    const made = await createCollection(t.db, me, { name: '  Moodboard  ' })
    if (!made.ok) throw new Error(made.error)
    expect(made.value).toMatchObject({ name: 'Moodboard', isPublic: false, assetCount: 0, canEdit: true })
    const id = made.value.id
    for (const a of assets)
      expect(await addToCollection(t.db, me, id, a.id)).toEqual({ ok: true, value: { added: true } })
    expect(await addToCollection(t.db, me, id, assets[0]!.id)).toEqual({ ok: true, value: { added: false } })
    const [a1, a2, a3, a4] = assets.map((a) => a.id) as [number, number, number, number]
    expect(await collectionAssetIds(t.db, id, me)).toEqual([a1, a2, a3, a4])
    await moveInCollection(t.db, me, id, a3, 'up')
    expect(await collectionAssetIds(t.db, id, me)).toEqual([a1, a3, a2, a4])
    await moveInCollection(t.db, me, id, a1, 'down')
    expect(await collectionAssetIds(t.db, id, me)).toEqual([a3, a1, a2, a4])
    await moveInCollection(t.db, me, id, a4, 0)
    expect(await collectionAssetIds(t.db, id, me)).toEqual([a4, a3, a1, a2])
    await moveInCollection(t.db, me, id, a4, 99)
    expect(await collectionAssetIds(t.db, id, me)).toEqual([a3, a1, a2, a4])
    expect((await removeFromCollection(t.db, me, id, a1)).ok).toBe(true)
    expect(await removeFromCollection(t.db, me, id, a1)).toMatchObject({ ok: false, reason: 'not-in-collection' })
    const page = await getCollectionPage(t.db, id, me, { page: 1, limit: 2 })
    expect(page?.assets.map((a) => a.id)).toEqual([a3, a2])
    expect(page?.total).toBe(3)
    expect((await saveTargets(t.db, me, a2)).find((s) => s.id === id)).toMatchObject({ contains: true })
    expect((await saveTargets(t.db, me, a1)).find((s) => s.id === id)).toMatchObject({ contains: false })
  })

  it('shows a private collection to its owner alone, and lets only the owner change it', async () => {
    const owner = viewerOf(await makeUser(t.db))
    const other = viewerOf(await makeUser(t.db))
    const admin = viewerOf(await makeUser(t.db, { role: 'admin' }))
    const made = await createCollection(t.db, owner, { name: 'Secret' })
    if (!made.ok) throw new Error(made.error)
    const id = made.value.id
    expect(await getCollection(t.db, id, null)).toBeNull()
    expect(await getCollection(t.db, id, other)).toBeNull()
    expect(await getCollection(t.db, id, admin)).toBeNull()
    for (const who of [other, admin]) {
      expect(await updateCollection(t.db, who, id, { name: 'Mine' })).toMatchObject({ reason: 'collection-not-found' })
      expect(await addToCollection(t.db, who, id, assets[0]!.id)).toMatchObject({ reason: 'collection-not-found' })
      expect(await deleteCollection(t.db, who, id)).toMatchObject({ reason: 'collection-not-found' })
    }
    await updateCollection(t.db, owner, id, { isPublic: true })
    expect(await getCollection(t.db, id, null)).toMatchObject({
      name: 'Secret',
      canEdit: false,
      owner: { name: 'Test User' },
    })
    expect(await updateCollection(t.db, other, id, { name: 'Mine' })).toMatchObject({ reason: 'collection-not-found' })
  })

  it('refuses a 101st collection even when asked in parallel, and a 1001st asset', async () => {
    const me = viewerOf(await makeUser(t.db))
    const results = await Promise.all(
      Array.from({ length: MAX_COLLECTIONS_PER_USER + 5 }, (_, i) => createCollection(t.db, me, { name: `C${i}` })),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(MAX_COLLECTIONS_PER_USER)
    expect(results.find((r) => !r.ok)).toMatchObject({ reason: 'too-many-collections' })
    const first = results.find((r) => r.ok)!
    if (!first.ok) throw new Error()
    // Filled in SQL rather than one by one: the rule is the count, however they were added.
    await sql`insert into collection_assets (collection_id, asset_id, position)
      select ${first.value.id}, id, row_number() over (order by id)
      from (select id from assets order by id limit ${MAX_ASSETS_PER_COLLECTION}) a`.execute(t.db)
    const extra = await makeAsset(t.db, t.storage, { title: 'One too many' })
    const [{ n }] = (
      await sql<{
        n: number
      }>`select count(*)::int as n from collection_assets where collection_id = ${first.value.id}`.execute(t.db)
    ).rows as [{ n: number }]
    if (n < MAX_ASSETS_PER_COLLECTION) {
      // Fewer assets in this database than the limit: made up to it.
      await sql`insert into assets (title, original_key, is_active)
        select 'Filler ' || g, 'originals/filler.png', true from generate_series(1, ${MAX_ASSETS_PER_COLLECTION - n}) g`.execute(
        t.db,
      )
      await sql`insert into collection_assets (collection_id, asset_id, position)
        select ${first.value.id}, id, 2000 + row_number() over (order by id)
        from assets where title like 'Filler %' and id not in (select asset_id from collection_assets where collection_id = ${first.value.id})
        limit ${MAX_ASSETS_PER_COLLECTION - n}`.execute(t.db)
    }
    expect(await addToCollection(t.db, me, first.value.id, extra.id)).toMatchObject({
      ok: false,
      reason: 'collection-full',
    })
  })

  it('hides an asset unpublished since, and shows it again after the asset it followed', async () => {
    const me = viewerOf(await makeUser(t.db))
    const hidden = await makeAsset(t.db, t.storage, { title: 'Soon hidden' })
    const made = await createCollection(t.db, me, { name: 'Hidden one' })
    if (!made.ok) throw new Error(made.error)
    const id = made.value.id
    for (const a of [assets[0]!.id, hidden.id, assets[1]!.id]) await addToCollection(t.db, me, id, a)
    await t.db.updateTable('assets').set({ is_active: false }).where('id', '=', hidden.id).execute()
    expect(await collectionAssetIds(t.db, id, me)).toEqual([assets[0]!.id, assets[1]!.id])
    expect((await getCollection(t.db, id, me))?.assetCount).toBe(2)
    await moveInCollection(t.db, me, id, assets[1]!.id, 'up')
    expect(await collectionAssetIds(t.db, id, me)).toEqual([assets[1]!.id, assets[0]!.id])
    await t.db.updateTable('assets').set({ is_active: true }).where('id', '=', hidden.id).execute()
    // It stays after the asset it followed.
    expect(await collectionAssetIds(t.db, id, me)).toEqual([assets[1]!.id, assets[0]!.id, hidden.id])
  })

  it('kits: made by an admin, public, ordered, changed by any admin, and each change moves the catalogue version', async () => {
    const admin = viewerOf(await makeUser(t.db, { role: 'admin' }))
    const another = viewerOf(await makeUser(t.db, { role: 'admin' }))
    const user = viewerOf(await makeUser(t.db))
    const before = await catalogueVersion(t.db)
    const kit = await saveKit(t.db, admin, null, {
      name: 'Glass kit',
      description: 'Glassy things',
      coverAssetId: assets[1]!.id,
      kitOrder: -5,
      assetIds: [assets[0]!.id, assets[1]!.id],
    })
    if (!kit.ok) throw new Error(kit.error)
    expect(kit.value).toMatchObject({ isKit: true, isPublic: true, assetCount: 2, owner: { name: 'The artist' } })
    const afterCreate = await catalogueVersion(t.db)
    expect(Number(afterCreate)).toBeGreaterThan(Number(before))
    expect((await listKits(t.db, null))[0]?.id).toBe(kit.value.id)
    expect(await addToCollection(t.db, user, kit.value.id, assets[2]!.id)).toMatchObject({
      reason: 'collection-not-found',
    })
    expect(await addToCollection(t.db, another, kit.value.id, assets[2]!.id)).toMatchObject({ ok: true })
    expect(Number(await catalogueVersion(t.db))).toBeGreaterThan(Number(afterCreate))
    expect(await updateCollection(t.db, another, kit.value.id, { isPublic: false })).toMatchObject({
      reason: 'invalid-option',
    })
    expect(await saveKit(t.db, admin, null, { name: 'Bad', assetIds: [2_000_000_000] })).toMatchObject({
      reason: 'unknown-asset-ids',
    })
    // The cover is one of the kit's assets, given with them or already in it.
    expect(
      await saveKit(t.db, admin, null, { name: 'Odd cover', coverAssetId: assets[2]!.id, assetIds: [assets[0]!.id] }),
    ).toMatchObject({ reason: 'invalid-option' })
    expect(await saveKit(t.db, admin, kit.value.id, { name: 'Glass kit', coverAssetId: assets[3]!.id })).toMatchObject({
      reason: 'invalid-option',
    })
    expect(await saveKit(t.db, admin, kit.value.id, { name: 'Glass kit', coverAssetId: assets[2]!.id })).toMatchObject({
      ok: true,
      value: { coverAssetId: assets[2]!.id },
    })
    // Taking the cover out of the kit leaves the first asset as its cover, not a picture it lacks.
    expect(await removeFromCollection(t.db, admin, kit.value.id, assets[2]!.id)).toMatchObject({ ok: true })
    expect((await getCollection(t.db, kit.value.id, null))?.coverAssetId ?? null).toBeNull()
    expect((await deleteCollection(t.db, another, kit.value.id)).ok).toBe(true)
  })
})
