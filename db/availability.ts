import { AsyncLocalStorage } from 'node:async_hooks'
import pg from 'pg'
import { errorMessage } from '~/lib/errors'

// The process survives its database: a PostgreSQL server that is down, restarting or frozen
// makes requests fail fast with DatabaseUnavailableError (answered 503 in one place, the root
// middleware), never crashes the process and never hangs a request. A background probe notices
// the server's return and the pool serves again by itself.

/**
 * A pool connection may take this long to open (a loaded server forks slowly); a server that
 * does not answer at all is noticed sooner, by the probe that a wait over SLOW_QUERY_PROBE_MS starts.
 */
export const CONNECT_TIMEOUT_MS = 10_000
/** Server side: no statement runs longer (a runaway query or a long lock wait). */
export const STATEMENT_TIMEOUT_MS = 10_000
/** Client side, the last resort against a connection that never answers. */
export const QUERY_TIMEOUT_MS = 15_000
/** A query (or a wait for a connection) still going after this long makes the monitor probe the server. */
export const SLOW_QUERY_PROBE_MS = 1_000
/** A probe (a fresh connection and `select 1`) that takes longer than this means the server is not answering. */
export const PROBE_TIMEOUT_MS = 1_300
/** While down, the server is probed this often; service resumes at the first answer. */
export const PROBE_INTERVAL_MS = 1_000

export const DATABASE_UNAVAILABLE = 'The database is not answering right now. Please try again in a few seconds.'

export class DatabaseUnavailableError extends Error {
  constructor(cause?: unknown) {
    super(DATABASE_UNAVAILABLE, { cause })
    this.name = 'DatabaseUnavailableError'
  }
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
])
const CONNECTION_MESSAGES =
  /Connection terminated|timeout expired|timeout exceeded when trying to connect|Query read timeout|connection error|not queryable|Connection refused|socket hang up/i

/** Whether an error means the server is gone (refused, reset, timed out, shut down), not that a query was wrong. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true
  const seen = new Set<unknown>()
  for (let e: unknown = error; e && typeof e === 'object' && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e)
    const code = String((e as { code?: unknown }).code ?? '')
    if (CONNECTION_CODES.has(code) || code.startsWith('08')) return true
    if (e instanceof AggregateError && e.errors.some(isConnectionFailure)) return true
    if (e instanceof Error && CONNECTION_MESSAGES.test(e.message)) return true
  }
  return false
}

// Which request met an unavailable database, even when its loader caught the error and went on.
const requestScope = new AsyncLocalStorage<{ unavailable: boolean }>()

/** Runs one request's work and says whether it met an unavailable database on the way. */
export async function trackDatabaseAvailability<T>(
  work: () => Promise<T>,
): Promise<{ unavailable: boolean; outcome: PromiseSettledResult<T> }> {
  const scope = { unavailable: false }
  const outcome = await requestScope.run(scope, async () => {
    try {
      return { status: 'fulfilled', value: await work() } as const
    } catch (reason) {
      return { status: 'rejected', reason } as const
    }
  })
  return {
    unavailable: scope.unavailable || (outcome.status === 'rejected' && isConnectionFailure(outcome.reason)),
    outcome,
  }
}

function noteUnavailable() {
  const scope = requestScope.getStore()
  if (scope) scope.unavailable = true
}

type Logger = {
  warn(message: string, fields?: Record<string, unknown>): void
  info(message: string, fields?: Record<string, unknown>): void
}

/**
 * Wraps a pg Pool: every client gets an error listener (an error on a connection never crashes
 * the process), slow queries trigger a probe, and while the server is down new work fails at
 * once instead of queueing for a pool slot.
 */
export class DatabaseMonitor {
  available = true
  private readonly clients = new Set<pg.Client>()
  private readonly waiting = new Set<(error: Error) => void>()
  private readonly wrapped = new WeakMap<pg.PoolClient, pg.PoolClient>()
  private probing: Promise<boolean> | null = null
  private timer: ReturnType<typeof setInterval> | null = null
  /** Set before the pool closes: from then on nothing is probed and nothing is marked down. */
  private closed = false
  private lastProbeError = ''
  /**
   * When a pool query last got its answer. A probe that times out while other queries are being
   * answered met a busy process, not a missing server: under a CPU overload the probe's own
   * callbacks wait behind page renders for longer than PROBE_TIMEOUT_MS (decision 93).
   */
  private lastAnswerAt = 0

  constructor(
    private readonly pool: pg.Pool,
    private readonly probeConfig: pg.ClientConfig,
    private readonly logger: Logger,
  ) {
    pool.on('connect', (client) => {
      this.clients.add(client)
      // A checked-out client has no pool listener: without this, its error kills the process.
      client.on('error', (error) => this.failed(error))
    })
    pool.on('remove', (client) => this.clients.delete(client))
    // An idle client lost (server restart, failover, a cut network): probe, never crash.
    pool.on('error', (error) => this.failed(error))
  }

