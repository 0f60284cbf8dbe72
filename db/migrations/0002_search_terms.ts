import { sql, type Kysely } from 'kysely'

// The vocabulary of the catalogue (words of titles, tags and categories), kept by a trigger.
// When a search finds nothing, each unknown word is replaced by its nearest term by trigram
// similarity: 'robto' becomes 'robot'.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_terms (term text primary key)`.execute(db)
  await sql`create index search_terms_trgm_idx on search_terms using gin (term gin_trgm_ops)`.execute(db)
  // For the prefix test of the last word (term like 'rob%').
  await sql`create index search_terms_prefix_idx on search_terms (term text_pattern_ops)`.execute(db)
  await sql`create index assets_category_lower_idx on assets (lower(category))`.execute(db)
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
  // Terms of the assets that already exist.
  await sql`
    insert into search_terms (term)
    select distinct word
    from assets, regexp_split_to_table(lower(title || ' ' || tags_to_text(tags) || ' ' || category), '[^[:alnum:]]+') as word
    where length(word) between 3 and 40 and word ~ '[[:alpha:]]'
    on conflict do nothing`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists assets_collect_search_terms on assets`.execute(db)
  await sql`drop function if exists assets_collect_search_terms()`.execute(db)
  await sql`drop index if exists assets_category_lower_idx`.execute(db)
  await sql`drop table if exists search_terms`.execute(db)
}
