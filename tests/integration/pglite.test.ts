import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase, migrateToLatest } from '#db/client'

// The default without DATABASE_URL: embedded PGlite stored in a folder, same migrations.
describe('embedded PGlite database', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('migrates, searches with pg_trgm, and keeps data across restarts', async () => {
    const first = createDatabase({ pgliteDir: path.join(dir, 'db') })
    expect(await migrateToLatest(first)).toEqual([
      '0001_initial',
      '0002_search_terms',
      '0003_sort_indexes',
      '0004_ranked_search',
      '0005_catalogue_version',
      '0006_storage_cleanup',
      '0007_audio',
      '0008_download_history_keeps_deleted',
      '0009_palettes',
      '0010_asset_variants',
      '0011_search_lexemes',
      '0012_palette_colours',
      '0013_words_with_a_colour',
      '0014_licences',
      '0015_account_deletion',
    ])
    await first
      .insertInto('assets')
      .values({
        title: 'Chrome Torus Ring',
        tags: ['chrome', 'ring'],
        category: 'Abstract',
        original_key: 'originals/t.png',
        is_active: true,
      })
      .execute()
    const fuzzy = await sql<{ title: string }>`select title from assets where title % 'Crome Torus'`.execute(first)
    expect(fuzzy.rows.map((r) => r.title)).toEqual(['Chrome Torus Ring'])
    const count = await first.selectFrom('assets').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()
    expect(count.n).toBe(1)
    await first.destroy()
    expect(existsSync(path.join(dir, 'db'))).toBe(true)

    const second = createDatabase({ pgliteDir: path.join(dir, 'db') })
    expect(await migrateToLatest(second)).toEqual([])
    const again = await second.selectFrom('assets').select('title').execute()
    expect(again.map((r) => r.title)).toEqual(['Chrome Torus Ring'])
    await second.destroy()
  }, 120_000)
})
