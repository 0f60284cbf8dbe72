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

/** The run's databases: `<prefix>_<tag>_<anything>`. */
export function taggedName(prefix: string, tag: string, rest: string): string {
  return `${prefix}_${tag}_${rest}`
}

/** Drops every database named with this run's tag. */
export async function dropTaggedDatabases(admin: string, tag: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where position('_' || $1 || '_' in datname) > 0",
      [tag],
    )
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`)
  } finally {
    await client.end()
  }
}

/** Creates an empty database with a unique name and returns its URL. */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = serverUrl()
  const unique = `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const tag = process.env[TEST_RUN_TAG]
  const name = tag ? taggedName(prefix, tag, unique) : `${prefix}_${unique}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  try {
    await client.query(`create database "${name}"`)
  } finally {
    await client.end()
  }
  return {
    url: withDatabase(admin, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      try {
        await c.query(`drop database if exists "${name}" with (force)`)
      } finally {
        await c.end()
      }
    },
  }
}
