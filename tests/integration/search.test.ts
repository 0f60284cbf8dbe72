import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, migrateToLatest, type DB } from '#db/client'
import { makeAsset } from '../support/factories'
import { roundEstimate, searchAssets, topTags } from '~/domain/catalogue/search.server'
import { relatedAssets } from '~/domain/catalogue/related.server'
import { createLocalStorage, type Storage } from '~/platform/storage.server'
import { testDb } from '../support/context'

interface SearchDb {
  db: DB
  storage: Storage
  close(): Promise<void>
}

function withStorage(db: DB, close: () => Promise<void>): SearchDb {
  const dir = mkdtempSync(path.join(tmpdir(), 'stock-search-'))
  return {
    db,
    storage: createLocalStorage(dir),
    async close() {
      rmSync(dir, { recursive: true, force: true })
      await close()
    },
  }
}

// The same answers on the run's database (PostgreSQL in CI) and on embedded PGlite, the
// default without DATABASE_URL.
const paths: [string, () => Promise<SearchDb>][] = [
  ['the run database', async () => withStorage(await testDb(), async () => {})],
  [
    'embedded PGlite',
    async () => {
      const db = createDatabase({})
      await migrateToLatest(db)
      return withStorage(db, () => db.destroy())
    },
  ],
]

// Fixtures live in a category of their own, so other tests' assets never interfere.
describe.each(paths)('searchAssets on %s', (_name, open) => {
  let t: SearchDb
  const category = `Fixture ${randomUUID().slice(0, 8)}`
  const day = 86_400_000
  const base = Date.UTC(2026, 0, 1)
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    t = await open()
    const specs = [
      {
        key: 'robotHead',
        title: 'Friendly Robot Head',
        tags: ['robot', 'toy', 'cute'],
        description: 'A smiling mechanical face',
        assetType: '3d',
        downloads: 40,
        age: 5,
      },
      {
        key: 'robotArm',
        title: 'Chrome Robotic Arm',
        tags: ['robot', 'chrome', 'industrial'],
        description: '',
        assetType: '3d',
        downloads: 90,
        age: 3,
      },
      {
        key: 'glassOrb',
        title: 'Glass Orb',
        tags: ['glass', 'sphere', 'toy'],
        description: 'Clear glass sphere with a robot inside',
        assetType: 'image',
        downloads: 10,
        age: 1,
      },
      {
        key: 'beat',
        title: 'Neon Synth Beat',
        tags: ['loop', 'neon', 'beat'],
        description: 'An upbeat synth loop',
        assetType: 'audio',
        downloads: 5,
        age: 2,
      },
      {
        key: 'alpha',
        title: 'Amber Cube',
        tags: ['cube', 'amber', 'toy'],
        description: 'Warm cube',
        assetType: '3d',
        downloads: 60,
        age: 4,
      },
    ] as const
    for (const s of specs) {
      const asset = await makeAsset(t.db, t.storage, {
        title: s.title,
        tags: [...s.tags],
        description: s.description,
        category,
        assetType: s.assetType,
        downloadCount: s.downloads,
        createdAt: new Date(base - s.age * day),
      })
      ids[s.key] = asset.id
    }
    const draft = await makeAsset(t.db, t.storage, {
      title: 'Secret Robot Draft',
      tags: ['robot'],
      category,
      isActive: false,
    })
    ids.draft = draft.id
  }, 60_000)
  afterAll(() => t?.close())

  const search = (q: Parameters<typeof searchAssets>[1]) => searchAssets(t.db, { category, ...q })
  const titles = (r: Awaited<ReturnType<typeof searchAssets>>) => r.assets.map((a) => a.title)

  it('finds by title, tag and description words, published only', async () => {
    const r = await search({ q: 'robot' })
    expect(new Set(titles(r))).toEqual(new Set(['Friendly Robot Head', 'Chrome Robotic Arm', 'Glass Orb']))
    expect(titles(r)).not.toContain('Secret Robot Draft')
    expect(r.total).toBe(3)
  })

  it('ranks title matches above description matches (relevance)', async () => {
    const r = await search({ q: 'robot', sort: 'relevance' })
    expect(titles(r)).toEqual(['Chrome Robotic Arm', 'Friendly Robot Head', 'Glass Orb'])
  })

  it('ranks title, then tags, then description; newest first in each; exact across pages', async () => {
    const tiers = `Tiers ${randomUUID().slice(0, 8)}`
    const made: Record<string, number> = {}
    const at = (hours: number) => new Date(base + hours * 3_600_000)
    const specs = [
      ['descOld', 'Plain Box', [], 'a zebulon inside', at(1)],
      ['descNew', 'Plain Crate', [], 'one zebulon', at(9)],
      ['tagOld', 'Striped Horse', ['zebulon'], '', at(2)],
      ['tagNew', 'Wild Horse', ['zebulon', 'wild'], '', at(8)],
      ['titleOld', 'Zebulon Statue', [], '', at(3)],
      ['titleNew', 'Zebulon Toy', ['zebulon'], 'zebulon', at(7)],
      // Two assets of the same instant: the later id comes first.
      ['twinA', 'Zebulon Twin', [], '', at(5)],
      ['twinB', 'Zebulon Twin Too', [], '', at(5)],
    ] as const
    for (const [key, title, tags, description, createdAt] of specs) {
      made[key] = (
        await makeAsset(t.db, t.storage, { title, tags: [...tags], description, category: tiers, createdAt })
      ).id
    }
    const expected = ['titleNew', 'twinB', 'twinA', 'titleOld', 'tagNew', 'tagOld', 'descNew', 'descOld'].map(
      (k) => made[k],
    )
    for (const q of ['zebulon', 'zebul']) {
      const whole = await searchAssets(t.db, { q, category: tiers, limit: 20 })
      expect(
        whole.assets.map((a) => a.id),
        q,
      ).toEqual(expected)
      expect(whole.total).toBe(8)
      // Page by page, with every page size, the same order: no asset lost or repeated at tier edges.
      for (const limit of [1, 3]) {
        const paged: number[] = []
        for (let page = 1; paged.length < 8; page++) {
          const r = await searchAssets(t.db, { q, category: tiers, limit, page })
          expect(r.total).toBe(8)
          expect(r.assets.length).toBeGreaterThan(0)
          paged.push(...r.assets.map((a) => a.id))
        }
        expect(paged, `${q} by ${limit}`).toEqual(expected)
      }
    }
    const newest = await searchAssets(t.db, { q: 'zebulon', category: tiers, sort: 'newest', limit: 3 })
    expect(newest.assets.map((a) => a.id)).toEqual([made.descNew, made.tagNew, made.titleNew])
  })

  it('rounds an estimated total to two figures', () => {
    expect([roundEstimate(52_347), roundEstimate(2_049), roundEstimate(987_654), roundEstimate(57)]).toEqual([
      52_000, 2_000, 990_000, 57,
    ])
  })

  it('matches the last word as a prefix', async () => {
    expect(titles(await search({ q: 'friendly rob' }))).toEqual(['Friendly Robot Head'])
    expect(titles(await search({ q: 'amb' }))).toEqual(['Amber Cube'])
  })

  it('still finds results for a typo, and says which word it used', async () => {
    const r = await search({ q: 'robto' })
    expect(r.total).toBeGreaterThanOrEqual(2)
    expect(titles(r)).toContain('Friendly Robot Head')
    expect(r.correctedQuery).toBe('robot')
  })

  it('corrects a transposition too', async () => {
    const r = await search({ q: 'shpere' })
    expect(titles(r)).toEqual(['Glass Orb'])
    expect(r.correctedQuery).toBe('sphere')
  })

  it('corrects only a slip of the keys: a word the library lacks finds nothing', async () => {
    const own = `Slips ${randomUUID().slice(0, 8)}`
    await makeAsset(t.db, t.storage, { title: 'Honeycomb Tile', tags: ['hexagon'], category: own })
    await makeAsset(t.db, t.storage, { title: 'Oak Seed', tags: ['acorn'], category: own })
    // Near by trigrams (as near as 'shpere' is to 'sphere'), but other words.
    for (const q of ['dragon', 'unicorn']) {
      const r = await searchAssets(t.db, { q, category: own })
      expect({ q, total: r.total, correctedQuery: r.correctedQuery }).toEqual({ q, total: 0, correctedQuery: null })
    }
    const slip = await searchAssets(t.db, { q: 'hexagno', category: own })
    expect(slip.correctedQuery).toBe('hexagon')
    expect(titles(slip)).toEqual(['Honeycomb Tile'])
  })

  it('gives an empty result for nonsense', async () => {
    const r = await search({ q: 'qqxxzzvv' })
    expect(r.total).toBe(0)
    expect(r.assets).toEqual([])
    expect(r.pageCount).toBe(1)
  })

  it('treats query syntax as plain words', async () => {
    const r = await search({ q: "robot & ! ( ' :* |" })
    expect(r.total).toBe(3)
  })

  it('filters by asset type', async () => {
    expect(titles(await search({ assetType: 'audio' }))).toEqual(['Neon Synth Beat'])
    expect(titles(await search({ assetType: 'image' }))).toEqual(['Glass Orb'])
  })

  it('filters by category case-insensitively', async () => {
    const r = await searchAssets(t.db, { category: category.toUpperCase() })
    expect(r.total).toBe(5)
  })

  it('requires every given tag', async () => {
    expect(new Set(titles(await search({ tags: ['toy'] })))).toEqual(
      new Set(['Friendly Robot Head', 'Glass Orb', 'Amber Cube']),
    )
    expect(titles(await search({ tags: ['toy', 'robot'] }))).toEqual(['Friendly Robot Head'])
    expect(titles(await search({ tags: ['toy', 'nothing-has-this'] }))).toEqual([])
  })

  it('sorts by newest, most downloaded and alphabetically', async () => {
    expect(titles(await search({ sort: 'newest' }))).toEqual([
      'Glass Orb',
      'Neon Synth Beat',
      'Chrome Robotic Arm',
      'Amber Cube',
      'Friendly Robot Head',
    ])
    expect(titles(await search({ sort: 'downloads' }))).toEqual([
      'Chrome Robotic Arm',
      'Amber Cube',
      'Friendly Robot Head',
      'Glass Orb',
      'Neon Synth Beat',
    ])
    expect(titles(await search({ sort: 'alphabetical' }))).toEqual([
      'Amber Cube',
      'Chrome Robotic Arm',
      'Friendly Robot Head',
      'Glass Orb',
      'Neon Synth Beat',
    ])
  })

  it('pages with the total', async () => {
    const first = await search({ sort: 'alphabetical', limit: 2, page: 1 })
    const third = await search({ sort: 'alphabetical', limit: 2, page: 3 })
    const beyond = await search({ sort: 'alphabetical', limit: 2, page: 9 })
    expect(titles(first)).toEqual(['Amber Cube', 'Chrome Robotic Arm'])
    expect(titles(third)).toEqual(['Neon Synth Beat'])
    expect(first.total).toBe(5)
    expect(first.pageCount).toBe(3)
    expect(beyond.assets).toEqual([])
    expect(beyond.total).toBe(5)
  })

  it('shapes assets with public image URLs and no storage keys', async () => {
    const [asset] = (await search({ q: 'amber' })).assets
    expect(asset.preview_urls.thumb).toMatch(/^\/images\/[0-9a-f-]+\/thumb\.png$/)
    expect(asset.preview_urls.thumb_webp).toMatch(/thumb\.webp$/)
    expect(asset.image).toMatch(/preview\.png$/)
    expect(JSON.stringify(asset)).not.toContain('originals/')
  })

  it('related assets: same category, one of the first 3 tags, not itself, at most 10', async () => {
    const head = (await search({ q: 'friendly' })).assets[0]
    const related = await relatedAssets(t.db, head)
    const names = related.map((a) => a.title)
    expect(names).not.toContain('Friendly Robot Head')
    expect(names).not.toContain('Secret Robot Draft')
    expect(new Set(names)).toEqual(new Set(['Chrome Robotic Arm', 'Glass Orb', 'Amber Cube']))
    // The 4th tag and beyond do not count.
    const onlyLaterTags = await relatedAssets(t.db, { ...head, tags: ['x', 'y', 'z', 'robot'] })
    expect(onlyLaterTags).toEqual([])
    const otherCategory = await relatedAssets(t.db, { ...head, category: 'Elsewhere' })
    expect(otherCategory.map((a) => a.title)).not.toContain('Chrome Robotic Arm')
  })

  it('counts tags of published assets, most used first, with a thumbnail', async () => {
    const tags = await topTags(t.db, 500)
    const toy = tags.find((x) => x.tag === 'toy')
    expect(toy?.count).toBeGreaterThanOrEqual(3)
    expect(toy?.thumbnail).toMatch(/^\/images\//)
    const counts = tags.map((x) => x.count)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
  })
})
