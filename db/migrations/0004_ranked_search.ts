import { sql, type Kysely } from 'kysely'

// Relevance in tiers: every word in the title, else every word in the title, tags or category,
// else anywhere (description too); newest first inside a tier. Each tier has a vector and a
// GIN index of its own, so a sparse tier is one index lookup rather than a weight check on
// every match of the whole vector (see search.server.ts and docs/performance.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table assets
      add column search_title tsvector generated always as (to_tsvector('english'::regconfig, title)) stored,
      add column search_named tsvector generated always as (
        to_tsvector('english'::regconfig, title || ' ' || tags_to_text(tags) || ' ' || category)
      ) stored`.execute(db)
  await sql`create index assets_search_title_idx on assets using gin (search_title)`.execute(db)
  await sql`create index assets_search_named_idx on assets using gin (search_named)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table assets drop column if exists search_title, drop column if exists search_named`.execute(db)
}
