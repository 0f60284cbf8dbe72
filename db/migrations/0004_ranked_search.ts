import { sql, type Kysely } from 'kysely'

// Relevance in tiers: every word in the title, else every word in the title, tags or category,
// else anywhere (description too); newest first inside a tier. Each tier has a vector of its
// own, so a tier is one index condition rather than a weight check on every match.
//
// With the rum extension (Debian's postgresql-15-rum), each vector gets a RUM index that
// carries created_at, ordered by it: the newest 20 matches of a tier come straight out of the
// index, however many there are. Without it (PGlite, managed databases without rum) the
// columns still exist and search falls back to sorting every match (search.server.ts).
export const RUM_INDEXES = ['assets_search_title_rum', 'assets_search_named_rum', 'assets_search_rum'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table assets
      add column search_title tsvector generated always as (to_tsvector('english'::regconfig, title)) stored,
      add column search_named tsvector generated always as (
        to_tsvector('english'::regconfig, title || ' ' || tags_to_text(tags) || ' ' || category)
      ) stored`.execute(db)
  // More common lexemes in the statistics: the planner's estimate is the 'about N results'.
  await sql`alter table assets alter column search set statistics 1000`.execute(db)

  const available = await sql<{ one: number }>`select 1 as one from pg_available_extensions where name = 'rum'`.execute(db)
  if (available.rows.length === 0) return
  // Creating an extension needs rights a managed database may not give: try, and go on without.
  await sql`savepoint try_rum`.execute(db)
  try {
    await sql`create extension if not exists rum`.execute(db)
    await sql`release savepoint try_rum`.execute(db)
  } catch {
    await sql`rollback to savepoint try_rum`.execute(db)
    return
  }
  await createRumIndexes(db)
}

export async function createRumIndexes(db: Kysely<unknown>): Promise<void> {
  const columns = { assets_search_title_rum: 'search_title', assets_search_named_rum: 'search_named', assets_search_rum: 'search' }
  for (const index of RUM_INDEXES) {
    const column = columns[index]
    await sql`
      create index if not exists ${sql.ref(index)} on assets
      using rum (${sql.ref(column)} rum_tsvector_addon_ops, created_at)
      with (attach = 'created_at', to = ${sql.lit(column)}, order_by_attach = 't')`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of RUM_INDEXES) await sql`drop index if exists ${sql.ref(index)}`.execute(db)
  await sql`alter table assets drop column if exists search_title, drop column if exists search_named`.execute(db)
}
