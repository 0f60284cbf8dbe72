import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, migrateToLatest, type DB } from '#db/client'
import { makeAsset } from '../support/factories'
import { createLocalStorage } from '~/platform/storage.server'
import { startBuiltServer, waitForStatus, type BuiltServerProcess } from '../support/built-server'
import { createScratchDatabase, isReachable, serverUrl } from '../support/database-url'

// Searches served from the anonymous page cache (server/page-cache.ts) never reach the explore
// loader: the cache keeps the page's search beside it and the server counts each hit
// (decision 90). On the built server, as it runs in production.
const usePostgres = await isReachable(serverUrl())

describe.skipIf(!usePostgres)('searches served from the page cache count', () => {
  let server: BuiltServerProcess
  let db: DB
  let storageDir: string
  let dropDb: () => Promise<void>
  let url: string

  beforeAll(async () => {
    const scratch = await createScratchDatabase('stock_searchcache')
    dropDb = scratch.drop
    url = scratch.url
    db = createDatabase({ url })
    await migrateToLatest(db)
    storageDir = mkdtempSync(path.join(tmpdir(), 'stock-searchcache-'))
    server = startBuiltServer({
      NODE_ENV: 'production',
      SESSION_SECRET: 'search-cache-secret-search-cache-secret',
      DATABASE_URL: url,
    })
    await waitForStatus(`${server.base}/readyz`, 200)
  }, 90_000)
  afterAll(async () => {
    await server?.stop()
    await db?.destroy()
    await dropDb?.()
    if (storageDir) rmSync(storageDir, { recursive: true, force: true })
  })

  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36' }
  // Redirects are not followed: the next page of a one-page search redirects to its first.
  const get = (target: string, headers: Record<string, string> = browser, method = 'GET') =>
    fetch(`${server.base}${target}`, { headers, method, redirect: 'manual' })
  const rows = (query: string) =>
    db.selectFrom('search_events').selectAll().where('query', '=', query).orderBy('id').execute()
  /** Waits for the server's batch (written within a second or so) to hold `count` rows. */
  async function eventually(query: string, count: number) {
    const started = Date.now()
    for (;;) {
      const found = await rows(query)
      if (found.length >= count || Date.now() - started > 8_000) return found
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  it('every visitor served the cached page is a search, with the result count of the render', async () => {
    const word = `zq${randomUUID().replaceAll('-', '').slice(0, 8)}`
    await makeAsset(db, createLocalStorage(storageDir), { title: `Cached Kettle ${word}` })
    const target = `/explore?q=${word.toUpperCase()}`
    expect((await get(target)).headers.get('x-page-cache')).toBe('miss')
    for (let i = 0; i < 3; i++) expect((await get(target)).headers.get('x-page-cache')).toBe('hit')
    // Not searches: a crawler, a HEAD, the next page, and the same search asked from its own page.
    expect(
      (await get(target, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).headers.get(
        'x-page-cache',
      ),
    ).toBe('hit')
    expect((await get(target, browser, 'HEAD')).headers.get('x-page-cache')).toBe('hit')
    await get(`${target}&page=2`)
    await get(`${target}&page=2`)
    expect(
      (await get(target, { ...browser, referer: `${server.base}/explore?q=${word}&sort=newest` })).headers.get(
        'x-page-cache',
      ),
    ).toBe('hit')
    const found = await eventually(word, 4)
    // Wait a little longer: nothing more may arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect((await rows(word)).map((r) => [r.result_count, r.source])).toEqual([
      [1, 'page'],
      [1, 'page'],
      [1, 'page'],
      [1, 'page'],
    ])
    expect(found).toHaveLength(4)
  })

  it('a search still waiting in its batch is written at shutdown', async () => {
    const word = `zq${randomUUID().replaceAll('-', '').slice(0, 8)}`
    const res = await get(`/api/assets?search=${word}`, { 'user-agent': 'curl/8.5.0' })
    expect(res.status).toBe(200)
    expect(await server.stop()).toBe(0)
    expect((await rows(word)).map((r) => [r.result_count, r.source])).toEqual([[0, 'api']])
  })
})
