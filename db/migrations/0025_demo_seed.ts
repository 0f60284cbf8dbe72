import { sql, type Kysely } from 'kysely'

// Whether the demo seed began and whether it finished (decision 107): a start stopped half-way
// through the seed resumes it on the next start, instead of leaving a half-filled catalogue that
// no later start touches because it is no longer empty. One row at most. A database already
// filled is recorded as seeded, so a start never fills it again, whatever is deleted later.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists demo_seed (
      id boolean primary key default true check (id),
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      failures int not null default 0
    )
  `.execute(db)
  await sql`
    insert into demo_seed (finished_at)
    select now() where exists (select from assets) or exists (select from blog_posts)
    on conflict (id) do nothing
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists demo_seed`.execute(db)
}
