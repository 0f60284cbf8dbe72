import { errorMessage } from '~/lib/errors'
import { log } from './log.server'

// Rows written in batches a moment after they are added, so the request that adds one (a
// search, a view) never waits for the database: one insert of many rows each second, or at
// once when a batch is full. Shutdown (and a test) writes what is still waiting.

export interface Batcher<Row> {
  add(row: Row): void
  /** Writes every row added so far. */
  flush(): Promise<void>
}

const batchers = new Set<Batcher<never>>()

export function createBatcher<Row>(
  name: string,
  write: (rows: Row[]) => Promise<void>,
  options: { maxRows?: number; delayMs?: number } = {},
): Batcher<Row> {
  const maxRows = options.maxRows ?? 500
  const delayMs = options.delayMs ?? 1_000
  let waiting: Row[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let writing: Promise<void> = Promise.resolve()

  const flush = (): Promise<void> => {
    clearTimeout(timer)
    timer = undefined
    const rows = waiting
    waiting = []
    if (rows.length > 0) {
      // One write at a time, in order; a failure is logged and its rows dropped (analytics
      // must never take a page down).
      writing = writing.then(() =>
        write(rows).catch((error: unknown) =>
          log.warn(`${name} not written`, { rows: rows.length, error: errorMessage(error) }),
        ),
      )
    }
    return writing
  }
  const batcher: Batcher<Row> = {
    add(row) {
      waiting.push(row)
      if (waiting.length >= maxRows) void flush()
      else if (!timer) {
        timer = setTimeout(() => void flush(), delayMs)
        // A waiting batch never keeps the process alive; shutdown flushes it.
        timer.unref?.()
      }
    },
    flush,
  }
  batchers.add(batcher as Batcher<never>)
  return batcher
}

/** Writes what every batcher still holds (shutdown, tests). */
export async function flushBatches(): Promise<void> {
  await Promise.all([...batchers].map((b) => b.flush()))
}
