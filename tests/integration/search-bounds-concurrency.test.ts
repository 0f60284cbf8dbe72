import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createDatabase, migrateToLatest, type DB } from '#db/client'
import { COLOUR_SWATCHES, hexToOklab, swatchesOf } from '~/lib/colour'
import { createScratchDatabase, isReachable, serverUrl } from '../support/database-url'

// The words' first titles (search_lexemes, search_lexeme_colours) are kept by triggers on
// every asset write. Uploads run side by side (the demo seed inserts several at once): those
// triggers must never lock the same rows in two orders, or PostgreSQL kills one upload with
// 'deadlock detected' (it did, at start-up in CI). Many concurrent inserts and renames sharing
// words and colours, on a fresh database so every pair is new and contended.

const words = ['glossy', 'matte', 'robot', 'sphere', 'neon', 'cat', 'lamp', 'toy', 'retro', 'cute']

describe.runIf(await isReachable(serverUrl()))('the search bounds under concurrent uploads', () => {
  let db: DB
  let drop: () => Promise<void>
  beforeAll(async () => {
    const scratch = await createScratchDatabase('stock_bounds')
    drop = scratch.drop
    db = createDatabase({ url: scratch.url, poolSize: 16 })
    await migrateToLatest(db)
  })
  afterAll(async () => {
    await db.destroy()
    await drop()
  })

  it('sixteen uploads at a time, then renames, all succeed and the bounds hold', async () => {
    for (let round = 0; round < 10; round++) {
      const inserts = Array.from({ length: 16 }, (_, i) => {
        // Every upload has most of the words and colours, in its own order.
        const mine = words.filter((_, w) => (w + i + round) % 4 !== 0).sort(() => (i % 2 ? 1 : -1))
        const colours = [COLOUR_SWATCHES[(i + round) % 12], COLOUR_SWATCHES[(i * 5 + 1) % 12]]
        const palette = colours.map((c, k) => {
          const [l, a, b] = hexToOklab(c.hex)
          return { hex: c.hex, l, a, b, weight: k === 0 ? 0.6 : 0.4 }
        })
        return db
          .insertInto('assets')
          .values({
            title: `${String.fromCharCode(122 - ((i * 7 + round) % 26))} ${mine.join(' ')}`,
            description: mine.slice().reverse().join(' '),
            tags: mine.slice(0, 3),
            category: 'Bounds',
            asset_type: '3d',
            is_active: true,
            original_key: `originals/bounds-${round}-${i}.png`,
            palette: JSON.stringify(palette),
            colour_swatches: swatchesOf(palette),
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      })
      const ids = (await Promise.all(inserts)).map((r) => r.id)
      // Renames move bounds down: updates of rows that already exist.
      await Promise.all(
        ids.map((id, i) =>
          sql`update assets set title = ${`a${round}${i} ${words.join(' ')}`} where id = ${id}`.execute(db),
        ),
      )
    }
    const late = await sql<{ n: number }>`
      select count(*)::int as n
      from assets a, unnest(tsvector_to_array(a.search)) as l, unnest(search_colour_tokens(a.colour_swatches, a.palette)) as c
      where not exists (select 1 from search_lexeme_colours s where s.lexeme = l and s.colour = c and s.first_title <= lower(a.title))
         or not exists (select 1 from search_lexemes s where s.lexeme = l and s.first_title <= lower(a.title))`.execute(
      db,
    )
    expect(late.rows[0].n).toBe(0)
    expect((await sql<{ n: number }>`select count(*)::int as n from assets`.execute(db)).rows[0].n).toBe(160)
  }, 60_000)
})
