import { EventEmitter } from 'node:events'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { describe, expect, it } from 'vitest'
import { createRenderGate } from '../../server/admission'
import { coalesceFlushes } from '../../server/guards'

// The render gate (decision 94): at most `limit` renders at once, the rest in arrival order.

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

const tick = () => new Promise((r) => setImmediate(r))

/** Enough of an Express response for the gate: its events and whether it is over. */
function fakeResponse() {
  const res = new EventEmitter() as EventEmitter & { destroyed: boolean; writableEnded: boolean }
  res.destroyed = false
  res.writableEnded = false
  return res
}
const asRes = (res: ReturnType<typeof fakeResponse>) => res as unknown as ExpressResponse
const req = {} as ExpressRequest

describe('render gate', () => {
  it('runs at most `limit` at once, the rest in arrival order', async () => {
    const gate = createRenderGate(2)
    const jobs = [deferred(), deferred(), deferred(), deferred()]
    const started: number[] = []
    const done = jobs.map((job, i) =>
      gate.run(async () => {
        started.push(i)
        await job.promise
        return i
      }),
    )
    await tick()
    expect(started).toEqual([0, 1])
    expect(gate.active).toBe(2)
    expect(gate.waiting).toBe(2)
    jobs[1]!.resolve()
    await tick()
    expect(started).toEqual([0, 1, 2])
    jobs[0]!.resolve()
    jobs[2]!.resolve()
    jobs[3]!.resolve()
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3])
    expect(gate.active).toBe(0)
    expect(gate.waiting).toBe(0)
  })

  it('frees the slot when a render fails', async () => {
    const gate = createRenderGate(1)
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(
      gate.run(() => {
        throw new Error('sync')
      }),
    ).rejects.toThrow('sync')
    expect(await gate.run(async () => 'next')).toBe('next')
    expect(gate.active).toBe(0)
  })

  it('holds a response until it is sent; a client gone while waiting leaves the queue', async () => {
    const gate = createRenderGate(1)
    const first = fakeResponse()
    const gone = fakeResponse()
    const third = fakeResponse()
    const passed: string[] = []
    gate.middleware(req, asRes(first), () => passed.push('first'))
    gate.middleware(req, asRes(gone), () => passed.push('gone'))
    gate.middleware(req, asRes(third), () => passed.push('third'))
    expect(passed).toEqual(['first'])
    expect(gate.waiting).toBe(2)
    gone.destroyed = true
    gone.emit('close')
    expect(gate.waiting).toBe(1)
    first.writableEnded = true
    first.emit('finish')
    first.emit('close')
    expect(passed).toEqual(['first', 'third'])
    expect(gate.active).toBe(1)
    third.emit('close')
    expect(gate.active).toBe(0)
  })

  it('0 is no cap', async () => {
    const gate = createRenderGate(0)
    const passed: number[] = []
    for (let i = 0; i < 50; i++) gate.middleware(req, asRes(fakeResponse()), () => passed.push(i))
    expect(passed).toHaveLength(50)
  })
})

describe('coalesceFlushes', () => {
  it('makes the flushes asked for in one turn of the event loop one, and none after the end', async () => {
    let flushed = 0
    const res = Object.assign(fakeResponse(), { flush: () => flushed++ })
    coalesceFlushes(req, asRes(res), () => {})
    for (let i = 0; i < 40; i++) res.flush()
    expect(flushed).toBe(0)
    await tick()
    expect(flushed).toBe(1)
    res.flush()
    res.writableEnded = true
    await tick()
    expect(flushed).toBe(1)
  })
})
