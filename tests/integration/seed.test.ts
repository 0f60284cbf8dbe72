import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ASSET_COUNT, needsDemoSeed, seedDemoContent, type SeedResult } from '#seed/index'
import { demoAssets } from '#seed/catalogue'
import { ensureAdmin, findUserByEmail } from '~/domain/accounts/users.server'
import { verifyPassword } from '~/platform/passwords.server'
import { assetFileKeys } from '~/domain/catalogue/assets.server'
import { dailyFigures } from '~/domain/analytics/figures.server'
import { createTestContext, emptyCatalogue, type TestContext } from '../support/context'
import { makeAsset } from '../support/factories'

describe('demo catalogue', () => {
  let t: TestContext
  const countOf = async (table: 'assets' | 'blog_posts') =>
    (await t.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n
  let stopped: { assets: number; posts: number; error: unknown; seedAgain: boolean }
  let resumed: SeedResult
  let seedAfter: boolean
  beforeAll(async () => {
    t = await createTestContext()
    await emptyCatalogue(t.db)
    // A first start stopped part-way through the seed (as a container killed by its health
    // check would be), then a later start.
    const stop = new Error('stopped')
    const error = await seedDemoContent(t.db, t.storage, {
      imageSize: 256,
      onProgress: (done) => {
        if (done === 24) throw stop
      },
    }).catch((e: unknown) => e)
    stopped = {
      assets: await countOf('assets'),
      posts: await countOf('blog_posts'),
      error,
      seedAgain: await needsDemoSeed(t.db),
    }
    resumed = await seedDemoContent(t.db, t.storage, { imageSize: 256 })
    seedAfter = await needsDemoSeed(t.db)
  }, 600_000)
  afterAll(() => t.close())

  it('a start stopped mid-seed leaves it unfinished, and the next start finishes it', async () => {
    expect(stopped.error).toBeInstanceOf(Error)
    expect((stopped.error as Error).message).toBe('stopped')
    // Assets already begun finish; none after the stop.
    expect(stopped.assets).toBeGreaterThanOrEqual(24)
    expect(stopped.assets).toBeLessThan(DEMO_ASSET_COUNT)
    expect(stopped.posts).toBe(0)
    expect(stopped.seedAgain).toBe(true)
    expect(resumed).toMatchObject({ assets: DEMO_ASSET_COUNT - stopped.assets, posts: 6 })
    // Every demo asset, the stopped run's too, for their download files to be made ahead.
    expect(resumed.assetIds).toHaveLength(DEMO_ASSET_COUNT)
    expect(seedAfter).toBe(false)
    // Dated as one run would have: newest first in the catalogue's order, a day apart or less.
    const byDate = await t.db.selectFrom('assets').select('title').orderBy('created_at', 'desc').execute()
    expect(byDate.map((a) => a.title)).toEqual(demoAssets().map((demo) => demo.title))
  })

  it('has 120 published assets with 3-8 normalised tags, a category and a type', async () => {
    const assets = await t.db.selectFrom('assets').selectAll().execute()
    expect(assets.length).toBe(DEMO_ASSET_COUNT)
    expect(assets.length).toBe(120)
    for (const asset of assets) {
      expect(asset.is_active).toBe(true)
      expect(asset.title.length).toBeGreaterThan(3)
      expect(asset.category).not.toBe('')
      expect(asset.tags.length).toBeGreaterThanOrEqual(3)
      expect(asset.tags.length).toBeLessThanOrEqual(8)
      for (const tag of asset.tags) expect(tag).toBe(tag.trim().toLowerCase())
    }
    const types = new Set(assets.map((a) => a.asset_type))
    expect(types).toEqual(new Set(['3d', 'image', 'audio']))
    expect(new Set(assets.map((a) => a.category)).size).toBeGreaterThanOrEqual(8)
  })

  it('stores every original and its thumbnail and preview derivatives', async () => {
    const assets = await t.db.selectFrom('assets').selectAll().limit(20).execute()
    for (const asset of assets) {
      const keys = assetFileKeys(asset)
      expect(keys).toHaveLength(asset.asset_type === 'audio' ? 6 : 5)
      for (const key of keys) expect(await t.storage.exists(key), key).toBe(true)
      expect(asset.original_key.startsWith('originals/')).toBe(true)
      // 256 px on the long side, whatever the picture's shape.
      if (asset.asset_type !== 'audio') expect(Math.max(asset.width!, asset.height!)).toBe(256)
    }
  })

  it('renders 3D assets with a transparent background', async () => {
    const sharp = (await import('sharp')).default
    const asset = await t.db.selectFrom('assets').selectAll().where('asset_type', '=', '3d').executeTakeFirstOrThrow()
    const file = await t.storage.get(asset.original_key)
    const chunks: Buffer[] = []
    for await (const c of file!.stream) chunks.push(c as Buffer)
    const { data, info } = await sharp(Buffer.concat(chunks)).raw().toBuffer({ resolveWithObject: true })
    expect(info.channels).toBe(4)
    expect(data[3]).toBe(0) // top-left pixel fully transparent
  })

  it("has the artist's kits, each a public set of one category's 3D renders shown on /collections", async () => {
    const kits = await t.db
      .selectFrom('collections')
      .selectAll()
      .where('is_kit', '=', true)
      .orderBy('kit_order')
      .execute()
    expect(kits.map((k) => k.name)).toEqual(['Space Kit', 'Animal Friends', 'Cosy Home'])
    for (const kit of kits) {
      expect(kit.is_public).toBe(true)
      expect(kit.user_id).toBeNull()
      const members = await t.db
        .selectFrom('collection_assets')
        .innerJoin('assets', 'assets.id', 'collection_assets.asset_id')
        .select(['assets.id', 'assets.asset_type', 'assets.category'])
        .where('collection_id', '=', kit.id)
        .orderBy('position')
        .execute()
      expect(members.length).toBeGreaterThanOrEqual(2)
      expect(new Set(members.map((m) => m.asset_type))).toEqual(new Set(['3d']))
      expect(new Set(members.map((m) => m.category)).size).toBe(1)
      expect(kit.cover_asset_id).toBe(members[0].id)
    }
    const { listKits } = await import('~/domain/collections/collections.server')
    expect((await listKits(t.db, null)).map((k) => k.name)).toEqual(['Space Kit', 'Animal Friends', 'Cosy Home'])
    // A second seed adds none.
    const { seedDemoKits } = await import('#seed/kits')
    expect(await seedDemoKits(t.db)).toBe(0)
  })

  it("dates every asset's downloads within the last 90 days, as many as its count, so the days add up", async () => {
    const rows = await sql<{
      id: number
      download_count: number
      dated: number
      first: Date | null
      last: Date | null
      created_at: Date
    }>`
      select a.id, a.download_count, a.created_at, count(d.id)::int as dated, min(d.created_at) as first, max(d.created_at) as last
      from assets a left join downloads d on d.asset_id = a.id group by a.id
    `.execute(t.db)
    expect(rows.rows).toHaveLength(DEMO_ASSET_COUNT)
    expect(rows.rows.some((r) => r.download_count > 150)).toBe(true)
    const now = Date.now()
    for (const r of rows.rows) {
      expect(r.dated, `asset ${r.id}`).toBe(r.download_count)
      if (!r.first || !r.last) continue
      expect(r.first.getTime()).toBeGreaterThanOrEqual(Math.max(r.created_at.getTime(), now - 90 * 86_400_000) - 1000)
      expect(r.last.getTime()).toBeLessThanOrEqual(now)
    }
    // The figures the analytics show: 90 days of one asset add up to its count.
    const busiest = rows.rows.reduce((a, b) => (b.download_count > a.download_count ? b : a))
    const days = await dailyFigures(t.db, { days: 90, assetId: busiest.id })
    expect(days.reduce((sum, d) => sum + d.downloads, 0)).toBe(busiest.download_count)
    expect(days.filter((d) => d.downloads > 0).length).toBeGreaterThan(10)
  })

  it('has six blog posts with HTML content', async () => {
    const posts = await t.db.selectFrom('blog_posts').selectAll().execute()
    expect(posts).toHaveLength(6)
    for (const post of posts) expect(post.content_html).toMatch(/<p>/)
  })

  it('is idempotent: seeding again adds nothing', async () => {
    const result = await seedDemoContent(t.db, t.storage, { imageSize: 256 })
    expect(result).toEqual({ assets: 0, posts: 0, assetIds: [] })
    expect(await countOf('assets')).toBe(DEMO_ASSET_COUNT)
  })

  it('a finished seed never runs again at start, even on a catalogue the artist emptied', async () => {
    await t.db.deleteFrom('collections').execute()
    await t.db.deleteFrom('assets').execute()
    await t.db.deleteFrom('blog_posts').execute()
    expect(await needsDemoSeed(t.db)).toBe(false)
    // The `seed` command, asked for by hand, fills it again.
    expect(await needsDemoSeed(t.db, { whenEmpty: true })).toBe(true)
  })
})

describe('when the start seeds', () => {
  it('gives up after three failed runs, serving what there is, until the seed command is run', async () => {
    const t = await createTestContext()
    try {
      await emptyCatalogue(t.db)
      const failingRun = () =>
        seedDemoContent(t.db, t.storage, {
          imageSize: 64,
          onProgress: () => {
            throw new Error('disk full')
          },
        }).catch((error: unknown) => (error as Error).message)
      const warned: string[] = []
      const warn = (line: string) => warned.push(line)
      for (let run = 1; run <= 3; run++) {
        expect(await needsDemoSeed(t.db, { warn }), `before run ${run}`).toBe(true)
        expect(await failingRun()).toBe('disk full')
      }
      expect(await needsDemoSeed(t.db, { warn })).toBe(false)
      expect(warned).toEqual(['The demo seed failed 3 times and is left unfinished; `seed` tries again.'])
      // The command, asked for by hand, tries again (and three more times after it).
      expect(await needsDemoSeed(t.db, { whenEmpty: true })).toBe(true)
      expect(await needsDemoSeed(t.db)).toBe(true)
    } finally {
      await emptyCatalogue(t.db)
      await t.close()
    }
  })

  it('an existing catalogue, when the seed is first recorded, counts as seeded', async () => {
    const t = await createTestContext()
    const { up } = await import('#db/migrations/0025_demo_seed')
    const again = async () => {
      await sql`drop table demo_seed`.execute(t.db)
      await up(t.db as never)
    }
    try {
      await emptyCatalogue(t.db)
      await again()
      expect(await needsDemoSeed(t.db)).toBe(true)
      await makeAsset(t.db, t.storage, { title: 'Uploaded before the upgrade' })
      await again()
      expect(await needsDemoSeed(t.db)).toBe(false)
      // Emptied later, it is still not filled with the demo at start.
      await t.db.deleteFrom('assets').execute()
      expect(await needsDemoSeed(t.db)).toBe(false)
    } finally {
      await emptyCatalogue(t.db)
      await t.close()
    }
  })

  it('seeds a catalogue never filled, and not one filled before demo seeds were recorded', async () => {
    const t = await createTestContext()
    try {
      await emptyCatalogue(t.db)
      expect(await needsDemoSeed(t.db)).toBe(true)
      await t.db
        .insertInto('blog_posts')
        .values({
          slug: 'mine',
          title: 'Mine',
          excerpt: '',
          content_html: '<p>Mine</p>',
          date: '2026-11-29',
          read_time: '1 min read',
          category: 'News',
        })
        .execute()
      expect(await needsDemoSeed(t.db)).toBe(false)
    } finally {
      await t.close()
    }
  })
})

describe('administrator account', () => {
  it('is created with role admin and takes the configured password', async () => {
    const t = await createTestContext()
    const email = `boss-${Date.now()}@example.com`
    await ensureAdmin(t.db, { email, password: 'first-password', fullName: 'Boss' })
    const again = await ensureAdmin(t.db, { email: email.toUpperCase(), password: 'second-password', fullName: 'Boss' })
    expect(again.role).toBe('admin')
    const stored = await findUserByEmail(t.db, email)
    expect(await verifyPassword(stored!.password_hash, 'second-password')).toBe(true)
    expect(await verifyPassword(stored!.password_hash, 'first-password')).toBe(false)
    await t.close()
  })
})
