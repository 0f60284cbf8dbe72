import { sql, type Kysely } from 'kysely'

// What people look for and what they open, for the artist's analytics. Neither table holds a
// user id or an address: a search is its normalised words, filters and result count; an event
// on an asset is its kind and, when it came from a search, that search's normalised words.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_events (
    id bigint generated always as identity primary key,
    at timestamptz not null default now(),
    query text not null,
    filters jsonb not null default '{}'::jsonb,
    result_count integer not null check (result_count >= 0),
    source text not null default 'page' check (source in ('page', 'api'))
  )`.execute(db)
  await sql`create index search_events_at_idx on search_events (at)`.execute(db)
  await sql`create index search_events_query_at_idx on search_events (query, at)`.execute(db)
  await sql`create table asset_events (
    id bigint generated always as identity primary key,
    at timestamptz not null default now(),
    asset_id integer not null references assets (id) on delete cascade,
    kind text not null check (kind in ('page_view', 'dialog_view', 'preview_play')),
    search_query text
  )`.execute(db)
  await sql`create index asset_events_asset_at_idx on asset_events (asset_id, at)`.execute(db)
  await sql`create index asset_events_at_idx on asset_events (at)`.execute(db)
  await sql`create index asset_events_query_idx on asset_events (search_query, at) where search_query is not null`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists asset_events`.execute(db)
  await sql`drop table if exists search_events`.execute(db)
}
