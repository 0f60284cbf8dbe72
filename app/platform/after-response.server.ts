import { errorMessage } from '~/lib/errors'
import { log } from './log.server'

// Work a request starts and does not wait for, so the answer takes the same time whatever the
// work finds (a password reset for an address with an account or without one). A failure is
// logged; shutting down (and a test) waits for what is still running.
const running = new Set<Promise<void>>()

export function afterResponse(name: string, task: () => Promise<void>): void {
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((error: unknown) => log.error(`${name} failed`, { error: errorMessage(error) }))
    .finally(() => running.delete(run))
  running.add(run)
}

/** Resolves once every task started so far (and any they started) has ended. */
export async function settleAfterResponse(): Promise<void> {
  while (running.size) await Promise.all(running)
}
