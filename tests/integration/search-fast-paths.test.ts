import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Kysely, PGliteDialect, sql, type SqlBool } from 'kysely'
import { Migrator } from 'kysely/migration'
import { createDatabase, migrateToLatest, type DB } from '#db/client'
import { migrationProvider } from '#db/migrations/index'
import type { Database } from '#db/schema'
import {
  COLOUR_STEP,
  colourSearchTuning,
  rankTuning,
  searchAssets,
  searchWords,
  toTsQueryText,
  wordsQuery,
  type SearchQuery,
} from '~/domain/catalogue/search.server'
import { log } from '~/platform/log.server'
import {
  COLOUR_SWATCHES,
  fineCellsNear,
  hexToOklab,
  MIN_COLOUR_WEIGHT,
  NEAR_DISTANCE,
  parseColour,
  swatchesOf,
} from '~/lib/colour'
import { testDb } from '../support/context'

// The fast paths of searchAssets (the ranked date window, the title window from the words'
// first title, the prefix expanded to the catalogue's lexemes, colour steps and the nearest
// palette colours) against the
// plain answer: every match sorted by the database, on a seeded catalogue, for many queries,
// sorts, filters and pages, with the nearest palette colours covering every step or only the
// first ones. Also without the lexeme list and the colour index (a database before migrations
// 0011 and 0012, or without the cube extension): the same answers, and one line each in the log.

const materials = ['glossy', 'matte', 'chrome', 'glass', 'neon', 'pastel', 'wooden']
const subjects = ['robot', 'robots', 'robotic', 'sphere', 'cube', 'cat', 'toy', 'toys', 'toyota', 'lamp']
const extras = ['retro', 'minimal', 'cute', 'render', 'bright', 'ambient']

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

async function seed(db: DB, category: string, count: number) {
  const next = random(42)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]
  const base = Date.UTC(2031, 0, 1)
  const rows = []
  for (let i = 0; i < count; i++) {
    const m = pick(materials)
    const s = pick(subjects)
    const e = pick(extras)
    const rare = i % 97 === 5 ? ' aurora' : ''
    // Titles in several word orders, so no word sits in one stretch of the alphabet only.
    const title =
      [
        [m, s, e],
        [s, m, e],
        [e, s, m],
      ][i % 3].join(' ') + rare
    const colours = [0, 1].map(() => {
      // Near a swatch or anywhere: closeness varies continuously.
      const hex =
        next() < 0.6
          ? pick(COLOUR_SWATCHES).hex
          : `#${Math.floor(next() * 0xffffff)
              .toString(16)
              .padStart(6, '0')}`
      const jitter = () => (next() - 0.5) * 0.08
      const [l, a, b] = hexToOklab(hex)
      return { hex, l: l + jitter(), a: a + jitter(), b: b + jitter() }
    })
    const palette = [
      { ...colours[0], weight: 0.6 },
      { ...colours[1], weight: 0.3 },
    ]
    const sizes = [
      [1600, 900],
      [900, 1600],
      [1000, 1000],
    ][Math.floor(next() * 3)]
    rows.push({
      title: title.replace(/\b\w/g, (c) => c.toUpperCase()),
      description: `A ${m} ${s} ${next() < 0.5 ? 'rendered' : 'drawn'} in ${pick(extras)} style.`,
      tags: [s, pick(extras), next() < 0.2 ? 'neon' : m],
      category,
      asset_type: pick(['3d', '3d', 'image', 'audio'] as const),
      is_active: next() > 0.05,
      original_key: `originals/fast-${i}.png`,
      // Some of the same instant, so ties go by id.
      created_at: new Date(base + Math.floor(i / 3) * 60_000 - Math.floor(next() * 2) * 60_000),
      width: sizes[0],
      height: sizes[1],
      has_transparency: next() < 0.4,
      palette: JSON.stringify(palette),
      colour_swatches: swatchesOf(palette),
    })
  }
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('assets')
      .values(rows.slice(i, i + 500) as never)
      .execute()
  }
}

