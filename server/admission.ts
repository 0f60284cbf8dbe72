// Admission control for page renders (decision 94). A React render is CPU from end to end; with
// 40 of them interleaved on two cores each one takes 40 times as long, the event loop answers
// nothing else meanwhile (page-cache hits, the API, the database monitor's probe), and memory
// and garbage collection grow with them. At most `limit` pages render at once; the rest wait
// their turn in arrival order, and a request whose client has gone leaves the queue unserved.
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'

export interface RenderGate {
  /** Runs `work` once a slot is free; the slot is free again when its promise settles. */
  run<T>(work: () => Promise<T>): Promise<T>
  /** Holds a slot for an Express response until it is sent (or its connection closes). */
  middleware(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void
  /** Renders under way and requests waiting (for tests and the status page). */
  readonly active: number
  readonly waiting: number
}

/** `limit` 0 means no cap: every request renders at once, as before. */
export function createRenderGate(limit: number): RenderGate {
  let active = 0
  const queue: (() => void)[] = []

  const release = () => {
    const nextUp = queue.shift()
    // The slot passes straight to the next in line, so `active` never dips and lets a newcomer jump.
    if (nextUp) nextUp()
    else active--
  }
  const acquire = (start: () => void, gone?: (leave: () => void) => void) => {
    if (limit <= 0) return start()
    if (active < limit) {
      active++
      return start()
    }
    queue.push(start)
    gone?.(() => {
      const at = queue.indexOf(start)
      if (at >= 0) queue.splice(at, 1)
    })
  }

  return {
    run<T>(work: () => Promise<T>) {
      if (limit <= 0) return work()
      return new Promise<T>((resolve, reject) => {
        acquire(() => {
          let done: Promise<T>
          try {
            done = work()
          } catch (error) {
            done = Promise.reject(error)
          }
          // The slot is free before the caller carries on.
          done.then(
            (value) => {
              release()
              resolve(value)
            },
            (error: unknown) => {
              release()
              reject(error)
            },
          )
        })
      })
    },
    middleware(_req, res, next) {
      if (limit <= 0) return next()
      acquire(
        () => {
          // Gone while it waited (its close came before the queue could drop it): nothing to render.
          if (res.destroyed || res.writableEnded) return release()
          let released = false
          const free = () => {
            if (released) return
            released = true
            release()
          }
          res.once('finish', free)
          res.once('close', free)
          next()
        },
        (leave) => res.once('close', leave),
      )
    },
    get active() {
      return active
    },
    get waiting() {
      return queue.length
    },
  }
}
