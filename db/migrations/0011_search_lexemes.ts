import { sql, type Kysely } from 'kysely'

// Every lexeme of the catalogue's search vectors (title, tags, category and description, as
// stemmed by the 'english' configuration), kept by a trigger like `search_terms`, with the
// alphabetically first title of an asset that has it.
// - A search's last word is a prefix ('rob' finds 'robot'); GIN answers a prefix by collecting
//   every posting of every matching lexeme into a bitmap before it can intersect it with the
//   other words: 100-200 ms at a million assets. With this table the prefix becomes the exact
//   lexemes that start with it ('toy:*' → 'toy' | 'toys'), which GIN intersects by skipping.
// - `first_title` is a lower bound for the title of any asset with the lexeme: alphabetical
//   order with words walks the title index from there (search.server.ts). It only ever moves
//   down (a new or renamed asset with a smaller title); deleted or renamed assets leave it
//   lower than needed, which is still a bound.
// Lexemes no asset has any more stay too: the expansion is then a superset, still exact.
// Collation "C" for the lexeme, so a prefix is a range of the primary key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_lexemes (lexeme text collate "C" primary key, first_title text not null)`.execute(db)
  await sql`
    create function assets_collect_search_lexemes() returns trigger language plpgsql as $$
    declare
      t text := lower(new.title);
      found text[] := array(select distinct l from unnest(tsvector_to_array(new.search) || tsvector_to_array(new.search_named) || tsvector_to_array(new.search_title)) as l);
    begin
      -- Only rows that move are locked, so concurrent uploads do not queue on common words.
      update search_lexemes set first_title = t where lexeme = any(found) and first_title > t;
      insert into search_lexemes (lexeme, first_title) select l, t from unnest(found) as l on conflict do nothing;
      return new;
    end
    $$`.execute(db)
  await sql`
    create trigger assets_collect_search_lexemes
    after insert or update of title, tags, category, description on assets
    for each row execute function assets_collect_search_lexemes()`.execute(db)
  // The lexemes of the assets that already exist, a slice of ids at a time (each statement
  // stays short on a large catalogue).
  const bounds = await sql<{
    lo: number | null
    hi: number | null
  }>`select min(id) as lo, max(id) as hi from assets`.execute(db)
  const { lo, hi } = bounds.rows[0] ?? { lo: null, hi: null }
  if (lo === null || hi === null) return
  for (let from = Number(lo); from <= Number(hi); from += 100_000) {
    await sql`
      insert into search_lexemes (lexeme, first_title)
      select lexeme, min(lower(title)) from assets, unnest(tsvector_to_array(search)) as lexeme
      where id >= ${from} and id < ${from + 100_000}
      group by lexeme
      on conflict (lexeme) do update set first_title = least(search_lexemes.first_title, excluded.first_title)`.execute(
      db,
    )
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists assets_collect_search_lexemes on assets`.execute(db)
  await sql`drop function if exists assets_collect_search_lexemes()`.execute(db)
  await sql`drop table if exists search_lexemes`.execute(db)
}
