import { sql, type Kysely } from 'kysely'

// One-time sign-in links are gone: nothing issued them any more, and a link spent by a GET is
// spent by any mail scanner that opens it first. Their table goes with them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists login_tokens`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table login_tokens (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db)
}
