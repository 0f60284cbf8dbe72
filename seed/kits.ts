import type { DB } from '#db/client'
import { isPublished } from '~/domain/catalogue/assets.server'

/**
 * The artist's kits of the demo: sets of 3D renders made to be used together, so /collections
 * and the home page show what a kit is from the first start. Each kit holds the published 3D
 * renders of one category, in catalogue order, its first one as the cover.
 */
const DEMO_KITS = [
  {
    name: 'Space Kit',
    category: 'Space',
    description: 'Rockets, planets and the rest of the trip, lit and finished alike: one download for a whole launch.',
  },
  {
    name: 'Animal Friends',
    category: 'Animals',
    description: 'Soft, glossy animals in one style, ready for a children’s app, a sticker sheet or a slide.',
  },
  {
    name: 'Cosy Home',
    category: 'Furniture',
    description: 'Chairs, lamps and the things around them, to furnish a scene or an interface in one go.',
  },
] as const

/** Adds each demo kit that no kit of its name stands for yet (a stopped seed resumes). Returns how many. */
export async function seedDemoKits(db: DB): Promise<number> {
  const existing = new Set(
    (await db.selectFrom('collections').select('name').where('is_kit', '=', true).execute()).map((kit) => kit.name),
  )
  let made = 0
  for (const [index, kit] of DEMO_KITS.entries()) {
    if (existing.has(kit.name)) continue
    const assets = await db
      .selectFrom('assets')
      .select('id')
      .where('category', '=', kit.category)
      .where('asset_type', '=', '3d')
      .where(isPublished())
      .orderBy('id')
      .execute()
    if (assets.length < 2) continue
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('collections')
        .values({
          name: kit.name,
          description: kit.description,
          user_id: null,
          is_kit: true,
          is_public: true,
          cover_asset_id: assets[0].id,
          kit_order: index + 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('collection_assets')
        .values(assets.map((asset, i) => ({ collection_id: row.id, asset_id: asset.id, position: i + 1 })))
        .execute()
    })
    made += 1
  }
  return made
}
