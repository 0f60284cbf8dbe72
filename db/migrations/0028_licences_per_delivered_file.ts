import { type Kysely, sql } from 'kysely'

// A licence names the exact bytes delivered. Those bytes change when the asset's title does
// (the title is written inside the file), so a licence is one per user, asset, file and digest:
// the same file again still names the same licence, and a file made again after an edit gets
// a licence of its own, while the earlier one keeps naming the bytes it was granted with.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists licences_grant_idx`.execute(db)
  await sql`create unique index licences_grant_idx on licences (user_id, asset_id, variant, sha256)`.execute(db)
}

// Going back fails while a user holds two licences for one file (granted before and after an
// edit): no licence is deleted to make room.
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists licences_grant_idx`.execute(db)
  await sql`create unique index licences_grant_idx on licences (user_id, asset_id, variant)`.execute(db)
}
