import { sql, type Kysely } from 'kysely'

// Object keys to remove from storage, so a failure on either side (the database or the bucket)
// never leaves an object without its row: a deletion records its keys with the row's removal,
// an upload records its keys (due in an hour) before writing them and clears them with the
// row's insert. A sweep removes whatever is due.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table storage_cleanup (
    key text primary key,
    not_before timestamptz not null default now(),
    created_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index storage_cleanup_due_idx on storage_cleanup (not_before)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists storage_cleanup`.execute(db)
}
