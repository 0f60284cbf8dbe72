import { defineJob, type JobDefinition, type JobQueue, type JobServices } from './job-queue.server'
import { BACKGROUND_DUTY } from './pacing.server'

// A backfill walks a table in bounded chunks on the job queue, one chunk, then the next sent for
// a moment later, one at a time across all instances (a 'stately' queue with one key: however
// many instances start and send it, one chunk waits and one runs). Serving comes first: each
// chunk is paced to the background duty, and a chunk cut short loses little.

/** Where a chunk goes on from, and tuning carried from chunk to chunk (the backfill's own unless the sender says). */
export interface BackfillData<After extends string | number> {
  after: After
  chunk?: number
  pauseMs?: number
  /** The share of a thread's time a chunk may take (BACKGROUND_DUTY unless the sender says). */
  duty?: number
}

/** What one chunk did: how many rows it filled, the last it looked at, and whether none is left. */
export interface BackfillChunk<After> {
  filled: number
  last: After
  done: boolean
}

export interface Backfill<After extends string | number> {
  job: JobDefinition<BackfillData<After>>
  /** Starts the chain from the first row (every start sends it; a chain already waiting keeps it). */
  send(jobs: JobQueue, data?: Partial<BackfillData<After>>): Promise<string | null>
}

export function defineBackfill<After extends string | number>(backfill: {
  /** The queue's name. */
  name: string
  /** The one key of its chain. */
  key: string
  /** Where the walk starts. */
  first: After
  chunk: number
  pauseMs: number
  fill(
    services: JobServices,
    options: { after: After; limit: number; duty: number; signal: AbortSignal },
  ): Promise<BackfillChunk<After>>
  /** Told after a chunk that filled something (a log line). */
  filled(chunk: BackfillChunk<After>): void
}): Backfill<After> {
  const job: JobDefinition<BackfillData<After>> = defineJob<BackfillData<After>>({
    name: backfill.name,
    policy: 'stately',
    concurrency: 1,
    retryLimit: 5,
    async run(data, { services, signal }) {
      const chunk = await backfill.fill(services, {
        after: data.after,
        limit: data.chunk ?? backfill.chunk,
        duty: data.duty ?? BACKGROUND_DUTY,
        signal,
      })
      if (chunk.filled > 0) backfill.filled(chunk)
      if (chunk.done) return
      await services.jobs.send(
        job,
        { ...data, after: chunk.last },
        { singletonKey: backfill.key, startAfter: new Date(Date.now() + (data.pauseMs ?? backfill.pauseMs)) },
      )
    },
  })
  return {
    job,
    send: (jobs, data = {}) => jobs.send(job, { after: backfill.first, ...data }, { singletonKey: backfill.key }),
  }
}
