import type { TestProject } from 'vitest/node'
import { createScratchDatabase, isReachable, serverUrl } from '../support/database-url'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string | null
  }
}

// One fresh database per run on the real PostgreSQL server, dropped at the end. Only when no
// server answers do the tests fall back to embedded PGlite, and they say so.
export default async function setup(project: TestProject) {
  const server = serverUrl()
  if (!(await isReachable(server))) {
    console.warn(
      `\n[tests] No PostgreSQL server answers at ${new URL(server).host}: integration tests run on embedded PGlite instead.\n`,
    )
    project.provide('databaseUrl', null)
    return
  }
  const scratch = await createScratchDatabase('stock_test')
  project.provide('databaseUrl', scratch.url)
  return async () => {
    await scratch.drop()
  }
}
