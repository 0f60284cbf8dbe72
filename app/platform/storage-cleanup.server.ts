import { sql, type Kysely } from 'kysely'
import type { DB } from '#db/client'
import type { Database } from '#db/schema'
import { defineJob } from './job-queue.server'
import { log } from './log.server'
import type { Storage } from './storage.server'

// No orphaned objects and no orphaned rows, whichever side fails: the keys an
// upload is about to write are recorded first (due in an hour) and cleared in the transaction
// that inserts the row; the keys of deleted rows are recorded in the transaction that deletes
// them. Whatever stays recorded (a crash, a bucket that failed a delete) is removed by the sweep.

/** An upload that has not committed its row within this time has failed. */
const UPLOAD_GRACE_MS = 60 * 60 * 1000
/** A file still being written after this long was cut off (a crash, a shutdown). */
const STALE_WRITE_MS = 15 * 60 * 1000

/**
 * Before writing an upload's files: if the row never follows, the sweep removes them. A key
 * already recorded (a file named by its content, made again) is put off to the same grace, so
 * the sweep does not take it while it is written.
 */
export async function reserveUploadKeys(db: Kysely<Database>, keys: string[]): Promise<void> {
  if (keys.length === 0) return
  await db
    .insertInto('storage_cleanup')
    .values(keys.map((key) => ({ key, not_before: new Date(Date.now() + UPLOAD_GRACE_MS) })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ not_before: sql`greatest(storage_cleanup.not_before, excluded.not_before)` }),
    )
    .execute()
}

/**
 * Writes every file at once (with a bucket each is a request of its own), adding each key to
 * `written` as it lands; waits for all, then throws the first failure, so the caller removes
 * exactly what was written.
 */
export async function putAll(storage: Storage, files: [string, Buffer][], written: string[]): Promise<void> {
  const puts = await Promise.allSettled(
    files.map(async ([key, data]) => {
      await storage.put(key, data)
      written.push(key)
    }),
  )
  const failedPut = puts.find((put) => put.status === 'rejected')
  if (failedPut) throw failedPut.reason
}

/** In the transaction that inserts the row: the files now belong to it. */
export async function keepUploadKeys(trx: Kysely<Database>, keys: string[]): Promise<void> {
  if (keys.length === 0) return
  await trx.deleteFrom('storage_cleanup').where('key', 'in', keys).execute()
}

/**
 * In the transaction that deletes rows, or stops naming their files: the files are due for
 * removal now (or at `notBefore`).
 */
export async function scheduleDeletion(trx: Kysely<Database>, keys: string[], notBefore = new Date()): Promise<void> {
  if (keys.length === 0) return
  await trx
    .insertInto('storage_cleanup')
    .values(keys.map((key) => ({ key, not_before: notBefore })))
    .onConflict((oc) => oc.column('key').doUpdateSet({ not_before: notBefore }))
    .execute()
}

/** Removes the files, then their records; a file that fails stays recorded for the next sweep. */
export async function removeFiles(db: DB, storage: Storage, keys: string[], { onlyDue = false } = {}): Promise<number> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)))
  const removed = keys.filter((_, i) => results[i]!.status === 'fulfilled')
  const failed = results.filter((r) => r.status === 'rejected')
  if (failed.length > 0) {
    log.warn('storage delete failed; will retry', {
      count: failed.length,
      error: String((failed[0] as PromiseRejectedResult).reason),
    })
  }
  if (removed.length > 0) {
    let records = db.deleteFrom('storage_cleanup').where('key', 'in', removed)
    // The sweep's: a record put off meanwhile (its key reserved again for a file being written) stays.
    if (onlyDue) records = records.where('not_before', '<=', sql<Date>`now()`)
    await records.execute()
  }
  return removed.length
}

/** Removes every file that is due (at start, and after deletions). Safe on any instance. */
export async function sweepStorage(db: DB, storage: Storage, limit = 500, now = new Date()): Promise<number> {
  await storage.removeStaleWrites?.(new Date(now.getTime() - STALE_WRITE_MS))
  const due = await db
    .selectFrom('storage_cleanup')
    .select('key')
    .where('not_before', '<=', sql<Date>`now()`)
    .orderBy('not_before')
    .limit(limit)
    .execute()
  return removeFiles(
    db,
    storage,
    due.map((row) => row.key),
    { onlyDue: true },
  )
}

/**
 * The sweep every ten minutes, as a job: one instance sweeps per slot however many run (the
 * queue's cron), where each used to sweep on its own timer.
 */
export const storageSweepJob = defineJob<object>({
  name: 'storage.sweep',
  cron: '*/10 * * * *',
  concurrency: 1,
  retryLimit: 1,
  async run(_data, { services }) {
    const removed = await sweepStorage(services.db, services.storage)
    if (removed > 0) log.info('storage sweep', { removed })
  },
})
