import { sql, type Kysely } from 'kysely'

// Every image uploaded for the blog, recorded before its file is written: one that no post
// uses a day later (an editor closed without saving, an image taken out of a post, a deleted
// post) is found here and its file removed through storage_cleanup.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table blog_images (
    key text primary key,
    created_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index blog_images_created_idx on blog_images (created_at)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists blog_images`.execute(db)
}
