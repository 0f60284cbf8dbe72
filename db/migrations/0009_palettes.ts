import { sql, type Kysely } from 'kysely'

// Colour, orientation and transparency search.
// - palette: a few dominant colours with weights and OKLab coordinates; colour_swatches: the
//   named swatches it is filed under, GIN-indexed so a colour filter is an index lookup.
//   Computed at upload; the catalogue from before is filled by `backfill:palettes` (and at
//   start-up), since a migration cannot read the files.
// - has_transparency: the image has a see-through background (the 'transparent only' filter).
// - orientation: generated from width and height; square within 5% of each other.
// The catalogue version moves when any of them changes, like the columns pages show.
const TRIGGER_COLUMNS = `title, description, tags, category, asset_type, is_active, thumb_key, thumb_png_key,
      preview_key, preview_png_key, width, height, dominant_colour, created_at, published_at`

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table assets add column palette jsonb, add column colour_swatches text[] not null default '{}',
    add column has_transparency boolean,
    add column orientation text generated always as (
      case when width is null or height is null or width <= 0 or height <= 0 then null
           when abs(width - height) * 20 <= greatest(width, height) then 'square'
           when width > height then 'landscape' else 'portrait' end) stored`.execute(db)
  await sql`create index assets_colour_swatches on assets using gin (colour_swatches) where is_active`.execute(db)
  await sql`create index assets_orientation_newest on assets (orientation, created_at desc, id desc) where is_active`.execute(
    db,
  )
  await sql`create index assets_transparent_newest on assets (created_at desc, id desc) where is_active and has_transparency`.execute(
    db,
  )
  await sql`drop trigger if exists assets_bump_catalogue_version on assets`.execute(db)
  await sql
    .raw(`create trigger assets_bump_catalogue_version
    after insert or delete or update of ${TRIGGER_COLUMNS}, palette, colour_swatches, has_transparency
    on assets for each statement execute function bump_catalogue_version()`)
    .execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists assets_bump_catalogue_version on assets`.execute(db)
  await sql
    .raw(`create trigger assets_bump_catalogue_version
    after insert or delete or update of ${TRIGGER_COLUMNS}
    on assets for each statement execute function bump_catalogue_version()`)
    .execute(db)
  await sql`drop index if exists assets_transparent_newest`.execute(db)
  await sql`drop index if exists assets_orientation_newest`.execute(db)
  await sql`drop index if exists assets_colour_swatches`.execute(db)
  await sql`alter table assets drop column orientation, drop column has_transparency, drop column colour_swatches, drop column palette`.execute(
    db,
  )
}
