import { fromKysely, fromPglite, PgBoss, type Job } from 'pg-boss'
import { sql, type Kysely } from 'kysely'
import { pgliteOf, type DB } from '#db/client'
import { errorMessage } from '~/lib/errors'
import type { Config } from '~/config.server'
import { log } from './log.server'
import type { Storage } from './storage.server'

// Heavy and delayed work on a durable queue in PostgreSQL (pg-boss): a job is claimed with
// SKIP LOCKED, so it runs once however many instances poll; a failure is retried with backoff;
// a job whose worker stopped sending heartbeats (killed mid-job) is failed by the supervisor
// and retried. Handlers are idempotent and write their results last, so a retry never finds
// half of a previous attempt.

/** What a handler works with: the same services a request has. */
export interface JobServices {
  db: DB
  storage: Storage
  config: Config
  jobs: JobQueue
}

export interface JobContext {
  services: JobServices
  /** Aborted when the instance shuts down or the job expires. */
  signal: AbortSignal
  /** 0 on the first attempt. */
  retryCount: number
  id: string
}

export interface JobDefinition<Data extends object> {
  /** The queue's name: a stable identifier, also shown on the status page. */
  name: string
  run(data: Data, context: JobContext): Promise<void>
  /** How many of these one instance runs at once (serving comes first): 1 unless said. */
  concurrency?: number
  /** Attempts after the first; waits grow from `retryDelaySeconds` (doubling, with jitter). */
  retryLimit?: number
  retryDelaySeconds?: number
  /** Without a heartbeat for this long, a running job counts as dead and is retried. */
  heartbeatSeconds?: number
  /** The longest one attempt may run. */
  expireInSeconds?: number
  /** Sent by the queue on this cron schedule (UTC), once per slot across all instances. */
  cron?: string
  /**
   * pg-boss's queue policy, fixed when the queue is created: 'standard' (the default) keeps every
   * job sent; 'stately' keeps at most one queued and one running job per singleton key (a chain of
   * chunks that several instances start), 'exclusive' one queued or running per key.
   */
  policy?: 'standard' | 'stately' | 'exclusive' | 'singleton'
}

