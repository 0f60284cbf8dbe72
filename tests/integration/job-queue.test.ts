import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type DB } from '#db/client'
import { parseConfig } from '~/config.server'
import { createJobQueue, defineJob, type JobDefinition, type JobQueue } from '~/platform/job-queue.server'
import { createLocalStorage } from '~/platform/storage.server'
import { jobTable } from '~/jobs.server'
import sharp from 'sharp'
import { createAsset } from '~/domain/catalogue/assets.server'
import { deliveredStats } from '~/domain/downloads/delivered-files.server'
import {
  popularVariantNames,
  prepareDownloads,
  prepareDownloadsJob,
  sendPrepareDownloads,
} from '~/domain/downloads/prepare-downloads.server'
import { createTestContext, testDb, workerDatabaseUrl, type TestContext } from '../support/context'
import { slowJob, slowJobQueue } from '../support/job-child'

// The queue's own guarantees (decision 86), on the real database: a job runs once however many
// workers race for it; a failure is retried with backoff and ends 'failed' with its message; a
// worker killed mid-job leaves the job to another worker and nothing half-written; a job sent in
// a transaction that rolls back never exists; cron jobs are scheduled.

const databaseUrl = await workerDatabaseUrl()
const config = parseConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-test-secret-test-secret-123' })
const storage = createLocalStorage('/nonexistent')
const newSchema = () => `jobs_t_${randomUUID().replaceAll('-', '').slice(0, 10)}`

