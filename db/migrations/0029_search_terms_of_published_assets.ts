import { sql, type Kysely } from 'kysely'

// The vocabulary behind suggestions, corrections and nearest words holds only the words of
// published assets, each with how many published assets have it: a draft's title is not
// suggested before it is published, and a word goes when its last published asset is
// unpublished, renamed or deleted (it found nothing any more).
// Counted per statement (transition tables), not per row: a statement publishing thousands of
// assets moves each word's count once, in the words' order, so two publishing statements lock
// the same rows in the same order. An UPDATE trigger with transition tables may not name
// columns, so it fires on every update; a row trigger that may name them says when a published
// word changed, and otherwise the statement trigger returns at once (a download's count, a
// palette, processing).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists assets_collect_search_terms on assets`.execute(db)
  await sql`drop function if exists assets_collect_search_terms()`.execute(db)
  await sql`truncate search_terms`.execute(db)
  await sql`alter table search_terms add column assets integer not null`.execute(db)
  await sql`
    create function asset_search_words(title text, tags text[], category text) returns setof text
    language sql immutable parallel safe as $$
      select distinct word
      from regexp_split_to_table(lower(title || ' ' || tags_to_text(tags) || ' ' || category), '[^[:alnum:]]+') as word
      where length(word) between 3 and 40 and word ~ '[[:alpha:]]'
    $$`.execute(db)
  await sql`
    create function count_search_terms(terms text[], counts integer[]) returns void language plpgsql as $$
    declare
      emptied text[];
    begin
      with moved as (
        insert into search_terms (term, assets)
        select t, n from unnest(terms, counts) as d(t, n) where n <> 0 order by t
        on conflict (term) do update set assets = search_terms.assets + excluded.assets
        returning term, assets
      )
      select array_agg(term) into emptied from moved where assets <= 0;
      if emptied is not null then
        delete from search_terms where term = any(emptied) and assets <= 0;
      end if;
    end
    $$`.execute(db)
  await sql`
    create function assets_count_search_terms() returns trigger language plpgsql as $$
    declare
      terms text[];
      counts integer[];
    begin
      -- EXECUTE plans each statement's query afresh: a plan cached for one size of transition
      -- table was reused for the next, whatever its size (a plan made for one row took 16 s on
      -- a 10,000-row publish; one made for 10,000 rows took 17 ms per single-row update).
      if tg_op = 'INSERT' then
        execute $q$
          select array_agg(word), array_agg(n) from (
            select w.word, count(*)::integer as n
            from new_rows r cross join lateral asset_search_words(r.title, r.tags, r.category) as w(word)
            where r.is_active group by w.word
          ) c $q$ into terms, counts;
      elsif tg_op = 'DELETE' then
        execute $q$
          select array_agg(word), array_agg(n) from (
            select w.word, -count(*)::integer as n
            from old_rows r cross join lateral asset_search_words(r.title, r.tags, r.category) as w(word)
            where r.is_active group by w.word
          ) c $q$ into terms, counts;
      else
        -- Most updates change no published word (a download's count, a palette, processing):
        -- the row trigger below says when one did, and otherwise nothing is queried.
        if coalesce(current_setting('stock.search_words_changed', true), '') <> 'yes' then
          return null;
        end if;
        -- Cleared by the outermost statement only: a statement run by a trigger inside it
        -- counts its own rows and leaves the flag to the statement that set it.
        if pg_trigger_depth() = 1 then
          perform set_config('stock.search_words_changed', '', true);
        end if;
        execute $q$
          select array_agg(word), array_agg(n) from (
            select word, sum(d)::integer as n from (
              select w.word, 1 as d
              from new_rows r join old_rows o using (id)
                cross join lateral asset_search_words(r.title, r.tags, r.category) as w(word)
              where r.is_active and (not o.is_active
                or (o.title, o.tags, o.category) is distinct from (r.title, r.tags, r.category))
              union all
              select w.word, -1
              from old_rows o join new_rows r using (id)
                cross join lateral asset_search_words(o.title, o.tags, o.category) as w(word)
              where o.is_active and (not r.is_active
                or (o.title, o.tags, o.category) is distinct from (r.title, r.tags, r.category))
            ) d group by word having sum(d) <> 0
          ) c $q$ into terms, counts;
      end if;
      if terms is not null then
        perform count_search_terms(terms, counts);
      end if;
      return null;
    end
    $$`.execute(db)
  await sql`
    create function assets_note_search_words_change() returns trigger language plpgsql as $$
    begin
      perform set_config('stock.search_words_changed', 'yes', true);
      return null;
    end
    $$`.execute(db)
  // Row-level, so it may name columns and a condition; it runs before the statement trigger.
  await sql`
    create trigger assets_note_search_words_change
    after update of title, tags, category, is_active on assets
    for each row when ((old.is_active or new.is_active) and (old.is_active is distinct from new.is_active
      or (old.title, old.tags, old.category) is distinct from (new.title, new.tags, new.category)))
    execute function assets_note_search_words_change()`.execute(db)
  await sql`
    create trigger assets_count_search_terms_insert after insert on assets
    referencing new table as new_rows for each statement execute function assets_count_search_terms()`.execute(db)
  await sql`
    create trigger assets_count_search_terms_update after update on assets
    referencing old table as old_rows new table as new_rows
    for each statement execute function assets_count_search_terms()`.execute(db)
  await sql`
    create trigger assets_count_search_terms_delete after delete on assets
    referencing old table as old_rows for each statement execute function assets_count_search_terms()`.execute(db)
  // TRUNCATE runs no delete trigger: with every asset gone, so is every word.
  await sql`
    create function assets_truncate_search_terms() returns trigger language plpgsql as $$
    begin
      truncate search_terms;
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger assets_truncate_search_terms after truncate on assets
    for each statement execute function assets_truncate_search_terms()`.execute(db)
  // The published assets' words, a slice of ids at a time (each statement's aggregate stays
  // small). The migration's transaction holds the new triggers' lock on assets throughout, so
  // no write slips in between the slices (about 2 s at a million assets).
  const bounds = await sql<{ lo: number | null; hi: number | null }>`
    select min(id) as lo, max(id) as hi from assets`.execute(db)
  const { lo, hi } = bounds.rows[0] ?? { lo: null, hi: null }
  if (lo === null || hi === null) return
  for (let from = Number(lo); from <= Number(hi); from += 100_000) {
    await sql`
      insert into search_terms (term, assets)
      select w.word, count(*)
      from assets a cross join lateral asset_search_words(a.title, a.tags, a.category) as w(word)
      where a.is_active and a.id >= ${from} and a.id < ${from + 100_000}
      group by w.word
      on conflict (term) do update set assets = search_terms.assets + excluded.assets`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists assets_count_search_terms_insert on assets`.execute(db)
  await sql`drop trigger if exists assets_count_search_terms_update on assets`.execute(db)
  await sql`drop trigger if exists assets_count_search_terms_delete on assets`.execute(db)
  await sql`drop trigger if exists assets_note_search_words_change on assets`.execute(db)
  await sql`drop trigger if exists assets_truncate_search_terms on assets`.execute(db)
  await sql`drop function if exists assets_truncate_search_terms()`.execute(db)
  await sql`drop function if exists assets_count_search_terms()`.execute(db)
  await sql`drop function if exists assets_note_search_words_change()`.execute(db)
  await sql`drop function if exists count_search_terms(text[], integer[])`.execute(db)
  await sql`drop function if exists asset_search_words(text, text[], text)`.execute(db)
  await sql`alter table search_terms drop column assets`.execute(db)
  // As migration 0002 left it: every asset's words, drafts included, collected row by row.
  await sql`
    create function assets_collect_search_terms() returns trigger language plpgsql as $$
    begin
      insert into search_terms (term)
      select distinct word
      from regexp_split_to_table(lower(new.title || ' ' || tags_to_text(new.tags) || ' ' || new.category), '[^[:alnum:]]+') as word
      where length(word) between 3 and 40 and word ~ '[[:alpha:]]'
      on conflict do nothing;
      return new;
    end
    $$`.execute(db)
  await sql`
    create trigger assets_collect_search_terms
    after insert or update of title, tags, category on assets
    for each row execute function assets_collect_search_terms()`.execute(db)
  await sql`
    insert into search_terms (term)
    select distinct word
    from assets, regexp_split_to_table(lower(title || ' ' || tags_to_text(tags) || ' ' || category), '[^[:alnum:]]+') as word
    where length(word) between 3 and 40 and word ~ '[[:alpha:]]'
    on conflict do nothing`.execute(db)
}
