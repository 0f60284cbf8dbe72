import { setTimeout as sleep } from 'node:timers/promises'

/**
 * The share of one thread's time that background work (backfills, files made ahead) may take
 * while the site serves: a quarter. Measured with `npm run bench:jobs -- --mixed` (decision 98).
 */
export const BACKGROUND_DUTY = 0.25

/**
 * Paces a loop of background steps to `duty` of one thread's time: after a step that took t ms,
 * a pause of t x (1 - duty) / duty. A step slowed down by a busy machine is followed by a longer
 * pause, so the work gives way to serving by itself, and runs faster on an idle machine.
 * A duty of 1 never pauses (a command run by hand). The pause ends early when `signal` aborts.
 */
export function createPacer(duty: number, signal?: AbortSignal) {
  if (!(duty > 0 && duty <= 1)) throw new RangeError(`A duty is a share of time, over 0 and at most 1: ${duty}`)
  return async function paced<T>(step: () => Promise<T>): Promise<T> {
    const started = performance.now()
    const result = await step()
    const pause = ((performance.now() - started) * (1 - duty)) / duty
    if (pause > 0) await sleep(pause, undefined, { signal }).catch(() => {})
    return result
  }
}
