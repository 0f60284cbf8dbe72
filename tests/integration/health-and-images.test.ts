import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset } from '#db/seed/factories'
import { loader as images } from '~/routes/images'
import { servicesContext } from '~/web/context.server'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

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
