// A worker in a process of its own, for tests/integration/job-queue.test.ts: it works one
// queue schema on the test database, says which job it claimed, and is then killed mid-job.
//   node --import tsx tests/support/job-child.ts <databaseUrl> <schema> <table>
import { realpathSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { sql } from 'kysely'
import { createDatabase, type DB } from '#db/client'
import { parseConfig } from '~/config.server'
import { createJobQueue, defineJob, type JobQueue } from '~/platform/job-queue.server'
import { createLocalStorage } from '~/platform/storage.server'

/**
 * A slow job that writes its result last, in one transaction: three rows for its `batch`. The
 * first attempt takes `firstAttemptMs` before writing (long enough to be killed in), later ones
 * write at once.
 */
export function slowJob(table: string, firstAttemptMs: number) {
  return defineJob<{ batch: string }>({
    name: 'test.slow',
    heartbeatSeconds: 10,
    retryLimit: 2,
    retryDelaySeconds: 1,
    async run({ batch }, { retryCount, signal }) {
      console.log(`claimed ${batch} attempt ${retryCount}`)
      if (retryCount === 0) await new Promise((resolve) => setTimeout(resolve, firstAttemptMs))
      signal.throwIfAborted()
      await db!.transaction().execute(async (trx) => {
        for (const part of [1, 2, 3])
          await sql`insert into ${sql.table(table)} (batch, part, attempt) values (${batch}, ${part}, ${retryCount})`.execute(
            trx,
          )
      })
    },
  })
}

let db: DB | undefined

/** The queue a test (or this child) works the slow job with. */
export function slowJobQueue(
  database: DB,
  url: string | undefined,
  schema: string,
  table: string,
  firstAttemptMs: number,
): JobQueue {
  db = database
  const config = parseConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret-123' })
  const storage = createLocalStorage('/nonexistent')
  const queue: JobQueue = createJobQueue({
    db: database,
    url,
    schema,
    jobs: [slowJob(table, firstAttemptMs)],
    services: () => ({ db: database, storage, config, jobs: queue }),
    pollingIntervalSeconds: 0.5,
    superviseIntervalSeconds: 1,
  })
  return queue
}

const entry = process.argv[1]
if (entry && import.meta.url === pathToFileURL(realpathSync(entry)).href) {
  const [url, schema, table] = process.argv.slice(2) as [string, string, string]
  const database = createDatabase({ url })
  const queue = slowJobQueue(database, url, schema, table, 600_000)
  await queue.work()
  console.log('working')
}
