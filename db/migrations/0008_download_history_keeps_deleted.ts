import { sql, type Kysely } from 'kysely'

// A licensed asset that the admin later deletes stays in its buyer's download history: the row
// keeps the title it had and loses only the link to the asset (was: deleted with it).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table downloads add column asset_title text`.execute(db)
  await sql`update downloads d set asset_title = a.title from assets a where a.id = d.asset_id`.execute(db)
  await sql`alter table downloads alter column asset_id drop not null`.execute(db)
  await sql`alter table downloads drop constraint downloads_asset_id_fkey`.execute(db)
  await sql`alter table downloads add constraint downloads_asset_id_fkey foreign key (asset_id) references assets(id) on delete set null`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from downloads where asset_id is null`.execute(db)
  await sql`alter table downloads drop constraint downloads_asset_id_fkey`.execute(db)
  await sql`alter table downloads add constraint downloads_asset_id_fkey foreign key (asset_id) references assets(id) on delete cascade`.execute(
    db,
  )
  await sql`alter table downloads alter column asset_id set not null`.execute(db)
  await sql`alter table downloads drop column asset_title`.execute(db)
}
