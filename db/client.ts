import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import { mkdirSync } from 'node:fs'
import { migrationProvider } from './migrations/index'
import type { Database } from './schema'

export type DB = Kysely<Database>

// int8 (count(*), sums) as numbers and `date` as the plain 'YYYY-MM-DD' string: a date has no
// time zone, and turning it into a local-midnight Date shifts days.
const INT8 = 20
const DATE = 1082
pg.types.setTypeParser(INT8, (value) => Number.parseInt(value, 10))
pg.types.setTypeParser(DATE, (value) => value)

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, embedded PGlite in `pgliteDir` is used. */
  url?: string
  pgliteDir?: string
  poolSize?: number
}

export function describeDatabase(options: DatabaseOptions): string {
  if (options.url) {
    const url = new URL(options.url)
    return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`
  }
  return `embedded PGlite in ${options.pgliteDir ?? 'memory'}`
}

export function createDatabase(options: DatabaseOptions): DB {
  if (options.url) {
    return new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 }),
      }),
    })
  }
  const dir = options.pgliteDir
  return new Kysely<Database>({
    dialect: new PGliteDialect({
      pglite: async () => {
        const { PGlite } = await import('@electric-sql/pglite')
        const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
        if (dir) mkdirSync(dir, { recursive: true })
        return PGlite.create(dir, {
          extensions: { pg_trgm },
          parsers: { [INT8]: (value: string) => Number.parseInt(value, 10), [DATE]: (value: string) => value },
        })
      },
    }),
  })
}

/** Applies every pending migration; safe to run any number of times. */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** One round trip: whether the database answers at all. */
export async function databaseAnswers(db: DB): Promise<boolean> {
  try {
    await sql`select 1`.execute(db)
    return true
  } catch {
    return false
  }
}