/** A queue on `db` in `schema`, with fast polling and supervision. */
function queueOn(db: DB, url: string | undefined, schema: string, jobs: JobDefinition<never>[]): JobQueue {
  const queue: JobQueue = createJobQueue({
    db,
    url,
    schema,
    jobs,
    services: () => ({ db, storage, config, jobs: queue }),
    pollingIntervalSeconds: 0.5,
    superviseIntervalSeconds: 1,
  })
  return queue
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (done(value) || Date.now() > end) return value
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

function guarantees(name: string, open: () => Promise<{ db: DB; url: string | undefined; close(): Promise<void> }>) {
  describe(`the job queue on ${name}`, () => {
    let db: DB
    let url: string | undefined
    let close: () => Promise<void>
    const table = `job_runs_${randomUUID().replaceAll('-', '').slice(0, 10)}`
    const schemas: string[] = []
    const queues: JobQueue[] = []
    const track = (queue: JobQueue) => {
      queues.push(queue)
      schemas.push(queue.schema)
      return queue
    }

    beforeAll(async () => {
      ;({ db, url, close } = await open())
      await sql`create table ${sql.table(table)} (job text not null, worker text not null, attempt int not null, at timestamptz not null default clock_timestamp())`.execute(
        db,
      )
    })
    afterAll(async () => {
      await Promise.all(queues.map((queue) => queue.stop(1_000)))
      for (const schema of new Set(schemas)) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db)
      await sql`drop table if exists ${sql.table(table)}`.execute(db)
      await close()
    })

    const runs = (job: string) =>
      sql<{ job: string; worker: string; attempt: number; at: Date }>`
        select job, worker, attempt, at from ${sql.table(table)} where job like ${`${job}%`} order by at`
        .execute(db)
        .then((r) => r.rows)

    it('runs each job exactly once with two workers racing for 30 jobs', async () => {
      const schema = newSchema()
      const counted = (worker: string) =>
        defineJob<{ n: number }>({
          name: 'test.count',
          concurrency: 3,
          async run({ n }, { retryCount }) {
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 30))
            await sql`insert into ${sql.table(table)} (job, worker, attempt) values (${`count-${n}`}, ${worker}, ${retryCount})`.execute(
              db,
            )
          },
        })
      const a = track(queueOn(db, url, schema, [counted('a')]))
      const b = track(queueOn(db, url, schema, [counted('b')]))
      const definition = counted('sender')
      for (let n = 0; n < 30; n++) await a.send(definition, { n })
      await Promise.all([a.work(), b.work()])
      const rows = await until(
        () => runs('count-'),
        (r) => r.length >= 30,
        30_000,
      )
      // A moment more: a second run of any job would show now.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      const all = await runs('count-')
      expect(all).toHaveLength(30)
      expect(new Set(all.map((r) => r.job)).size).toBe(30)
      expect(all.every((r) => r.attempt === 0)).toBe(true)
      console.log(
        `[job-queue ${name}] 30 jobs: worker a ran ${rows.filter((r) => r.worker === 'a').length}, b ${rows.filter((r) => r.worker === 'b').length}`,
      )
      const completed = await a.list({ states: ['completed'], limit: 100 })
      expect(completed).toHaveLength(30)
    })

    it('retries a failing job with growing waits, and a job out of retries ends failed with its message', async () => {
      const schema = newSchema()
      const flaky = defineJob<object>({
        name: 'test.flaky',
        retryLimit: 3,
        retryDelaySeconds: 1,
        async run(_data, { retryCount }) {
          await sql`insert into ${sql.table(table)} (job, worker, attempt) values ('flaky', 'w', ${retryCount})`.execute(
            db,
          )
          if (retryCount < 2) throw new Error(`attempt ${retryCount} failed`)
        },
      })
      const doomed = defineJob<object>({
        name: 'test.doomed',
        retryLimit: 1,
        retryDelaySeconds: 1,
        async run(_data, { retryCount }) {
          await sql`insert into ${sql.table(table)} (job, worker, attempt) values ('doomed', 'w', ${retryCount})`.execute(
            db,
          )
          throw new Error('The file is not a picture.')
        },
      })
      const queue = track(queueOn(db, url, schema, [flaky, doomed] as JobDefinition<never>[]))
      const flakyId = await queue.send(flaky, {})
      const doomedId = await queue.send(doomed, {})
      await queue.work()
      const done = await until(
        () => queue.list({ states: ['completed', 'failed'] }),
        (jobs) => jobs.length >= 2,
        30_000,
      )
      const byId = new Map(done.map((job) => [job.id, job]))
      expect(byId.get(flakyId!)?.state).toBe('completed')
      expect(byId.get(flakyId!)?.retryCount).toBe(2)
      const attempts = await runs('flaky')
      expect(attempts.map((r) => r.attempt)).toEqual([0, 1, 2])
      // Backoff: the waits are about 1-2 s, then 2-4 s (retryDelay × 2^n with jitter), each
      // noticed within half a second of polling.
      const waits = [1, 2].map((i) => new Date(attempts[i]!.at).getTime() - new Date(attempts[i - 1]!.at).getTime())
      expect(waits[0]).toBeGreaterThanOrEqual(900)
      expect(waits[1]).toBeGreaterThanOrEqual(1_900)
      const failed = byId.get(doomedId!)
      expect(failed?.state).toBe('failed')
      expect(failed?.retryCount).toBe(1)
      expect(failed?.error).toBe('The file is not a picture.')
      expect((await runs('doomed')).map((r) => r.attempt)).toEqual([0, 1])
      // Retry from the status page: queued again, now.
      await queue.retry(doomed.name, doomedId!)
      expect((await queue.list({ states: ['created', 'retry', 'active'] })).map((job) => job.id)).toContain(doomedId)
    }, 40_000)

    it('never runs a job sent in a transaction that rolled back; runs one whose transaction committed', async () => {
      const schema = newSchema()
      const noted = defineJob<{ label: string }>({
        name: 'test.noted',
        async run({ label }) {
          await sql`insert into ${sql.table(table)} (job, worker, attempt) values (${`noted-${label}`}, 'w', 0)`.execute(
            db,
          )
        },
      })
      const queue = track(queueOn(db, url, schema, [noted]))
      // Opened before the transactions: with embedded PGlite, opening inside one would wait for it.
      await queue.list()
      await expect(
        db.transaction().execute(async (trx) => {
          await queue.send(noted, { label: 'rolled-back' }, { trx })
          throw new Error('the upload failed')
        }),
      ).rejects.toThrow('the upload failed')
      await db.transaction().execute(async (trx) => {
        await queue.send(noted, { label: 'committed' }, { trx })
      })
      expect(await queue.runDue()).toBe(1)
      expect((await runs('noted-')).map((r) => r.job)).toEqual(['noted-committed'])
      const all = await queue.list({ states: ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] })
      expect(all.map((job) => job.data.label)).toEqual(['committed'])
    })

    it('keeps one chunk of a chain waiting however many send it (a stately queue and its key)', async () => {
      const schema = newSchema()
      const chain = defineJob<{ n: number }>({ name: 'test.chain', policy: 'stately', async run() {} })
      const queue = track(queueOn(db, url, schema, [chain]))
      const first = await queue.send(chain, { n: 1 }, { singletonKey: 'k' })
      const second = await queue.send(chain, { n: 2 }, { singletonKey: 'k' })
      expect(first).toBeTruthy()
      expect(second).toBeNull()
      expect(await queue.list({ states: ['created'] })).toHaveLength(1)
    })

    it('schedules every cron job of the job table (the storage sweep among them), and holds a job sent for later until its time', async () => {
      const schema = newSchema()
      const queue = track(queueOn(db, url, schema, jobTable as JobDefinition<never>[]))
      await queue.list()
      const schedules = await sql<{ name: string; cron: string }>`
        select name, cron from ${sql.table(`${schema}.schedule`)} order by name`.execute(db)
      const declared = jobTable
        .filter((job) => job.cron)
        .map((job) => ({ name: job.name, cron: job.cron }))
        .sort((a, b) => (a.name < b.name ? -1 : 1))
      expect(schedules.rows).toEqual(declared)
      expect(schedules.rows).toContainEqual({ name: 'storage.sweep', cron: '*/10 * * * *' })
      expect(declared.length).toBeGreaterThanOrEqual(3)
      const later = defineJob<object>({ name: 'test.later', async run() {} })
      const laterQueue = track(queueOn(db, url, newSchema(), [later]))
      const at = new Date(Date.now() + 3_600_000)
      await laterQueue.send(later, {}, { startAfter: at })
      expect(await laterQueue.runDue()).toBe(0)
      const [waiting] = await laterQueue.list()
      expect(waiting?.state).toBe('created')
      expect(Math.abs(waiting!.startAfter.getTime() - at.getTime())).toBeLessThan(1_000)
    })
  })
}

