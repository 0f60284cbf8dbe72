import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset } from '../support/factories'
import { createTestContext, type TestContext } from '../support/context'
import { startImagesServer } from '../support/images-server'

describe('GET /images/* (server/images.ts, outside React Router)', () => {
  let t: TestContext
  let images: Awaited<ReturnType<typeof startImagesServer>>
  beforeAll(async () => {
    t = await createTestContext()
    images = await startImagesServer(t.storage)
  })
  afterAll(async () => {
    await images.close()
    await t.close()
  })

  it('serves public derivatives with immutable cache headers and an ETag', async () => {
    const asset = await makeAsset(t.db, t.storage)
    const key = asset.thumb_key!.replace(/^public\//, '')
    const res = await images.fetch(`/images/${key}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const etag = res.headers.get('etag')
    expect(etag).toMatch(/^".+"$/)
    const bytes = (await res.arrayBuffer()).byteLength
    expect(bytes).toBeGreaterThan(100)
    expect(Number(res.headers.get('content-length'))).toBe(bytes)

    // A browser revalidating gets 304 without the bytes.
    const again = await images.fetch(`/images/${key}`, { headers: { 'If-None-Match': etag! } })
    expect(again.status).toBe(304)
    expect((await again.arrayBuffer()).byteLength).toBe(0)
  })

  it('never serves an original, even by its exact key', async () => {
    const asset = await makeAsset(t.db, t.storage)
    for (const guess of [
      asset.original_key,
      `../${asset.original_key}`,
      asset.original_key.replace('originals/', ''),
      `%2e%2e/${asset.original_key}`,
      '%E0%A4%A',
    ]) {
      const res = await images.fetch(`/images/${guess}`)
      expect(res.status, guess).toBe(404)
    }
  })
})
