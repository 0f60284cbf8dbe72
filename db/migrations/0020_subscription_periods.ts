import { sql, type Kysely } from 'kysely'

// Pro subscriptions over time, for the analytics' new, cancelled and monthly recurring revenue.
// Until now the webhook kept only each user's current plan, which cannot say how many subscribed
// in March. One row per Stripe subscription: when it started, when it ended, what it bills a
// month. No user id: the figures are counts and sums.
//
// Also an index for the preview plays: a play is counted by its preview file's key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table subscription_periods (
    subscription_id text primary key,
    started_at timestamptz not null,
    ended_at timestamptz,
    monthly_cents integer not null default 0 check (monthly_cents >= 0)
  )`.execute(db)
  await sql`create index subscription_periods_started_idx on subscription_periods (started_at)`.execute(db)
  await sql`create index subscription_periods_ended_idx on subscription_periods (ended_at) where ended_at is not null`.execute(
    db,
  )
  await sql`create index assets_audio_preview_key_idx on assets (audio_preview_key) where audio_preview_key is not null`.execute(
    db,
  )
  await sql`create index downloads_asset_day_idx on downloads (asset_id, day)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists downloads_asset_day_idx`.execute(db)
  await sql`drop index if exists assets_audio_preview_key_idx`.execute(db)
  await sql`drop table if exists subscription_periods`.execute(db)
}
