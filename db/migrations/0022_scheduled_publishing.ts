import { sql, type Kysely } from 'kysely'

// When a draft is to go live (decision 89): the publish-scheduled job publishes it then, and a
// sweep every minute publishes any whose time has passed (a job lost or cancelled leaves
// nothing unpublished). Null: no schedule. The partial index keeps that sweep to the few
// scheduled rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table assets add column publish_at timestamptz`.execute(db)
  await sql`create index assets_publish_at_idx on assets (publish_at) where publish_at is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists assets_publish_at_idx`.execute(db)
  await sql`alter table assets drop column if exists publish_at`.execute(db)
}
