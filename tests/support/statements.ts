import { RouterContextProvider } from 'react-router'
import { createDatabase, migrateToLatest, type DB } from '#db/client'
import { requestInfoContext, servicesContext } from '~/web/context.server'
import { workerDatabaseUrl, type TestContext } from './context'

export interface RecordingDatabase {
  /** The run's database through a pool of its own, whose statements can be recorded. */
  db: DB
  /** A router context like `t.routerContext()`, serving from `db`. */
  context: RouterContextProvider
  /** A context of its own, as the server makes for each request (what one request reads once). */
  requestContext(): RouterContextProvider
  /** Every statement sent through Kysely while `run` runs, read from its query log. */
  statementsOf(run: () => Promise<unknown>): Promise<string[]>
  close(): Promise<void>
}

/** For tests of what a request costs the database: the statements it sends, counted. */
export async function createRecordingDatabase(t: TestContext): Promise<RecordingDatabase> {
  const sent: string[] = []
  let recording = false
  const url = await workerDatabaseUrl()
  const db = createDatabase({
    url,
    poolSize: 4,
    log: (event) => {
      if (recording) sent.push(event.query.sql)
    },
  })
  await migrateToLatest(db)
  const requestContext = () => {
    const context = new RouterContextProvider()
    context.set(servicesContext, { ...t.services, db })
    context.set(requestInfoContext, { nonce: 'test', ip: '127.0.0.1' })
    return context
  }
  return {
    db,
    context: requestContext(),
    requestContext,
    async statementsOf(run) {
      sent.length = 0
      recording = true
      try {
        await run()
      } finally {
        recording = false
      }
      return [...sent]
    },
    close: () => db.destroy(),
  }
}