  /** The pool as Kysely sees it. */
  asKyselyPool() {
    return {
      options: this.pool.options,
      connect: () => this.acquire(),
      end: () => this.end(),
    }
  }

  private async acquire(): Promise<pg.PoolClient> {
    if (!this.available) {
      noteUnavailable()
      throw new DatabaseUnavailableError()
    }
    const acquired = this.pool.connect()
    let giveUp: (error: Error) => void = () => {}
    const abandoned = new Promise<never>((_, reject) => {
      giveUp = reject
      this.waiting.add(reject)
    })
    const watchdog = setTimeout(() => void this.check(), SLOW_QUERY_PROBE_MS)
    try {
      const client = await Promise.race([acquired, abandoned])
      return this.wrap(client)
    } catch (error) {
      // Given up while waiting for a slot: the client, when it comes, goes straight back.
      acquired.then(
        (client) => client.release(),
        () => {},
      )
      if (isConnectionFailure(error) && !this.closed) {
        this.failed(error)
        noteUnavailable()
        throw error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error)
      }
      throw error
    } finally {
      clearTimeout(watchdog)
      this.waiting.delete(giveUp)
    }
  }

  private wrap(client: pg.PoolClient): pg.PoolClient {
    const known = this.wrapped.get(client)
    if (known) return known
    let broken = false
    const monitor = this
    const wrapper = {
      query(...args: unknown[]) {
        if (typeof args[0] !== 'string') return (client.query as (...a: unknown[]) => unknown)(...args)
        const watchdog = setTimeout(() => void monitor.check(), SLOW_QUERY_PROBE_MS)
        return (client.query(args[0], args[1] as unknown[]) as Promise<pg.QueryResult>).then(
          (result) => {
            clearTimeout(watchdog)
            monitor.lastAnswerAt = performance.now()
            return result
          },
          (error: unknown) => {
            clearTimeout(watchdog)
            // Once the pool is closing, a failed query says nothing about the server.
            if (monitor.closed) throw error
            if (isConnectionFailure(error) || !monitor.available) {
              broken = true
              monitor.failed(error)
              noteUnavailable()
              throw new DatabaseUnavailableError(error)
            }
            throw error
          },
        )
      },
      release(destroy?: boolean) {
        client.release(destroy || broken || undefined)
      },
    }
    const proxied = wrapper as unknown as pg.PoolClient
    this.wrapped.set(client, proxied)
    return proxied
  }

  /** A connection failed: probe at once; if the server does not answer, it is down. */
  private failed(error: unknown) {
    if (this.closed || !this.available) return
    if (!isConnectionFailure(error)) {
      this.logger.warn('database client error', { error: errorMessage(error) })
    }
    void this.check()
  }

  /** Probes the server with a fresh connection; marks it down (or up) by the answer. */
  check(): Promise<boolean> {
    this.probing ??= this.probe().then((ok) => {
      this.probing = null
      if (ok) this.markUp()
      else this.markDown()
      return ok
    })
    return this.probing
  }

  private async probe(): Promise<boolean> {
    if (this.closed) return true
    const started = performance.now()
    const client = new pg.Client({
      ...this.probeConfig,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
    })
    client.on('error', () => {})
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('probe timeout expired')), PROBE_TIMEOUT_MS)
      })
      await Promise.race([client.connect().then(() => client.query('select 1')), timedOut])
      return true
    } catch (error) {
      this.lastProbeError = errorMessage(error)
      // The server answered the pool meanwhile: it is there (only while it is marked up; once
      // down, no pool query runs and the probe alone decides).
      return this.available && this.lastAnswerAt >= started
    } finally {
      clearTimeout(timer)
      client.end().catch(() => {})
    }
  }

  private markDown() {
    if (this.closed || !this.available) return
    this.available = false
    this.logger.warn('database unavailable: requests answer 503 until it returns', { error: this.lastProbeError })
    const error = new DatabaseUnavailableError()
    for (const reject of this.waiting) reject(error)
    this.waiting.clear()
    // Connections to a frozen or vanished server would hang or fail later: end them now, so
    // their transactions roll back and the pool starts afresh when the server returns.
    for (const client of this.clients)
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy()
    this.timer ??= setInterval(() => void this.check(), PROBE_INTERVAL_MS)
    this.timer.unref()
  }

  private markUp() {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    if (this.available) return
    this.available = true
    this.logger.info('database available again')
  }

  /** Stops probing first, so the pool's own closing is never taken for the server going away. */
  async end() {
    this.closed = true
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.pool.end()
  }
}
