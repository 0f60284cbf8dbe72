import { Kysely, PGliteDialect, PostgresDialect, sql, type KyselyConfig } from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import { migrationProvider } from './migrations/index'
import { openPGliteInWorker, type PGliteLike } from './pglite-worker'
import type { Database } from './schema'
import { log } from '~/platform/log.server'
import { CONNECT_TIMEOUT_MS, DatabaseMonitor, QUERY_TIMEOUT_MS, STATEMENT_TIMEOUT_MS } from './availability'

export { isConnectionFailure, trackDatabaseAvailability } from './availability'

export type DB = Kysely<Database>

// int8 (count(*), sums) as numbers and `date` as the plain 'YYYY-MM-DD' string: a date has no
// time zone, and turning it into a local-midnight Date shifts days. (PGlite reads them alike.)
const INT8 = 20
const DATE = 1082
pg.types.setTypeParser(INT8, (value) => Number.parseInt(value, 10))
pg.types.setTypeParser(DATE, (value) => value)

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, embedded PGlite in `pgliteDir` is used. */
  url?: string
  pgliteDir?: string
  poolSize?: number
  /** Kysely's query log: lets a test see every statement sent. */
  log?: KyselyConfig['log']
}

export function describeDatabase(options: DatabaseOptions): string {
  if (options.url) {
    const url = new URL(options.url)
    return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`
  }
  return `embedded PGlite in ${options.pgliteDir ?? 'memory'}`
}

const monitors = new WeakMap<DB, DatabaseMonitor>()
const pglites = new WeakMap<DB, PGliteLike>()

/** The embedded PGlite behind `db`, for a library that speaks to it directly (the job queue). */
export function pgliteOf(db: DB): PGliteLike | undefined {
  return pglites.get(db)
}

/** Whether the database answered lately (always true for PGlite, which lives in the process). */
export function isDatabaseAvailable(db: DB): boolean {
  return monitors.get(db)?.available ?? true
}

/** Connection timeouts (2 s), a statement timeout (10 s) and a monitor: see db/availability.ts. */
class TimedClient extends pg.Client {
  constructor(config: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  }
}

export function createDatabase(options: DatabaseOptions): DB {
  if (options.url) {
    const connection: pg.ClientConfig = { connectionString: options.url }
    const pool = new pg.Pool({
      ...connection,
      Client: TimedClient as unknown as new () => pg.ClientBase,
      max: options.poolSize ?? 10,
      // No limit on the wait for a free slot (that is load, not an outage); the monitor ends
      // the waits at once when the server goes away.
      connectionTimeoutMillis: 0,
      idleTimeoutMillis: 30_000,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      keepAlive: true,
    })
    const monitor = new DatabaseMonitor(pool, connection, log)
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: monitor.asKyselyPool() as never }),
      log: options.log,
    })
    monitors.set(db, monitor)
    return db
  }
  // In a worker thread (db/pglite-worker.ts), opening from now on, beside whatever the server
  // does meanwhile.
  const pglite = openPGliteInWorker(options.pgliteDir)
  const db = new Kysely<Database>({ log: options.log, dialect: new PGliteDialect({ pglite: pglite as never }) })
  pglites.set(db, pglite)
  return db
}

/**
 * Whether every migration there is has been applied: one read. The migrator's own check
 * creates its tables if missing and takes its lock in a transaction, several round trips (1.7 s
 * on a loaded machine with PGlite) that a start with nothing to apply need not wait for.
 */
async function upToDate(db: DB): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db)
    const applied = new Set(rows.map((row) => row.name))
    return Object.keys(await migrationProvider.getMigrations()).every((name) => applied.has(name))
  } catch {
    // No migration table yet (a new database), or unreadable: the migrator decides.
    return false
  }
}

/** Applies every pending migration; safe to run any number of times. */
export async function migrateToLatest(db: DB): Promise<string[]> {
  if (await upToDate(db)) return []
  const migrator = new Migrator({ db, provider: migrationProvider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** One round trip: whether the database answers at all (fails at once while it is known down). */
export async function databaseAnswers(db: DB): Promise<boolean> {
  if (!isDatabaseAvailable(db)) return false
  try {
    await sql`select 1`.execute(db)
    return true
  } catch {
    return false
  }
}
