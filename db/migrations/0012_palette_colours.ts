import { sql, type Kysely } from 'kysely'

// The palette colours as points, nearest first (docs/decisions/066-nearest-palette-colours-cube.md):
// one row per colour with at least MIN_COLOUR_WEIGHT (0.1) of an asset's palette, in a GiST
// index of the `cube` contrib extension. A colour search with words asks it for the colours
// nearest the searched one, which proves the closest steps empty (or reads them) without
// measuring every match. Kept by a trigger on the palette. The extension is optional: where it cannot be
// created (not installed, not allowed) the migration creates nothing and search measures the
// matches as before (it says so in the log once).
export async function up(db: Kysely<unknown>): Promise<void> {
  const available = await sql`select 1 from pg_available_extensions where name = 'cube'`.execute(db)
  if (available.rows.length === 0) return
  // A savepoint: a refused CREATE EXTENSION must not abort the migration's transaction.
  await sql`savepoint palette_colours_cube`.execute(db)
  try {
    await sql`create extension if not exists cube`.execute(db)
    await sql`release savepoint palette_colours_cube`.execute(db)
  } catch {
    await sql`rollback to savepoint palette_colours_cube`.execute(db)
    return
  }
  await sql`
    create table palette_colours (
      asset_id integer not null references assets(id) on delete cascade,
      colour cube not null
    )`.execute(db)
  await sql`create index palette_colours_asset_idx on palette_colours (asset_id)`.execute(db)
  await sql`
    create function assets_file_palette_colours() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        delete from palette_colours where asset_id = new.id;
      end if;
      if jsonb_typeof(new.palette) = 'array' then
        insert into palette_colours (asset_id, colour)
        select new.id, cube(array[(p->>'l')::float8, (p->>'a')::float8, (p->>'b')::float8])
        from jsonb_array_elements(new.palette) as p
        where (p->>'weight')::float8 >= 0.1;
      end if;
      return new;
    end
    $$`.execute(db)
  await sql`
    create trigger assets_file_palette_colours
    after insert or update of palette on assets
    for each row execute function assets_file_palette_colours()`.execute(db)
  const bounds = await sql<{
    lo: number | null
    hi: number | null
  }>`select min(id) as lo, max(id) as hi from assets`.execute(db)
  const { lo, hi } = bounds.rows[0] ?? { lo: null, hi: null }
  if (lo !== null && hi !== null) {
    for (let from = Number(lo); from <= Number(hi); from += 100_000) {
      await sql`
        insert into palette_colours (asset_id, colour)
        select a.id, cube(array[(p->>'l')::float8, (p->>'a')::float8, (p->>'b')::float8])
        from assets a, jsonb_array_elements(a.palette) as p
        where a.id >= ${from} and a.id < ${from + 100_000} and jsonb_typeof(a.palette) = 'array' and (p->>'weight')::float8 >= 0.1`.execute(
        db,
      )
    }
  }
  // Built after the rows: far faster than growing it row by row.
  await sql`create index palette_colours_colour_idx on palette_colours using gist (colour)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists assets_file_palette_colours on assets`.execute(db)
  await sql`drop function if exists assets_file_palette_colours()`.execute(db)
  await sql`drop table if exists palette_colours`.execute(db)
}