/** The plain answer: every match, sorted by the database. */
async function naive(db: DB, category: string, query: SearchQuery): Promise<number[]> {
  const words = searchWords(query.q)
  const tsquery = sql`to_tsquery('english', ${toTsQueryText(words)})`
  const conditions = [sql<SqlBool>`is_active`, sql<SqlBool>`category = ${category}`, sql<SqlBool>`search @@ ${tsquery}`]
  if (query.assetType) conditions.push(sql<SqlBool>`asset_type = ${query.assetType}`)
  if (query.orientation) conditions.push(sql<SqlBool>`orientation = ${query.orientation}`)
  if (query.transparentOnly) conditions.push(sql<SqlBool>`has_transparency`)
  const colour = parseColour(query.colour)
  const [l, a, b] = colour ? hexToOklab(colour.hex) : [0, 0, 0]
  const distance = sql<number>`(select min(sqrt(power((p->>'l')::float8 - ${l}, 2) + power((p->>'a')::float8 - ${a}, 2) + power((p->>'b')::float8 - ${b}, 2)))
    from jsonb_array_elements(palette) as p where (p->>'weight')::float8 >= ${MIN_COLOUR_WEIGHT})`
  if (colour?.name) conditions.push(sql<SqlBool>`colour_swatches @> array[${colour.name}]::text[]`)
  else if (colour) conditions.push(sql<SqlBool>`${distance} < ${NEAR_DISTANCE}`)
  const tier = sql`case when search_title @@ ${tsquery} then 0 when search_named @@ ${tsquery} then 1 else 2 end`
  const step = sql`least(floor(${distance} / ${COLOUR_STEP})::int, ${Math.ceil(NEAR_DISTANCE / COLOUR_STEP) - 1})`
  const order =
    query.sort === 'alphabetical'
      ? sql`lower(title), id desc`
      : query.sort === 'newest'
        ? sql`created_at desc, id desc`
        : colour
          ? sql`${tier}, ${step}, created_at desc, id desc`
          : sql`${tier}, created_at desc, id desc`
  const rows = await sql<{
    id: number
  }>`select id from assets where ${sql.join(conditions, sql` and `)} order by ${order}`.execute(db)
  return rows.rows.map((r) => r.id)
}

const queries = [
  'robot',
  'rob',
  'robo',
  'toy',
  'toyo',
  'glossy robot',
  'glossy rob',
  'neon cat',
  'cat toy retro',
  'aurora',
  'glossy aurora',
  'rendered',
  'render',
  'sphere lamp',
  'zzqq',
  'glossy zzqq',
]
const variants: Omit<SearchQuery, 'q'>[] = [
  {},
  { sort: 'newest' },
  { sort: 'alphabetical' },
  { assetType: 'audio' },
  { colour: 'red' },
  { colour: '#3366cc' },
  { colour: 'blue', sort: 'alphabetical' },
  { colour: '#3366cc', sort: 'alphabetical' },
  { colour: 'teal', sort: 'alphabetical' },
  { orientation: 'square', transparentOnly: true },
]

async function compareAll(db: DB, category: string) {
  let compared = 0
  for (const q of queries) {
    for (const variant of variants) {
      const query: SearchQuery = { q, category, exact: true, ...variant }
      const expected = await naive(db, category, query)
      for (const [page, limit] of [
        [1, 20],
        [3, 20],
        [2, 7],
      ]) {
        const result = await searchAssets(db, { ...query, page, limit })
        const label = `${JSON.stringify(variant)} q=${q} page ${page} by ${limit}`
        expect(
          result.assets.map((a) => a.id),
          label,
        ).toEqual(expected.slice((page - 1) * limit, page * limit))
        if (!result.totalEstimated) expect(result.total, label).toBe(expected.length)
        compared++
      }
    }
  }
  return compared
}

/** Runs `run` with some of a tuning object's values changed, and puts them back after. */
async function tuned<T extends object, R>(tuning: T, change: Partial<T>, run: () => Promise<R>): Promise<R> {
  const saved = { ...tuning }
  Object.assign(tuning, change)
  try {
    return await run()
  } finally {
    Object.assign(tuning, saved)
  }
}

const CATALOGUE = 2_600

