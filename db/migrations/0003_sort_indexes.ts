import { sql, type Kysely } from 'kysely'

// Indexes that match the explore sorts exactly, so a page of 20 is read in index order
// instead of sorting every published asset.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists assets_active_downloads_idx`.execute(db)
  await sql`create index assets_active_downloads_idx on assets (is_active, download_count desc, id desc)`.execute(db)
  await sql`create index assets_active_title_idx on assets (is_active, lower(title), id desc)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists assets_active_title_idx`.execute(db)
}
