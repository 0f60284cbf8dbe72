import type { TestProject } from 'vitest/node'
import { dropTaggedDatabases, isReachable, serverUrl, TEST_RUN_TAG } from '../support/database-url'

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The PostgreSQL server each worker makes its database on (named with the run's tag and its
     * VITEST_POOL_ID), or null when none answers and the tests run on PGlite.
     */
    databaseServer: string | null
  }
}

// Fresh databases on the real PostgreSQL server, one per worker, so files running side by side
// each see a catalogue of their own worker's making. Every database of the run (the workers'
// and those tests make for a server of their own) carries the run's tag, and all are dropped at
// the end. Only when no server answers do the tests fall back to embedded PGlite, and say so.
export default async function setup(project: TestProject) {
  const server = serverUrl()
  if (!(await isReachable(server))) {
    console.warn(
      `\n[tests] No PostgreSQL server answers at ${new URL(server).host}: integration tests run on embedded PGlite instead.\n`,
    )
    project.provide('databaseServer', null)
    return
  }
  const tag = `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  // The workers start after this, with this environment.
  process.env[TEST_RUN_TAG] = tag
  project.provide('databaseServer', server)
  return () => dropTaggedDatabases(server, tag)
}