describe('search fast paths give the plain answer', () => {
  describe.each([
    ['the run database', () => testDb(), async () => {}],
    [
      'embedded PGlite',
      async () => {
        const db = createDatabase({})
        await migrateToLatest(db)
        return db
      },
      async (db: DB) => db.destroy(),
    ],
  ] as const)('on %s', (_name, open, close) => {
    let db: DB
    const category = `Fast ${randomUUID().slice(0, 8)}`
    beforeAll(async () => {
      db = await open()
      await seed(db, category, CATALOGUE)
    }, 120_000)
    afterAll(async () => {
      await sql`delete from assets where category = ${category}`.execute(db)
      await close(db as never)
    })

    it('for every query, sort, filter and page', async () => {
      expect(await compareAll(db, category)).toBe(queries.length * variants.length * 3)
    }, 120_000)

    it('the same when every ranked search walks the newest assets (no reading of few matches at once)', async () => {
      expect(await tuned(rankTuning, { fewMatches: 0 }, () => compareAll(db, category))).toBe(
        queries.length * variants.length * 3,
      )
    }, 120_000)

    it("keeps each word's first title per colour: none later than an asset with both, and fine cells as the search names them", async () => {
      const late = await sql<{ n: number }>`
        select count(*)::int as n
        from assets a, unnest(tsvector_to_array(a.search)) as l, unnest(search_colour_tokens(a.colour_swatches, a.palette)) as c
        where a.category = ${category}
          and not exists (select 1 from search_lexeme_colours s where s.lexeme = l and s.colour = c and s.first_title <= lower(a.title))`.execute(
        db,
      )
      expect(late.rows[0].n).toBe(0)
      const pairs = await sql<{ n: number }>`select count(*)::int as n from search_lexeme_colours`.execute(db)
      expect(pairs.rows[0].n).toBeGreaterThan(100)
      // Every palette colour near a searched colour lies in a fine cell the search asks for.
      const next = random(7)
      for (let i = 0; i < 300; i++) {
        const hex = `#${Math.floor(next() * 0xffffff)
          .toString(16)
          .padStart(6, '0')}`
        const [l, a, b] = hexToOklab(hex)
        // A point inside the 'near' ball, up to its edge.
        const r = NEAR_DISTANCE * Math.cbrt(next()) * 0.999
        const [u, v, w] = [next() - 0.5, next() - 0.5, next() - 0.5]
        const norm = Math.hypot(u, v, w) || 1
        const colour = { l: l + (r * u) / norm, a: a + (r * v) / norm, b: b + (r * w) / norm, weight: 0.5 }
        const token = await sql<{
          t: string[]
        }>`select search_colour_tokens('{}', ${JSON.stringify([colour])}::jsonb) as t`.execute(db)
        expect(fineCellsNear(hex), `${hex} and ${JSON.stringify(colour)}`).toContain(token.rows[0].t[0])
      }
    }, 120_000)

    it('a last word no asset has is nothing found at once, and found as soon as an asset has it', async () => {
      const query: SearchQuery = { q: 'glossy qzvorbit', category, exact: true }
      expect((await wordsQuery(db, ['glossy', 'qzvorbit'])).matchesNothing).toBe(true)
      expect(await searchAssets(db, query)).toMatchObject({ assets: [], total: 0 })
      const [added] = await db
        .insertInto('assets')
        .values({ title: 'Glossy Qzvorbital', category, is_active: true, original_key: 'originals/qzv.png' })
        .returning('id')
        .execute()
      try {
        // The lexeme list is written in the asset's own transaction: no window where it is missing.
        expect((await wordsQuery(db, ['glossy', 'qzvorbit'])).matchesNothing).toBe(false)
        expect((await searchAssets(db, query)).assets.map((a) => a.id)).toEqual([added!.id])
      } finally {
        await db.deleteFrom('assets').where('id', '=', added!.id).execute()
      }
    })

    it('the same when the nearest palette colours cover only the first steps', async () => {
      // Few colours read: they reach 0.02-0.06 from the searched one, not 'near' (0.12).
      expect(await tuned(colourSearchTuning, { nearestColours: 60 }, () => compareAll(db, category))).toBe(
        queries.length * variants.length * 3,
      )
    }, 120_000)
  })

  it('without the lexeme list: the same answers, and the log says so once', async () => {
    const db = createDatabase({})
    await migrateToLatest(db)
    await sql`drop trigger assets_collect_search_lexemes on assets`.execute(db)
    await sql`drop table search_lexemes`.execute(db)
    await sql`drop trigger assets_file_palette_colours on assets`.execute(db)
    await sql`drop table palette_colours`.execute(db)
    const category = 'No lexemes'
    await seed(db, category, 800)
    const warn = vi.spyOn(log, 'warn')
    try {
      // The walks that use the missing tables, not the read of few matches at once.
      await tuned(rankTuning, { fewMatches: 0 }, async () => {
        for (const q of ['rob', 'glossy robot', 'toyo']) {
          for (const variant of [{}, { sort: 'alphabetical' as const }, { colour: 'red' }, { colour: '#3366cc' }]) {
            const query: SearchQuery = { q, category, exact: true, ...variant }
            const result = await searchAssets(db, { ...query, limit: 20 })
            expect(result.assets.map((a) => a.id)).toEqual((await naive(db, category, query)).slice(0, 20))
          }
        }
      })
      expect(warn.mock.calls.filter(([message]) => message.startsWith('search: no lexeme list'))).toHaveLength(1)
      expect(warn.mock.calls.filter(([message]) => message.startsWith('search: no palette colour index'))).toHaveLength(
        1,
      )
    } finally {
      warn.mockRestore()
      await db.destroy()
    }
  }, 120_000)

  it('migrates without the cube extension (not installed): no colour index, and colour search still exact', async () => {
    // PGlite without cube loaded: the extension is not available, as on a server without contrib.
    const { PGlite } = await import('@electric-sql/pglite')
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
    const pglite = await PGlite.create(undefined, { extensions: { pg_trgm } })
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) }) as DB
    try {
      const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest()
      expect(error).toBeUndefined()
      expect(results?.map((r) => r.migrationName)).toContain('0012_palette_colours')
      expect(
        (await sql<{ t: string | null }>`select to_regclass('palette_colours')::text as t`.execute(db)).rows[0].t,
      ).toBeNull()
      const category = 'No cube'
      await seed(db, category, 600)
      for (const fewMatches of [rankTuning.fewMatches, 0]) {
        await tuned(rankTuning, { fewMatches }, async () => {
          for (const variant of [
            { colour: 'red' },
            { colour: '#3366cc' },
            { colour: '#3366cc', sort: 'newest' as const },
            { colour: '#3366cc', sort: 'alphabetical' as const },
          ]) {
            const query: SearchQuery = { q: 'robot', category, exact: true, ...variant }
            const result = await searchAssets(db, { ...query, limit: 20 })
            expect(result.assets.map((a) => a.id)).toEqual((await naive(db, category, query)).slice(0, 20))
          }
        })
      }
    } finally {
      await db.destroy()
    }
  }, 120_000)
})
