import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { makeAsset } from '../support/factories'
import { cachedForCatalogue } from '~/domain/catalogue/catalogue-cache.server'
import { categoryCounts, topTags } from '~/domain/catalogue/search.server'
import { loader as tagsApi } from '~/routes/api/assets-tags'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

// Tag and category counts read the whole catalogue (seconds at a million assets): they are
// recounted only when the catalogue changed. Their thumbnails follow the download counts,
// which do not move the catalogue version: once a minute they alone are read again.

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
}, 60_000)
afterAll(() => t.close())
afterEach(() => {
  vi.useRealTimers()
})

/** Moves this process's clock on (only Date: the database's timers stay real). */
function later(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + ms)
}

/** Asks until the answer satisfies `check` (a stale answer starts the background check). */
async function until<T>(ask: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await ask()
    if (check(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('the cached value never changed')
}

describe('the catalogue cache', () => {
  it('after a minute without a catalogue change refreshes (no recount); after a change recounts', async () => {
    const key = `test:${randomUUID()}`
    const calls = { compute: 0, refresh: 0 }
    const ask = () =>
      cachedForCatalogue(
        t.db,
        key,
        async () => `counted ${++calls.compute}`,
        async (previous) => `${previous}, refreshed ${++calls.refresh}`,
      )
    expect(await ask()).toBe('counted 1')
    expect(await ask()).toBe('counted 1')

    later(61_000)
    expect(await until(ask, (v) => v !== 'counted 1')).toBe('counted 1, refreshed 1')
    expect(calls.compute).toBe(1)

    // Another instance's write: only the database knows.
    await sql`update catalogue_version set version = version + 1`.execute(t.db)
    later(6_000)
    expect(await until(ask, (v) => v.startsWith('counted 2'))).toBe('counted 2')
    expect(calls.refresh).toBe(1)
  })

  it("a tag's and a category's thumbnail follow the downloads within a minute, with the counts unchanged", async () => {
    const tag = `thumbs${randomUUID().slice(0, 6)}`
    const category = `Thumbs ${randomUUID().slice(0, 6)}`
    const first = await makeAsset(t.db, t.storage, { title: 'First', tags: [tag], category })
    const second = await makeAsset(t.db, t.storage, { title: 'Second', tags: [tag], category })
    await sql`update assets set download_count = case when id = ${first.id} then 5 else 1 end where id in (${first.id}, ${second.id})`.execute(
      t.db,
    )
    const tagOf = async () => (await topTags(t.db, 100_000)).find((x) => x.tag === tag)
    const categoryOf = async () => (await categoryCounts(t.db)).find((x) => x.category === category)
    // Counted after the writes above (a write of this process clears the cache).
    await sql`update catalogue_version set version = version + 1`.execute(t.db)
    later(6_000)
    const thumbOf = (asset: { thumb_png_key: string | null }) => (asset.thumb_png_key ?? '').replace(/^public\//, '')
    expect((await until(tagOf, (x) => x?.thumbnail.endsWith(thumbOf(first)) ?? false))?.count).toBe(2)
    expect((await until(categoryOf, (x) => x?.thumbnail.endsWith(thumbOf(first)) ?? false))?.count).toBe(2)

    // Downloads move no catalogue version.
    await sql`update assets set download_count = 50 where id = ${second.id}`.execute(t.db)
    later(61_000)
    const tagNow = await until(tagOf, (x) => x?.thumbnail.endsWith(thumbOf(second)) ?? false)
    const categoryNow = await until(categoryOf, (x) => x?.thumbnail.endsWith(thumbOf(second)) ?? false)
    expect(tagNow?.count).toBe(2)
    expect(categoryNow?.count).toBe(2)
  })

  it("GET /api/assets/tags: the most used tag's thumbnail follows the downloads within a minute", async () => {
    type Tags = { tags: { tag: string; count: number; thumbnail: string }[] }
    const api = async () => {
      const request = makeRequest('/api/assets/tags')
      const response = (await callRoute(tagsApi, { request, context: t.routerContext() })) as Response
      return ((await response.json()) as Tags).tags
    }
    // Other test files share this database, so the tag is whichever leads; two assets join it.
    const tag = (await api())[0]?.tag
    expect(tag).toBeDefined()
    const first = await makeAsset(t.db, t.storage, { title: 'First joining', tags: [tag!] })
    const second = await makeAsset(t.db, t.storage, { title: 'Second joining', tags: [tag!] })
    const thumbOf = (asset: { thumb_png_key: string | null }) => (asset.thumb_png_key ?? '').replace(/^public\//, '')
    const shown = async () => (await api()).find((x) => x.tag === tag)?.thumbnail ?? ''
    // Their download counts lead the tag; put back after, for the files sharing this database.
    try {
      await sql`update assets set download_count = 2000000 where id = ${first.id}`.execute(t.db)
      await sql`update catalogue_version set version = version + 1`.execute(t.db)
      later(6_000)
      expect(await until(shown, (x) => x.endsWith(thumbOf(first)))).toContain(thumbOf(first))

      // Downloads move no catalogue version: the thumbnail follows them at the minute's refresh.
      await sql`update assets set download_count = 3000000 where id = ${second.id}`.execute(t.db)
      later(61_000)
      expect(await until(shown, (x) => x.endsWith(thumbOf(second)))).toContain(thumbOf(second))
    } finally {
      await sql`update assets set download_count = 0 where id in (${first.id}, ${second.id})`.execute(t.db)
    }
  })
})
