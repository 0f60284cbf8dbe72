import type { AddressInfo } from 'node:net'
import path from 'node:path'
import sharp from 'sharp'
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase } from '#db/client'
import { createApp, type StartupState } from '../../server/app'
import { createTestContext, type TestContext } from '../support/context'

// The Express app's own answers: liveness, readiness and the start-up gate in front of
// React Router, through real HTTP.
describe('the server in front of React Router', () => {
  let t: TestContext
  let server: Server
  let base: string
  const state: StartupState = { services: null, progress: { phase: 'connecting' }, stopping: false }

  beforeAll(async () => {
    t = await createTestContext()
    const app = createApp({ config: t.config, state })
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s))
    })
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await t.close()
  })

  it('while preparing: live, not ready, pages 503 with progress that refreshes itself, API 503 JSON', async () => {
    state.services = null
    state.progress = { phase: 'seeding', done: 12, total: 160 }
    const live = await fetch(`${base}/healthz`)
    expect(live.status).toBe(200)
    expect(await live.json()).toEqual({ status: 'ok', ready: false, database: 'starting' })

    const ready = await fetch(`${base}/readyz`)
    expect(ready.status).toBe(503)
    expect((await ready.json()).status).toBe('starting')

    const page = await fetch(`${base}/explore?q=robot`)
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('5')
    const html = await page.text()
    expect(html).toContain('Preparing the demo catalogue: 12 of 160')
    expect(html).toMatch(/<meta http-equiv="refresh" content="\d+">/)

    const api = await fetch(`${base}/api/assets`)
    expect(api.status).toBe(503)
    expect(api.headers.get('content-type')).toContain('application/json')
    expect((await api.json()).error).toContain('12 of 160')
  })

  it('once ready: ready while the database answers, 503 when it does not', async () => {
    state.services = t.services
    state.progress = { phase: 'ready' }
    const ready = await fetch(`${base}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready' })
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok', ready: true, database: 'available' })

    const dead = createDatabase({ url: 'postgres://postgres@127.0.0.1:1/none' })
    state.services = { ...t.services, db: dead }
    const down = await fetch(`${base}/readyz`)
    expect(down.status).toBe(503)
    expect((await down.json()).database).toBe('not answering')
    // Liveness stays green (a restart would not help) and says what it knows.
    const live = await fetch(`${base}/healthz`)
    expect(live.status).toBe(200)
    expect((await live.json()).database).toBe('unavailable')
    await dead.destroy()
    state.services = t.services
  })

  it('turns unready once stopping, so a load balancer drains it', async () => {
    state.stopping = true
    expect((await fetch(`${base}/readyz`)).status).toBe(503)
    state.stopping = false
  })
})

describe('the static files', () => {
  it('/favicon.ico is an icon: an ICO holding a 32x32 PNG', async () => {
    const t = await createTestContext()
    const state: StartupState = { services: null, progress: { phase: 'connecting' }, stopping: false }
    // public/ is what the build copies to build/client, which the server serves.
    const app = createApp({ config: t.config, state, clientDir: path.resolve(import.meta.dirname, '../../public') })
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s))
    })
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/favicon.ico`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/)
      const bytes = Buffer.from(await res.arrayBuffer())
      // ICONDIR: reserved 0, type 1 (icon), one image; its entry: 32x32, the PNG at offset 22.
      expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 1])
      expect([bytes[6], bytes[7]]).toEqual([32, 32])
      const offset = bytes.readUInt32LE(18)
      const png = bytes.subarray(offset, offset + bytes.readUInt32LE(14))
      const meta = await sharp(png).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 32, 32])
    } finally {
      await new Promise((resolve) => server.close(resolve))
      await t.close()
    }
  })
})
