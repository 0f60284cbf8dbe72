import { sql } from 'kysely'
import type { DB } from '#db/client'
import type { Config } from '~/config.server'
import { requestStats } from '~/platform/metrics.server'
import type { Storage } from '~/platform/storage.server'
import type { JobQueue } from '~/platform/job-queue.server'

/** Below this much free space the storage card turns red: uploads would soon fail. */
export const STORAGE_LOW_BYTES = 512 * 1024 * 1024
const DATABASE_TIMEOUT_MS = 3000

export interface SystemStatus {
  /** 'OK' when every other check passes, else 'Degraded'. */
  serverHealth: string
  database: string
  storage: string
  /** p95 over the recent requests, e.g. '42 ms'. */
  apiResponseTime: string
  /** Share of 5xx answers over the recent requests, e.g. '0.4%'. */
  errorRate: string
  /** The measurements behind the texts, for the cards' details and for scripts. */
  details: {
    databaseMs: number | null
    storageWritable: boolean
    storageFreeBytes: number | null
    p95Ms: number | null
    errorRatePercent: number | null
    requestCount: number
    p95ThresholdMs: number
    errorRateThresholdPercent: number
    /** null when there are no recent requests to judge by. */
    apiResponseTimeOk: boolean | null
    errorRateOk: boolean | null
    uptimeSeconds: number
    /** With several server processes (decision 101), the one that measured: its requests only. */
    serverProcess: { number: number; of: number } | null
    checkedAt: string
  }
}

async function checkDatabase(db: DB): Promise<{ ok: boolean; ms: number | null }> {
  const started = performance.now()
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    await Promise.race([
      sql`select 1`.execute(db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), DATABASE_TIMEOUT_MS)
      }),
    ])
    return { ok: true, ms: Math.round((performance.now() - started) * 10) / 10 }
  } catch {
    return { ok: false, ms: null }
  } finally {
    clearTimeout(timer)
  }
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value >= 10 || unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`
}

/**
 * Real measurements for the system-status screen and GET /api/admin/status: a database round
 * trip, a test write to storage and its free space, and p95 and 5xx rate over the recent
 * requests the server has recorded.
 */
export async function systemStatus(
  db: DB,
  storage: Storage,
  config: Pick<
    Config,
    'STATUS_P95_THRESHOLD_MS' | 'STATUS_ERROR_RATE_THRESHOLD' | 'SERVER_PROCESSES' | 'SERVER_PROCESS'
  >,
): Promise<SystemStatus> {
  const [database, disk] = await Promise.all([checkDatabase(db), storage.check()])
  const stats = requestStats()
  const storageText = !disk.writable
    ? 'Not writable'
    : disk.freeBytes !== null && disk.freeBytes < STORAGE_LOW_BYTES
      ? `Low space: ${formatBytes(disk.freeBytes)} free`
      : 'OK'
  const apiResponseTimeOk = stats.p95Ms === null ? null : stats.p95Ms < config.STATUS_P95_THRESHOLD_MS
  const errorRateOk =
    stats.errorRatePercent === null ? null : stats.errorRatePercent < config.STATUS_ERROR_RATE_THRESHOLD
  const healthy = database.ok && storageText === 'OK' && apiResponseTimeOk !== false && errorRateOk !== false
  return {
    serverHealth: healthy ? 'OK' : 'Degraded',
    database: database.ok ? 'OK' : 'Unavailable',
    storage: storageText,
    apiResponseTime: stats.p95Ms === null ? 'No requests yet' : `${stats.p95Ms} ms`,
    errorRate: stats.errorRatePercent === null ? 'No requests yet' : `${formatPercent(stats.errorRatePercent)}%`,
    details: {
      databaseMs: database.ms,
      storageWritable: disk.writable,
      storageFreeBytes: disk.freeBytes,
      p95Ms: stats.p95Ms,
      errorRatePercent: stats.errorRatePercent,
      requestCount: stats.count,
      p95ThresholdMs: config.STATUS_P95_THRESHOLD_MS,
      errorRateThresholdPercent: config.STATUS_ERROR_RATE_THRESHOLD,
      apiResponseTimeOk,
      errorRateOk,
      uptimeSeconds: Math.round(process.uptime()),
      serverProcess:
        config.SERVER_PROCESSES > 1 && config.SERVER_PROCESS
          ? { number: config.SERVER_PROCESS, of: config.SERVER_PROCESSES }
          : null,
      checkedAt: new Date().toISOString(),
    },
  }
}

function formatPercent(value: number): string {
  return value === 0 ? '0' : value < 0.1 ? value.toFixed(2) : value.toFixed(1)
}

/** A job as the status page lists it. */
export interface JobStatusRow {
  id: string
  name: string
  state: 'queued' | 'retrying' | 'running' | 'failed'
  /** Since it was sent, in seconds, and as words ('3 min'). */
  ageSeconds: number
  age: string
  createdAt: string
  /** Attempts made so far. */
  attempts: number
  /** The last failed attempt's message. */
  error: string | null
  /** What it works on, e.g. 'asset 12'. */
  subject: string | null
}

export interface JobStatus {
  /** False when the queue could not be read (the rest of the page still shows). */
  available: boolean
  counts: { queued: number; running: number; failed: number }
  jobs: JobStatusRow[]
}

const JOB_STATE_NAMES = { created: 'queued', retry: 'retrying', active: 'running', failed: 'failed' } as const

/** '12 s', '3 min', '2 h', '4 d'. */
export function formatAge(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h`
  return `${Math.floor(seconds / 86_400)} d`
}

/**
 * The queue's waiting, running and failed jobs (failed ones stay a week), newest first, with
 * their age and the failure's reason: the status page and GET /api/admin/status.
 */
export async function jobStatus(jobs: JobQueue, now = new Date(), limit = 50): Promise<JobStatus> {
  try {
    const rows = await jobs.list({ states: ['created', 'retry', 'active', 'failed'], limit })
    const list = rows.map((job): JobStatusRow => {
      const ageSeconds = Math.max(0, Math.round((now.getTime() - job.createdAt.getTime()) / 1000))
      const assetId = job.data.assetId
      return {
        id: job.id,
        name: job.name,
        state: JOB_STATE_NAMES[job.state as keyof typeof JOB_STATE_NAMES],
        ageSeconds,
        age: formatAge(ageSeconds),
        createdAt: job.createdAt.toISOString(),
        attempts: job.retryCount + (job.state === 'created' ? 0 : 1),
        error: job.error,
        subject: typeof assetId === 'number' || typeof assetId === 'string' ? `asset ${assetId}` : null,
      }
    })
    const count = (...states: JobStatusRow['state'][]) => list.filter((job) => states.includes(job.state)).length
    return {
      available: true,
      counts: { queued: count('queued', 'retrying'), running: count('running'), failed: count('failed') },
      jobs: list,
    }
  } catch {
    return { available: false, counts: { queued: 0, running: 0, failed: 0 }, jobs: [] }
  }
}
