import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { migrateToLatest } from '#db/client'
import { testDb } from '../support/context'

const TABLES = [
  'users',
  'sessions',
  'password_resets',
  'email_changes',
  'assets',
  'favourites',
  'downloads',
  'download_quota_usage',
  'blog_posts',
  'payments',
  'stripe_events',
  'contact_messages',
  'outbound_emails',
  'rate_limits',
  'audit_log',
]

describe('database schema', () => {
  it('has every table of the data model', async () => {
    const db = await testDb()
    const rows = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'public'
    `.execute(db)
    const names = rows.rows.map((r) => r.table_name)
    for (const table of TABLES) expect(names).toContain(table)
  })

  it('migrations are idempotent: a second run applies nothing and keeps data', async () => {
    const db = await testDb()
    await db
      .insertInto('contact_messages')
      .values({ name: 'Ada', email: 'ada@example.com', message: 'Still here?' })
      .execute()
    expect(await migrateToLatest(db)).toEqual([])
    const kept = await db
      .selectFrom('contact_messages')
      .select('message')
      .where('email', '=', 'ada@example.com')
      .execute()
    expect(kept.map((r) => r.message)).toContain('Still here?')
  })

  it('keeps a weighted search vector and trigram similarity on assets', async () => {
    const db = await testDb()
    const asset = await db
      .insertInto('assets')
      .values({
        title: 'Friendly Robot Head',
        description: 'A toy',
        tags: ['robot', 'toy'],
        category: 'Robots',
        original_key: 'originals/x.png',
      })
      .returning(['id'])
      .executeTakeFirstOrThrow()
    const row = await sql<{ matches: boolean; similarity: number }>`
      select search @@ to_tsquery('english', 'robot') as matches, similarity(title, 'robto head') as similarity
      from assets where id = ${asset.id}
    `.execute(db)
    expect(row.rows[0].matches).toBe(true)
    expect(row.rows[0].similarity).toBeGreaterThan(0.3)
    await db.deleteFrom('assets').where('id', '=', asset.id).execute()
  })
})
