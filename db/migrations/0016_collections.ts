import { type Kysely, sql } from 'kysely'

// Collections: a person's named sets of assets (private unless made public), and the artist's
// kits, which are collections that belong to the site rather than to an account (no user_id;
// any admin keeps them), are always public and carry a cover and a place in the kits' order.
// An account's collections go with it; an asset deleted by the admin leaves every collection.
// A kit is shown on the cached home page, so a change to a kit, or to a kit's assets, moves the
// catalogue version (migration 0005) in the same commit.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table collections (
    id integer generated always as identity primary key,
    user_id uuid references users (id) on delete cascade,
    is_kit boolean not null default false,
    name text not null check (char_length(name) between 1 and 80),
    description text not null default '' check (char_length(description) <= 1000),
    is_public boolean not null default false,
    cover_asset_id integer references assets (id) on delete set null,
    kit_order integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (is_kit = (user_id is null)),
    check (is_public or not is_kit)
  )`.execute(db)
  await sql`create index collections_user_idx on collections (user_id, created_at, id)`.execute(db)
  await sql`create index collections_kits_idx on collections (kit_order, id) where is_kit`.execute(db)
  await sql`create index collections_public_idx on collections (updated_at desc) where is_public`.execute(db)
  await sql`create index collections_cover_idx on collections (cover_asset_id) where cover_asset_id is not null`.execute(
    db,
  )
  await sql`create table collection_assets (
    collection_id integer not null references collections (id) on delete cascade,
    asset_id integer not null references assets (id) on delete cascade,
    position integer not null,
    added_at timestamptz not null default now(),
    primary key (collection_id, asset_id)
  )`.execute(db)
  await sql`create index collection_assets_order_idx on collection_assets (collection_id, position)`.execute(db)
  await sql`create index collection_assets_asset_idx on collection_assets (asset_id)`.execute(db)

  await sql`
    create trigger collections_insert_bump_catalogue_version
    after insert on collections for each row when (new.is_kit)
    execute function bump_catalogue_version()`.execute(db)
  await sql`
    create trigger collections_update_bump_catalogue_version
    after update on collections for each row when (old.is_kit or new.is_kit)
    execute function bump_catalogue_version()`.execute(db)
  await sql`
    create trigger collections_delete_bump_catalogue_version
    after delete on collections for each row when (old.is_kit)
    execute function bump_catalogue_version()`.execute(db)
  await sql`
    create function bump_catalogue_version_for_kit_asset() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from collections where is_kit and id in (new.collection_id, old.collection_id)) then
        update catalogue_version set version = version + 1;
      end if;
      return null;
    end
    $$`.execute(db)
  await sql`
    create trigger collection_assets_bump_catalogue_version
    after insert or update or delete on collection_assets for each row
    execute function bump_catalogue_version_for_kit_asset()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists collection_assets`.execute(db)
  await sql`drop function if exists bump_catalogue_version_for_kit_asset()`.execute(db)
  await sql`drop table if exists collections`.execute(db)
}
