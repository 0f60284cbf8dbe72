import { sql, type Kysely } from 'kysely'

// A palette filled in by the backfill no longer moves the catalogue version (decision 98): every
// move empties the page cache and the shared results of every instance, and a backfill writing a
// chunk every few seconds kept the site recomputing every search under load. A palette only adds
// an asset to colour filters and Similar colours, where it appears when the cached results age
// out (30 s, pages 60 s); every other change the version covers still moves it, and an upload's
// processing writes its palette with its files, which do.
const TRIGGER_COLUMNS = `title, description, tags, category, asset_type, is_active, thumb_key, thumb_png_key,
      preview_key, preview_png_key, width, height, dominant_colour, created_at, published_at`

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists assets_bump_catalogue_version on assets`.execute(db)
  await sql
    .raw(`create trigger assets_bump_catalogue_version
    after insert or delete or update of ${TRIGGER_COLUMNS}
    on assets for each statement execute function bump_catalogue_version()`)
    .execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists assets_bump_catalogue_version on assets`.execute(db)
  await sql
    .raw(`create trigger assets_bump_catalogue_version
    after insert or delete or update of ${TRIGGER_COLUMNS}, palette, colour_swatches, has_transparency
    on assets for each statement execute function bump_catalogue_version()`)
    .execute(db)
}
