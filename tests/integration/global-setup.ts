import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { isReachable, serverUrl } from '../support/database-url'

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Where each worker makes its database (named prefix + its VITEST_POOL_ID), or null when no
     * PostgreSQL server answers and the tests run on PGlite.
     */
    workerDatabases: { server: string; prefix: string } | null
  }
}

// Fresh databases on the real PostgreSQL server, one per worker, all dropped at the end: files
// running side by side each see a catalogue of their own worker's making. Only when no server
// answers do the tests fall back to embedded PGlite, and they say so.
export default async function setup(project: TestProject) {
  const server = serverUrl()
  if (!(await isReachable(server))) {
    console.warn(
      `\n[tests] No PostgreSQL server answers at ${new URL(server).host}: integration tests run on embedded PGlite instead.\n`,
    )
    project.provide('workerDatabases', null)
    return
  }
  const prefix = `stock_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}_w`
  project.provide('workerDatabases', { server, prefix })
  return async () => {
    const client = new pg.Client({ connectionString: server })
    await client.connect()
    try {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [prefix],
      )
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`)
    } finally {
      await client.end()
    }
  }
}
