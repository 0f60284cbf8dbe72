import { sql, type Kysely } from 'kysely'

// Each category's thumbnail is its most downloaded published asset, read again every minute
// (decision 103). Without this index the planner walks the downloads index for every category
// and filters by category: a rare one reads most of the catalogue (1.8 s at a million assets).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists assets_category_downloads_idx on assets (category, download_count desc, id desc) where is_active`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists assets_category_downloads_idx`.execute(db)
}
