import { sql, type Kysely } from 'kysely'

// The download variants kept in storage (docs/decisions/059-download-variants-go-with-their-asset.md).
// Storage cannot list, and a variant's key holds any background colour, so each stored
// variant is a row owned by its asset. Deleting a row (directly, or by the cascade when its
// asset is deleted) records its key in storage_cleanup in the same transaction, so no path
// that deletes an asset leaves its variants behind, and a crash before the object goes leaves
// the key for the sweep.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table asset_variants (
    key text primary key,
    asset_id integer not null references assets (id) on delete cascade,
    created_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index asset_variants_asset_idx on asset_variants (asset_id)`.execute(db)
  await sql`create function asset_variant_gone() returns trigger language plpgsql as $$
    begin
      insert into storage_cleanup (key, not_before) values (old.key, now())
        on conflict (key) do update set not_before = now();
      return null;
    end $$`.execute(db)
  await sql`create trigger asset_variants_cleanup after delete on asset_variants
    for each row execute function asset_variant_gone()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists asset_variants`.execute(db)
  await sql`drop function if exists asset_variant_gone()`.execute(db)
}
