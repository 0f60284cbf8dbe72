import { sql, type Kysely } from 'kysely'

// The size in bytes of each delivered file, so an asset's page can say how large its download
// is. The delivered file is not the uploaded one (its provenance is written inside), so the
// size is the kept file's, recorded when it is made. Files kept before this migration get
// theirs from storage by a job at start-up, which walks the partial index of those still
// without one (once done, it holds only files gone from storage). Files kept before licences
// have no digest and are made again when next downloaded, so they are left out. Integer:
// uploads are capped far below 2 GB.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table asset_variants add column bytes integer`.execute(db)
  await sql`create index asset_variants_unsized_idx on asset_variants (key) where bytes is null and sha256 is not null`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists asset_variants_unsized_idx`.execute(db)
  await sql`alter table asset_variants drop column if exists bytes`.execute(db)
}
