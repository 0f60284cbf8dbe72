import pg from 'pg'

/** The server the tests use: TEST_DATABASE_URL, else DATABASE_URL, else the local default. */
export function serverUrl(): string {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'
}

export function withDatabase(url: string, name: string): string {
  const next = new URL(url)
  next.pathname = `/${name}`
  return next.toString()
}

export async function isReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * A vitest run's tag (set by its global setup, inherited by its workers): every database the
 * run makes carries it in its name, so the run's end drops them all, even one whose test
 * stopped before its own clean-up.
 */
export const TEST_RUN_TAG = 'STOCK_TEST_RUN'

/** A database name of this run: `<prefix>_<tag>_<rest>` inside a vitest run, else `<prefix>_<rest>`. */
function runDatabaseName(prefix: string, rest: string): string {
  const tag = process.env[TEST_RUN_TAG]
  return tag ? `${prefix}_${tag}_${rest}` : `${prefix}_${rest}`
}

/** One admin connection to the server for `run`, closed after it. */
async function onServer<T>(admin: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** Drops every database named with this run's tag. */
export function dropTaggedDatabases(admin: string, tag: string): Promise<void> {
  return onServer(admin, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where position('_' || $1 || '_' in datname) > 0",
      [tag],
    )
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`)
  })
}

/** The URL of this run's database `<prefix>_<rest>`, made when it does not exist yet. */
export async function runDatabase(admin: string, prefix: string, rest: string): Promise<string> {
  const name = runDatabaseName(prefix, rest)
  await onServer(admin, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name])
    if (!rowCount) await client.query(`create database "${name}"`)
  })
  return withDatabase(admin, name)
}

/** Creates an empty database with a unique name and returns its URL. */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = serverUrl()
  const name = runDatabaseName(prefix, `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`)
  await onServer(admin, (client) => client.query(`create database "${name}"`))
  return {
    url: withDatabase(admin, name),
    drop: () =>
      onServer(admin, async (client) => void (await client.query(`drop database if exists "${name}" with (force)`))),
  }
}
