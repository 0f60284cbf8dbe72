import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase, migrateToLatest } from '#db/client'
import { migrationProvider } from '#db/migrations/index'

// The default without DATABASE_URL: embedded PGlite stored in a folder, same migrations.
describe('embedded PGlite database', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('migrates, searches with pg_trgm, and keeps data across restarts', async () => {
    const first = createDatabase({ pgliteDir: path.join(dir, 'db') })
    // Every migration there is, in order, applied on a new database.
    const all = Object.keys(await migrationProvider.getMigrations()).sort()
    expect(all[0]).toBe('0001_initial')
    expect(await migrateToLatest(first)).toEqual(all)
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

  it('in its worker thread: transactions commit or roll back whole, errors keep their code, dates and counts read back', async () => {
    const db = createDatabase({})
    try {
      await migrateToLatest(db)
      const row = { title: 'Glass Orb', original_key: 'originals/orb.png', is_active: true }
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('assets').values(row).execute()
          throw new Error('changed my mind')
        }),
      ).rejects.toThrow('changed my mind')
      expect(await db.selectFrom('assets').select('title').execute()).toEqual([])

      const created = new Date('2026-01-02T03:04:05.000Z')
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('assets')
          .values({ ...row, created_at: created })
          .execute()
        await trx.insertInto('blog_posts').values({ slug: 'one', title: 'One', date: '2026-01-02' }).execute()
      })
      const saved = await db.selectFrom('assets').select(['title', 'created_at']).executeTakeFirstOrThrow()
      expect(saved).toEqual({ title: 'Glass Orb', created_at: created })
      const day = await sql<{ day: string }>`select date '2026-01-02' as day`.execute(db)
      expect(day.rows).toEqual([{ day: '2026-01-02' }])

      const duplicate = await db
        .insertInto('blog_posts')
        .values({ slug: 'one', title: 'Again', date: '2026-01-03' })
        .execute()
        .catch((error: unknown) => error)
      expect(duplicate).toMatchObject({ code: '23505', constraint: expect.stringContaining('slug') })
      const total = await sql<{ n: number }>`select count(*) as n from blog_posts`.execute(db)
      expect(total.rows).toEqual([{ n: 1 }])
    } finally {
      await db.destroy()
    }
  }, 120_000)
})
