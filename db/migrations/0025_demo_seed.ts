import { sql, type Kysely } from 'kysely'

// Whether the demo seed began and whether it finished (decision 107): a start stopped half-way
// through the seed resumes it on the next start, instead of leaving a half-filled catalogue that
// no later start touches because it is no longer empty. One row at most.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists demo_seed (
      id boolean primary key default true check (id),
      started_at timestamptz not null default now(),
      finished_at timestamptz
    )
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists demo_seed`.execute(db)
}
