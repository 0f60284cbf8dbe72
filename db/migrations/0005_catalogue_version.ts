import { sql, type Kysely } from 'kysely'

// One counter that moves whenever something an anonymous page shows changes (an asset added,
// edited, published, unpublished or deleted; a blog post written). Every app instance
// compares it, at most every few seconds, with the version its cached pages were made from.
// A row rather than a sequence: the new value becomes visible in the same commit as the data,
// so a page rendered from the old data can never be stored under the new version.
// Download counts are left out on purpose (every download would empty the cache); cached
// pages expire within a minute anyway.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table catalogue_version (id boolean primary key default true check (id), version bigint not null default 0)`.execute(
    db,
  )
  await sql`insert into catalogue_version default values`.execute(db)
  await sql`
    create function bump_catalogue_version() returns trigger language plpgsql as $$
    begin
      update catalogue_version set version = version + 1;
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger assets_bump_catalogue_version
    after insert or delete or update of title, description, tags, category, asset_type, is_active, thumb_key, thumb_png_key,
      preview_key, preview_png_key, width, height, dominant_colour, created_at, published_at
    on assets for each statement execute function bump_catalogue_version()`.execute(db)
  await sql`
    create trigger blog_posts_bump_catalogue_version
    after insert or delete or update on blog_posts for each statement execute function bump_catalogue_version()`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists blog_posts_bump_catalogue_version on blog_posts`.execute(db)
  await sql`drop trigger if exists assets_bump_catalogue_version on assets`.execute(db)
  await sql`drop function if exists bump_catalogue_version()`.execute(db)
  await sql`drop table if exists catalogue_version`.execute(db)
}
