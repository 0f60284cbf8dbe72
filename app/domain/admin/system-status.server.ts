import { sql } from 'kysely'
import type { DB } from '#db/client'
import type { Config } from '~/config.server'
import { requestStats } from '~/platform/metrics.server'
import type { Storage } from '~/platform/storage.server'

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
  config: Pick<Config, 'STATUS_P95_THRESHOLD_MS' | 'STATUS_ERROR_RATE_THRESHOLD'>,
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
      checkedAt: new Date().toISOString(),
    },
  }
}

function formatPercent(value: number): string {
  return value === 0 ? '0' : value < 0.1 ? value.toFixed(2) : value.toFixed(1)
}
