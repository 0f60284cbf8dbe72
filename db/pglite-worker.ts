// Embedded PGlite runs Postgres compiled to WebAssembly, and every call into it is synchronous:
// creating a data folder (initdb) holds the thread for seconds, more on a loaded machine, and
// so does each query while it runs. On the server's own thread that leaves every request
// unanswered meanwhile, the start-up page included. So PGlite lives in a worker thread, and
// the server talks to it by messages through the small part of its interface Kysely uses.
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/** What Kysely's PGliteDialect calls (its `PGlite` interface). */
export interface PGliteLike {
  readonly closed: boolean
  readonly ready: boolean
  readonly waitReady: Promise<void>
  query<T>(
    sql: string,
    params?: unknown[],
    options?: { rowMode?: 'array' | 'object' },
  ): Promise<{ rows: T[]; affectedRows?: number; fields: { name: string; dataTypeID: number }[] }>
  /** Several statements without parameters (the job queue's schema and locked blocks). */
  exec(sql: string): Promise<{ rows: Record<string, unknown>[] }[]>
  transaction<T>(callback: (tx: PGliteTxLike) => Promise<T>): Promise<T>
  close(): Promise<void>
}

interface PGliteTxLike {
  query: PGliteLike['query']
  rollback(): Promise<void>
}

/** Types read into plain values: int8 (counts, sums) as numbers, `date` as its 'YYYY-MM-DD' text. */
const INT8 = 20
const DATE = 1082

// CommonJS, evaluated by the worker: it is not bundled, so the server build, tsx and vitest run
// the same code, and it loads PGlite by the absolute paths the host resolved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { mkdirSync } = require('node:fs')
const { PGlite } = require(workerData.modules.pglite)
const { pg_trgm } = require(workerData.modules.pg_trgm)
const { cube } = require(workerData.modules.cube)

function plainError(error) {
  const out = { message: String(error && error.message || error), name: error && error.name || 'Error' }
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value
    }
  }
  return out
}

const opening = (async () => {
  if (workerData.dir) mkdirSync(workerData.dir, { recursive: true })
  return PGlite.create(workerData.dir, {
    extensions: { pg_trgm, cube },
    parsers: { ${INT8}: (value) => Number.parseInt(value, 10), ${DATE}: (value) => value },
  })
})()
opening.then(
  () => parentPort.postMessage({ id: 0, result: null }),
  (error) => parentPort.postMessage({ id: 0, error: plainError(error) }),
)

const transactions = new Map()

async function run(db, msg) {
  switch (msg.op) {
    case 'query': {
      const target = msg.tx ? transactions.get(msg.tx).tx : db
      const r = await target.query(msg.sql, msg.params, msg.options)
      return { rows: r.rows, affectedRows: r.affectedRows, fields: r.fields }
    }
    case 'exec': {
      const results = await db.exec(msg.sql)
      return results.map((r) => ({ rows: r.rows }))
    }
    case 'begin': {
      const entry = {}
      transactions.set(msg.tx, entry)
      await new Promise((began, failed) => {
        entry.done = db.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              Object.assign(entry, { tx, commit, rollback })
              began()
            }),
        )
        entry.done.catch(failed)
      })
      return null
    }
    case 'end': {
      const entry = transactions.get(msg.tx)
      transactions.delete(msg.tx)
      if (msg.commit) entry.commit()
      else entry.rollback(new Error('rolled back'))
      try {
        await entry.done
      } catch (error) {
        if (msg.commit) throw error
      }
      return null
    }
    case 'close':
      await db.close()
      return null
  }
}

parentPort.on('message', async (msg) => {
  try {
    const result = await run(await opening, msg)
    parentPort.postMessage({ id: msg.id, result })
  } catch (error) {
    parentPort.postMessage({ id: msg.id, error: plainError(error) })
  }
})
`

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } }

/** An error from the worker with its fields (code, constraint, detail...) as PGlite gave them. */
function revive(plain: Record<string, unknown> & { message: string }): Error {
  const error = new Error(plain.message)
  Object.assign(error, plain)
  return error
}

/** PGlite in a worker thread, opened (or created) in `dir`, or in memory without one. */
export function openPGliteInWorker(dir: string | undefined): PGliteLike {
  const require = createRequire(import.meta.url)
  const modules = {
    pglite: require.resolve('@electric-sql/pglite'),
    pg_trgm: require.resolve('@electric-sql/pglite/contrib/pg_trgm'),
    cube: require.resolve('@electric-sql/pglite/contrib/cube'),
  }
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { dir, modules } })
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let nextId = 1
  let nextTx = 1
  let closed = false
  let ready = false
  let failure: Error | null = null

  // The worker keeps the process alive only while an answer is awaited, so a command that
  // forgets to close the database still exits.
  const settle = (id: number) => {
    const waiter = pending.get(id)
    pending.delete(id)
    if (pending.size === 0) worker.unref()
    return waiter
  }
  worker.on('message', (reply: Reply) => {
    const waiter = settle(reply.id)
    if (reply.error) waiter?.reject(revive(reply.error))
    else waiter?.resolve(reply.result)
  })
  const fail = (error: Error) => {
    failure = error
    for (const id of [...pending.keys()]) settle(id)?.reject(error)
  }
  worker.on('error', fail)
  worker.on('exit', () => fail(failure ?? new Error('PGlite stopped.')))

  const call = <T>(message: Record<string, unknown>, id = nextId++): Promise<T> => {
    if (failure) return Promise.reject(failure)
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.ref()
      if (id !== 0) worker.postMessage({ ...message, id })
    })
  }
  // Message 0 is the worker's own: opened, or why not.
  const waitReady = call<void>({}, 0).then(() => {
    ready = true
  })
  waitReady.catch(() => {})

  const query =
    (tx?: number): PGliteLike['query'] =>
    (sql, params, options) =>
      call({ op: 'query', sql, params, options, tx })

  return {
    get closed() {
      return closed
    },
    get ready() {
      return ready
    },
    waitReady,
    query: query(),
    exec: (sql) => call({ op: 'exec', sql }),
    async transaction(callback) {
      const tx = nextTx++
      await call({ op: 'begin', tx })
      let value: Awaited<ReturnType<typeof callback>>
      try {
        value = await callback({
          query: query(tx),
          rollback: async () => {
            throw new Error('rolled back')
          },
        })
      } catch (error) {
        await call({ op: 'end', tx, commit: false })
        throw error
      }
      await call({ op: 'end', tx, commit: true })
      return value
    },
    async close() {
      if (closed) return
      closed = true
      await call({ op: 'close' }).catch(() => {})
      await worker.terminate()
    },
  }
}
