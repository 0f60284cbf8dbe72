import { sql, type Kysely } from 'kysely'

// Every lexeme of the catalogue's search vectors (title, tags, category and description, as
// stemmed by the 'english' configuration), kept by a trigger like `search_terms`. A search's
// last word is a prefix ('rob' finds 'robot'); GIN answers a prefix by collecting every posting
// of every matching lexeme into a bitmap before it can intersect it with the other words, which
// cost 100-200 ms at a million assets. With this table the prefix becomes the exact lexemes that
// start with it ('toy:*' → 'toy' | 'toys'), which GIN intersects by skipping (about 8 ms).
// The list may hold lexemes no asset has any more (deleted or edited assets): harmless, as the
// expansion is then a superset of the lexemes that can match. Collation "C" so a prefix is a
// range of the primary key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_lexemes (lexeme text collate "C" primary key)`.execute(db)
  await sql`
    create function assets_collect_search_lexemes() returns trigger language plpgsql as $$
    begin
      insert into search_lexemes (lexeme)
      select distinct lexeme
      from unnest(tsvector_to_array(new.search) || tsvector_to_array(new.search_named) || tsvector_to_array(new.search_title)) as lexeme
      on conflict do nothing;
      return new;
    end
    $$`.execute(db)
  await sql`
    create trigger assets_collect_search_lexemes
    after insert or update of title, tags, category, description on assets
    for each row execute function assets_collect_search_lexemes()`.execute(db)
  // The lexemes of the assets that already exist, a slice of ids at a time (each statement
  // stays short on a large catalogue).
  const bounds = await sql<{ lo: number | null; hi: number | null }>`select min(id) as lo, max(id) as hi from assets`.execute(db)
  const { lo, hi } = bounds.rows[0] ?? { lo: null, hi: null }
  if (lo === null || hi === null) return
  for (let from = Number(lo); from <= Number(hi); from += 100_000) {
    await sql`
      insert into search_lexemes (lexeme)
      select distinct lexeme from assets, unnest(tsvector_to_array(search)) as lexeme
      where id >= ${from} and id < ${from + 100_000}
      on conflict do nothing`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists assets_collect_search_lexemes on assets`.execute(db)
  await sql`drop function if exists assets_collect_search_lexemes()`.execute(db)
  await sql`drop table if exists search_lexemes`.execute(db)
}