guarantees(databaseUrl ? 'PostgreSQL' : 'PGlite (no PostgreSQL server)', async () => ({
  db: await testDb(),
  url: databaseUrl,
  close: async () => {},
}))

if (databaseUrl) {
  guarantees('embedded PGlite', async () => {
    const db = createDatabase({})
    return { db, url: undefined, close: () => db.destroy() }
  })
}

describe.skipIf(!databaseUrl)('a worker killed mid-job', () => {
  let child: ChildProcess | undefined
  afterAll(() => {
    child?.kill('SIGKILL')
  })

  it('leaves the job to another worker, which runs it again from the start; nothing is half-written', async () => {
    const db = await testDb()
    const schema = newSchema()
    const table = `job_slow_${randomUUID().replaceAll('-', '').slice(0, 10)}`
    await sql`create table ${sql.table(table)} (batch text not null, part int not null, attempt int not null)`.execute(
      db,
    )
    const here = slowJobQueue(db, databaseUrl, schema, table, 0)
    try {
      // The child claims the job and is killed before it writes anything.
      child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/job-child.ts', databaseUrl!, schema, table], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      let output = ''
      const claimed = new Promise<void>((resolve, reject) => {
        child!.stdout!.on('data', (chunk: Buffer) => {
          output += chunk.toString()
          if (output.includes('claimed')) resolve()
        })
        child!.once('exit', (code) => reject(new Error(`the child exited (${code}) before claiming: ${output}`)))
      })
      await until(async () => output.includes('working'), Boolean, 30_000)
      const id = await here.send(slowJob(table, 0), { batch: 'b1' })
      await claimed
      expect(output).toContain('claimed b1 attempt 0')
      child.kill('SIGKILL')
      await new Promise((resolve) => child!.once('exit', resolve))
      const [active] = await here.list({ states: ['active'] })
      expect(active?.id).toBe(id)
      // This worker takes over once the heartbeat (10 s) is missed and the supervisor (every
      // second here) fails the attempt.
      const killedAt = Date.now()
      await here.work()
      const done = await until(
        () => here.list({ states: ['completed', 'failed'] }),
        (jobs) => jobs.length > 0,
        45_000,
      )
      expect(done[0]?.state).toBe('completed')
      expect(done[0]?.retryCount).toBe(1)
      const rows = await sql<{ part: number; attempt: number }>`
        select part, attempt from ${sql.table(table)} order by part`.execute(db)
      expect(rows.rows).toEqual([
        { part: 1, attempt: 1 },
        { part: 2, attempt: 1 },
        { part: 3, attempt: 1 },
      ])
      console.log(`[job-queue] killed worker's job completed by another after ${Date.now() - killedAt} ms`)
    } finally {
      await here.stop(1_000)
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db)
      await sql`drop table if exists ${sql.table(table)}`.execute(db)
    }
  }, 90_000)
})

describe('download files made ahead', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await createTestContext()
  })
  afterAll(() => t.close())

  it('makes the popular files of a published asset ahead, once', async () => {
    const original = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer()
    const asset = await createAsset(t.db, t.storage, {
      original,
      originalFilename: 'field.png',
      title: 'Green Field',
      tags: ['field'],
      category: 'Nature',
      assetType: 'image',
      isActive: true,
    })
    const popular = await popularVariantNames(t.db)
    await sendPrepareDownloads(t.services.jobs, [asset.id])
    expect(await t.services.jobs.runDue({ names: [prepareDownloadsJob.name] })).toBe(1)
    const kept = await t.db.selectFrom('asset_variants').select('variant').where('asset_id', '=', asset.id).execute()
    const names = kept.map((row) => row.variant)
    expect(names).toContain('original')
    // Only popular files that fit: nothing larger than the original's 1200 px.
    for (const name of names) expect(popular).toContain(name)
    expect(names).not.toContain('2048.png')
    // Made once: a second job finds them kept.
    const made = deliveredStats.made
    expect(await prepareDownloads(t.db, t.storage, asset.id, t.config.appUrl)).toBe(0)
    expect(deliveredStats.made).toBe(made)
  })
})
