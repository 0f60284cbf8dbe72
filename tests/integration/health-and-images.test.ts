import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RouterContextProvider } from 'react-router'
import { createDatabase } from '#db/client'
import { makeAsset } from '#db/seed/factories'
import { loader as healthz } from '~/routes/healthz'
import { loader as images } from '~/routes/images'
import { servicesContext } from '~/services.server'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

describe('GET /healthz', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await createTestContext()
  })
  afterAll(() => t.close())

  it('answers 200 {status:"ok"} when the database answers', async () => {
    const res = (await callRoute(healthz, { request: makeRequest('/healthz'), context: t.routerContext() })) as Response
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  it('answers 503 when the database does not', async () => {
    const dead = createDatabase({ url: 'postgres://postgres@127.0.0.1:1/none' })
    const context = new RouterContextProvider()
    context.set(servicesContext, { ...t.services, db: dead })
    const res = (await callRoute(healthz, { request: makeRequest('/healthz'), context })) as Response
    expect(res.status).toBe(503)
    expect((await res.json()).status).not.toBe('ok')
    await dead.destroy()
  })
})

describe('GET /images/*', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await createTestContext()
  })
  afterAll(() => t.close())

  it('serves public derivatives with immutable cache headers', async () => {
    const asset = await makeAsset(t.db, t.storage)
    const key = asset.thumb_key!.replace(/^public\//, '')
    const res = (await callRoute(images, { request: makeRequest(`/images/${key}`), params: { '*': key }, context: t.routerContext() })) as Response
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toContain('immutable')
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100)
  })

  it('never serves an original, even by its exact key', async () => {
    const asset = await makeAsset(t.db, t.storage)
    for (const guess of [asset.original_key, `../${asset.original_key}`, asset.original_key.replace('originals/', '')]) {
      const res = (await callRoute(images, { request: makeRequest(`/images/${guess}`), params: { '*': guess }, context: t.routerContext() })) as Response
      expect(res.status, guess).toBe(404)
    }
  })
})
