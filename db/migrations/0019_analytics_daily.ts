import { sql, type Kysely } from 'kysely'

// What stays of search and view events after 180 days (app/domain/analytics/retention.server.ts):
// counts per UTC day. A search's words are kept only when that many people searched them that
// day; rarer searches (which could name a person) are counted under '' with searches without words.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_daily (
    day date not null,
    query text not null,
    searches integer not null check (searches >= 0),
    zero_result_searches integer not null check (zero_result_searches >= 0),
    primary key (day, query)
  )`.execute(db)
  await sql`create table asset_event_daily (
    day date not null,
    asset_id integer not null references assets (id) on delete cascade,
    kind text not null check (kind in ('page_view', 'dialog_view', 'preview_play')),
    events integer not null check (events >= 0),
    from_search integer not null check (from_search >= 0),
    primary key (day, asset_id, kind)
  )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists asset_event_daily`.execute(db)
  await sql`drop table if exists search_daily`.execute(db)
}