/** Declares a job; its data type follows the handler. */
export function defineJob<Data extends object>(definition: JobDefinition<Data>): JobDefinition<Data> {
  return definition
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed'

export interface JobRow {
  id: string
  name: string
  state: JobState
  data: Record<string, unknown>
  createdAt: Date
  startedAt: Date | null
  /** When a queued or retrying job may start. */
  startAfter: Date
  completedAt: Date | null
  retryCount: number
  /** A failed attempt's message. */
  error: string | null
}

export interface SendOptions {
  /** Not before this moment. */
  startAfter?: Date
  /**
   * The job's key. In a 'stately' or 'exclusive' queue at most one queued job has a given key (a
   * second send while one waits is ignored: null); in a 'standard' queue it only labels the job.
   */
  singletonKey?: string
  /** Sent inside this transaction: the job exists only if the transaction commits. */
  trx?: Kysely<never> | DB
}

export interface JobQueue {
  send<Data extends object>(job: JobDefinition<Data>, data: Data, options?: SendOptions): Promise<string | null>
  /** Jobs by state, newest first (the status page, the upload progress). */
  list(options?: {
    states?: JobState[]
    names?: string[]
    limit?: number
    dataKey?: [string, string]
  }): Promise<JobRow[]>
  /** Queues a failed job again, now. */
  retry(name: string, id: string): Promise<void>
  /** Cancels a queued job (a schedule withdrawn). */
  cancel(name: string, id: string): Promise<void>
  /**
   * Opens the queue now. With embedded PGlite (one connection) the first send inside a
   * transaction would otherwise wait for the queue's own set-up behind that transaction.
   */
  open(): Promise<void>
  /** Starts polling: this instance runs jobs from now on. */
  work(): Promise<void>
  /**
   * Runs every job that is due now, in this process, until none is left (tests and the command
   * line): the same claim, handler and completion as the workers.
   */
  runDue(options?: { names?: string[] }): Promise<number>
  /** Stops polling, waiting up to `timeoutMs` for running jobs, then closes. */
  stop(timeoutMs?: number): Promise<void>
  /** The queue's schema in the database. */
  readonly schema: string
}

export interface JobQueueOptions {
  db: DB
  /** PostgreSQL: the queue keeps its own small pool; absent with embedded PGlite. */
  url?: string
  // biome-ignore lint/suspicious/noExplicitAny: a list of jobs with different data
  jobs: readonly JobDefinition<any>[]
  /** The services handed to each handler (read when a job runs). */
  services: () => JobServices
  /** Its own schema (tests give each context one). */
  schema?: string
  /** Seconds between polls of an idle queue. */
  pollingIntervalSeconds?: number
  /**
   * Seconds between the supervisor's checks of dead workers (missed heartbeats) and expiry: a
   * killed worker's job is retried within its heartbeatSeconds and this.
   */
  superviseIntervalSeconds?: number
}

function toRow(row: Record<string, unknown>): JobRow {
  const output = row.output as { message?: unknown } | null
  return {
    id: String(row.id),
    name: String(row.name),
    state: row.state as JobState,
    data: (row.data as Record<string, unknown>) ?? {},
    createdAt: new Date(row.created_on as string),
    startedAt: row.started_on ? new Date(row.started_on as string) : null,
    startAfter: new Date(row.start_after as string),
    completedAt: row.completed_on ? new Date(row.completed_on as string) : null,
    retryCount: Number(row.retry_count ?? 0),
    error:
      (row.state === 'failed' || row.state === 'retry') && output && typeof output.message === 'string'
        ? output.message
        : null,
  }
}

/**
 * The queue, opened on first use (creating or migrating its schema, declaring every job's
 * queue): a command or a test that sends nothing never touches it.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const schema = options.schema ?? 'pgboss'
  let opening: Promise<PgBoss> | undefined
  const open = () => {
    opening ??= openBoss(options, schema)
    return opening
  }
  const byName = new Map(options.jobs.map((job) => [job.name, job]))
  const run = async (job: Job<object>) => {
    const definition = byName.get(job.name)
    if (!definition) throw new Error(`No handler for job ${job.name}`)
    await definition.run(job.data as never, {
      services: options.services(),
      signal: job.signal,
      retryCount: job.retryCount,
      id: job.id,
    })
  }

  let working = false
  let stopped = false
  // Sends still on their way: stop() lets them land before it closes the queue's pool (a
  // command that sends at its end, a start-up send while the server stops).
  const sending = new Set<Promise<unknown>>()
  return {
    schema,
    async send(job, data, sendOptions = {}) {
      const sent = (async () => {
        const boss = await open()
        return boss.send(job.name, data, {
          startAfter: sendOptions.startAfter,
          singletonKey: sendOptions.singletonKey,
          db: sendOptions.trx ? fromKysely(sendOptions.trx as never) : undefined,
        })
      })()
      sending.add(sent)
      try {
        return await sent
      } finally {
        sending.delete(sent)
      }
    },
    async list(listOptions = {}) {
      await open()
      const states = listOptions.states ?? ['created', 'retry', 'active', 'failed']
      const names = listOptions.names ?? [...byName.keys()]
      const query = sql<Record<string, unknown>>`
        select id, name, state, data, output, created_on, started_on, start_after, completed_on, retry_count
        from ${sql.table(`${schema}.job`)}
        where name = any(${names}) and state::text = any(${states})
        ${listOptions.dataKey ? sql`and data ->> ${listOptions.dataKey[0]} = ${listOptions.dataKey[1]}` : sql``}
        order by created_on desc
        limit ${listOptions.limit ?? 100}`
      const { rows } = await query.execute(options.db)
      return rows.map(toRow)
    },
    async retry(name, id) {
      await (await open()).retry(name, id)
    },
    async cancel(name, id) {
      await (await open()).cancel(name, id)
    },
    async open() {
      await open()
    },
    async work() {
      if (working || stopped) return
      working = true
      const boss = await open()
      for (const job of options.jobs) {
        await boss.work(
          job.name,
          {
            batchSize: 1,
            localConcurrency: job.concurrency ?? 1,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          },
          async ([claimed]: Job<object>[]) => {
            if (claimed) await run(claimed)
          },
        )
      }
    },
    async runDue(runOptions = {}) {
      const boss = await open()
      const names = runOptions.names ?? [...byName.keys()]
      let ran = 0
      for (;;) {
        let found = false
        for (const name of names) {
          const [claimed] = await boss.fetch<object>(name, { batchSize: 1 })
          if (!claimed) continue
          found = true
          ran++
          try {
            await run({ ...claimed, signal: new AbortController().signal })
            await boss.complete(name, claimed.id)
          } catch (error) {
            await boss.fail(name, claimed.id, { message: errorMessage(error) })
          }
        }
        if (!found) return ran
      }
    },
    async stop(timeoutMs = 8_000) {
      stopped = true
      if (sending.size > 0) {
        const waited = Promise.allSettled([...sending])
        await Promise.race([waited, new Promise((resolve) => setTimeout(resolve, timeoutMs / 2).unref())])
      }
      if (!opening) return
      const boss = await opening.catch(() => null)
      await boss?.stop({ graceful: true, timeout: timeoutMs, close: true })
    },
  }
}

async function openBoss(options: JobQueueOptions, schema: string): Promise<PgBoss> {
  const pglite = pgliteOf(options.db)
  const supervise = options.superviseIntervalSeconds ?? 30
  const maintenance = {
    superviseIntervalSeconds: supervise,
    // Missed heartbeats and expiry are looked for in the monitor pass, whose own interval
    // (60 s unless set) gates each queue: the same as the supervisor's.
    monitorIntervalSeconds: supervise,
    // Cron slots are checked every 30 s, so a scheduled job starts within a minute of its slot.
    cronWorkerIntervalSeconds: 30,
  }
  const boss = pglite
    ? new PgBoss({ db: fromPglite(pglite as never), backend: 'pglite', schema, ...maintenance })
    : new PgBoss({ connectionString: options.url, schema, max: 3, application_name: 'stock-jobs', ...maintenance })
  boss.on('error', (error) => log.warn('job queue', { error: errorMessage(error) }))
  await boss.start()
  for (const job of options.jobs) {
    const queue = {
      retryLimit: job.retryLimit ?? 5,
      retryDelay: job.retryDelaySeconds ?? 10,
      retryBackoff: true,
      retryDelayMax: 15 * 60,
      heartbeatSeconds: job.heartbeatSeconds ?? 30,
      expireInSeconds: job.expireInSeconds ?? 15 * 60,
      // Finished jobs stay a week for the status page, then go.
      deleteAfterSeconds: 7 * 24 * 3600,
    }
    if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, queue)
    else await boss.createQueue(job.name, { ...queue, policy: job.policy ?? 'standard' })
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' })
  }
  return boss
}
