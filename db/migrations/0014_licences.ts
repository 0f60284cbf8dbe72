import { type Kysely, sql } from 'kysely'

// A licence per granted download: one per user, asset and variant, written in the transaction
// that spends the quota. Its id is public (the verification page), so it is random and says
// nothing about the user. The licence outlives its asset and its user's account: both
// references become null and the snapshot columns keep what the certificate says.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table licences (
    id text primary key check (id ~ '^LIC-[A-Z2-7]{20}$'),
    user_id uuid references users (id) on delete set null,
    asset_id integer references assets (id) on delete set null,
    asset_title text not null,
    variant text not null,
    variant_label text not null,
    sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
    licensee text not null,
    plan text not null check (plan in ('free', 'pro')),
    terms_version text not null,
    issued_at timestamptz not null default now()
  )`.execute(db)
  await sql`create unique index licences_grant_idx on licences (user_id, asset_id, variant)`.execute(db)
  await sql`create index licences_user_idx on licences (user_id, issued_at desc, id)`.execute(db)
  await sql`create index licences_asset_idx on licences (asset_id)`.execute(db)
  // The licence of a history row: the latest one granted with it that day.
  await sql`alter table downloads add column licence_id text references licences (id) on delete set null`.execute(db)
  // A delivered file (the original with its provenance inside, or a variant) is found by its
  // asset and variant name, with the grant's one read of the asset; its digest is what the
  // licence names. Files kept before have no digest and are made again on their next download.
  await sql`alter table asset_variants add column variant text`.execute(db)
  await sql`update asset_variants set variant = regexp_replace(key, '^.*/', '')`.execute(db)
  await sql`alter table asset_variants alter column variant set not null`.execute(db)
  await sql`create unique index asset_variants_variant_idx on asset_variants (asset_id, variant)`.execute(db)
  await sql`alter table asset_variants add column sha256 text`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table asset_variants drop column if exists sha256`.execute(db)
  await sql`alter table asset_variants drop column if exists variant`.execute(db)
  await sql`alter table downloads drop column if exists licence_id`.execute(db)
  await sql`drop table if exists licences`.execute(db)
}
