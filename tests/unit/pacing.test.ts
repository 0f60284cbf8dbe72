import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { createPacer } from '~/platform/pacing.server'

const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now()
  await work()
  return performance.now() - started
}

describe('background work paced to a share of the time', () => {
  it('pauses after each step for as long as the duty leaves: a quarter means three times the step', async () => {
    const paced = createPacer(0.25)
    let result: string | undefined
    const took = await timed(async () => {
      result = await paced(async () => {
        await sleep(40)
        return 'done'
      })
    })
    expect(result).toBe('done')
    // 40 ms of work, then 120 ms of pause (timers may fire a millisecond early).
    expect(took).toBeGreaterThanOrEqual(155)
  })

  it('a longer step is followed by a longer pause (a busy machine slows the work down)', async () => {
    const paced = createPacer(0.5)
    const short = await timed(() => paced(() => sleep(20)))
    const long = await timed(() => paced(() => sleep(80)))
    expect(short).toBeGreaterThanOrEqual(38)
    expect(long).toBeGreaterThanOrEqual(158)
  })

  it('a stop ends the pause at once', async () => {
    const stop = new AbortController()
    const paced = createPacer(0.01, stop.signal)
    setTimeout(() => stop.abort(), 100)
    // 20 ms of work would be followed by about 2 s of pause.
    expect(await timed(() => paced(() => sleep(20)))).toBeLessThan(1_500)
  })

  it('refuses a duty that is not a share of the time', () => {
    expect(() => createPacer(0)).toThrow(RangeError)
    expect(() => createPacer(1.5)).toThrow(RangeError)
  })
})
