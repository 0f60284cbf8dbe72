import { type Kysely, sql } from 'kysely'

// Account self-service. A deleted account's download history and quota rows stay, without the
// person (user_id becomes null), so the artist's figures do not shrink; its licences already
// outlive it. A change of email waits in email_changes until the link sent to the new address
// is followed: single use, expiring, only the token's hash stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table downloads alter column user_id drop not null`.execute(db)
  await sql`alter table downloads drop constraint downloads_user_id_fkey`.execute(db)
  await sql`alter table downloads add constraint downloads_user_id_fkey foreign key (user_id) references users (id) on delete set null`.execute(
    db,
  )
  // The counter's key becomes a unique constraint (nulls distinct), so anonymous days can stay.
  await sql`alter table download_quota_usage drop constraint download_quota_usage_pkey`.execute(db)
  await sql`alter table download_quota_usage alter column user_id drop not null`.execute(db)
  await sql`alter table download_quota_usage add constraint download_quota_usage_user_day_key unique (user_id, day)`.execute(
    db,
  )
  await sql`alter table download_quota_usage drop constraint download_quota_usage_user_id_fkey`.execute(db)
  await sql`alter table download_quota_usage add constraint download_quota_usage_user_id_fkey foreign key (user_id) references users (id) on delete set null`.execute(
    db,
  )
  await sql`create table email_changes (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    new_email text not null,
    token_hash text not null unique,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`.execute(db)
  await sql`create index email_changes_user_idx on email_changes (user_id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists email_changes`.execute(db)
  await sql`delete from download_quota_usage where user_id is null`.execute(db)
  await sql`alter table download_quota_usage drop constraint download_quota_usage_user_id_fkey`.execute(db)
  await sql`alter table download_quota_usage add constraint download_quota_usage_user_id_fkey foreign key (user_id) references users (id) on delete cascade`.execute(
    db,
  )
  await sql`alter table download_quota_usage drop constraint download_quota_usage_user_day_key`.execute(db)
  await sql`alter table download_quota_usage alter column user_id set not null`.execute(db)
  await sql`alter table download_quota_usage add primary key (user_id, day)`.execute(db)
  await sql`delete from downloads where user_id is null`.execute(db)
  await sql`alter table downloads drop constraint downloads_user_id_fkey`.execute(db)
  await sql`alter table downloads add constraint downloads_user_id_fkey foreign key (user_id) references users (id) on delete cascade`.execute(
    db,
  )
  await sql`alter table downloads alter column user_id set not null`.execute(db)
}
