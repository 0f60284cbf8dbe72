import { sql, type Kysely } from 'kysely'

// Words with a colour at a million assets (docs/decisions/069-words-with-a-colour.md).
// 1. For each tsvector (search, search_named, search_title), a GIN index of it together with
//    `(colour_swatches || '{}')`, the form search.server.ts writes the colour in when there are
//    words. GIN then intersects the words and the colour in one scan, skipping through both
//    posting lists ('glossy robot' + teal: 1,467 entries, 5-9 ms), where two indexes make the
//    planner AND two bitmaps, the colour's alone 40-100 ms at a million assets.
// 2. For each lexeme and each colour token of an asset (its swatch names, and the cells of a
//    fine OKLab grid, 0.04 a side, that its weighty palette colours lie in: FINE_CELL_SIZE in
//    app/lib/colour.ts), the alphabetically first title of an asset with both. Alphabetical
//    order with words and a colour walks the title index from the largest of these bounds
//    (titleWindowPage): no asset with the words and the colour has a title before it.
//    `search_lexemes.first_title` is the first title with the word, whatever its colour, which
//    can lie far before the first match with the colour: 'robot' + blue walked 70,000 titles
//    of other colours, then sorted all 7,700 matches (75-100 ms). Kept by a trigger like
//    search_lexemes; a bound only ever moves down, so deleted or changed assets leave it lower
//    than needed, which is still a bound.
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['search', 'search_named', 'search_title']) {
    await sql`create index ${sql.id(`assets_${column}_colour_idx`)} on assets using gin (${sql.ref(column)}, (colour_swatches || '{}'::text[]))`.execute(
      db,
    )
  }
  // Statistics of the new expression, so the planner's estimates of a colour with words (the
  // 'about 20,000' totals) are not its blind default.
  await sql`analyze assets`.execute(db)
  await sql`
    create table search_lexeme_colours (
      lexeme text collate "C" not null,
      colour text collate "C" not null,
      first_title text not null,
      primary key (lexeme, colour)
    )`.execute(db)
  // A palette's colour tokens: the swatch names of colour_swatches (not its coarse cells), and
  // the fine cell of each colour with at least MIN_COLOUR_WEIGHT (0.1).
  await sql`
    create function search_colour_tokens(swatches text[], palette jsonb) returns text[]
    language sql immutable as $$
      select coalesce(array_agg(distinct token), '{}') from (
        select s as token from unnest(swatches) as s where s !~ '^c-?[0-9]'
        union all
        select 'f' || floor((p->>'l')::float8 / 0.04)::int || '_' || floor((p->>'a')::float8 / 0.04)::int || '_' || floor((p->>'b')::float8 / 0.04)::int
        from jsonb_array_elements(case when jsonb_typeof(palette) = 'array' then palette else '[]' end) as p
        where (p->>'weight')::float8 >= 0.1
      ) as tokens
    $$`.execute(db)
  await sql`
    create function assets_collect_search_lexeme_colours() returns trigger language plpgsql as $$
    declare
      t text := lower(new.title);
      tokens text[] := search_colour_tokens(new.colour_swatches, new.palette);
    begin
      if cardinality(tokens) = 0 then
        return new;
      end if;
      -- Only pairs whose bound moves (or that are new) are written, and in one order (lexeme,
      -- then colour) by every upload: two uploads sharing pairs never wait on each other in a
      -- cycle (a deadlock, which concurrent demo-seed inserts hit when the update's plan chose
      -- the order), and pairs that do not move are not locked.
      insert into search_lexeme_colours (lexeme, colour, first_title)
      select p.lexeme, p.colour, t
      from (select distinct l as lexeme, c as colour from unnest(tsvector_to_array(new.search)) as l, unnest(tokens) as c) as p
      where not exists (select 1 from search_lexeme_colours s where s.lexeme = p.lexeme and s.colour = p.colour and s.first_title <= t)
      order by p.lexeme, p.colour
      on conflict (lexeme, colour) do update set first_title = excluded.first_title
      where search_lexeme_colours.first_title > excluded.first_title;
      return new;
    end
    $$`.execute(db)
  // search_lexemes' trigger (migration 0011) updated its rows in whatever order the plan chose:
  // the same deadlock between concurrent uploads. Now the same ordered write.
  await sql`
    create or replace function assets_collect_search_lexemes() returns trigger language plpgsql as $$
    declare
      t text := lower(new.title);
    begin
      insert into search_lexemes (lexeme, first_title)
      select w.lexeme, t
      from (select distinct l as lexeme from unnest(tsvector_to_array(new.search) || tsvector_to_array(new.search_named) || tsvector_to_array(new.search_title)) as l) as w
      where not exists (select 1 from search_lexemes s where s.lexeme = w.lexeme and s.first_title <= t)
      order by w.lexeme
      on conflict (lexeme) do update set first_title = excluded.first_title
      where search_lexemes.first_title > excluded.first_title;
      return new;
    end
    $$`.execute(db)
  await sql`
    create trigger assets_collect_search_lexeme_colours
    after insert or update of title, tags, category, description, colour_swatches, palette on assets
    for each row execute function assets_collect_search_lexeme_colours()`.execute(db)
  // The pairs of the assets that already exist, a slice of ids at a time.
  const bounds = await sql<{
    lo: number | null
    hi: number | null
  }>`select min(id) as lo, max(id) as hi from assets`.execute(db)
  const { lo, hi } = bounds.rows[0] ?? { lo: null, hi: null }
  if (lo === null || hi === null) return
  for (let from = Number(lo); from <= Number(hi); from += 100_000) {
    await sql`
      insert into search_lexeme_colours (lexeme, colour, first_title)
      select lexeme, colour, min(lower(title))
      from assets, unnest(tsvector_to_array(search)) as lexeme, unnest(search_colour_tokens(colour_swatches, palette)) as colour
      where id >= ${from} and id < ${from + 100_000}
      group by lexeme, colour
      on conflict (lexeme, colour) do update set first_title = least(search_lexeme_colours.first_title, excluded.first_title)`.execute(
      db,
    )
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists assets_collect_search_lexeme_colours on assets`.execute(db)
  await sql`drop function if exists assets_collect_search_lexeme_colours()`.execute(db)
  await sql`drop function if exists search_colour_tokens(text[], jsonb)`.execute(db)
  await sql`
    create or replace function assets_collect_search_lexemes() returns trigger language plpgsql as $$
    declare
      t text := lower(new.title);
      found text[] := array(select distinct l from unnest(tsvector_to_array(new.search) || tsvector_to_array(new.search_named) || tsvector_to_array(new.search_title)) as l);
    begin
      update search_lexemes set first_title = t where lexeme = any(found) and first_title > t;
      insert into search_lexemes (lexeme, first_title) select l, t from unnest(found) as l on conflict do nothing;
      return new;
    end
    $$`.execute(db)
  await sql`drop table if exists search_lexeme_colours`.execute(db)
  for (const column of ['search', 'search_named', 'search_title'])
    await sql`drop index if exists ${sql.id(`assets_${column}_colour_idx`)}`.execute(db)
}
