import { createHash, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createDatabase, migrateToLatest, type DB } from '#db/client'
import { makeAsset, makeUser } from '../support/factories'
import { deleteAssets, setPublished, updateAsset } from '~/domain/catalogue/assets.server'
import { createSession } from '~/domain/accounts/sessions.server'
import { createLocalStorage, type Storage } from '~/platform/storage.server'
import { startBuiltServer, waitForStatus, type BuiltServerProcess } from '../support/built-server'
import { createScratchDatabase, isReachable, serverUrl } from '../support/database-url'

// The anonymous page cache of the built server (server/page-cache.ts). This test process
// writes to the database directly, as another app instance would: the server only learns of
// the change through the catalogue version, which it re-reads every 2 s (the default).
const usePostgres = await isReachable(serverUrl())

describe.skipIf(!usePostgres)('anonymous pages from the shared cache', () => {
  let server: BuiltServerProcess
  let db: DB
  let storage: Storage
  let storageDir: string
  let dropDb: () => Promise<void>

  beforeAll(async () => {
    const scratch = await createScratchDatabase('stock_pagecache')
    dropDb = scratch.drop
    db = createDatabase({ url: scratch.url })
    await migrateToLatest(db)
    storageDir = mkdtempSync(path.join(tmpdir(), 'stock-pagecache-'))
    storage = createLocalStorage(storageDir)
    server = startBuiltServer({
      NODE_ENV: 'production',
      SESSION_SECRET: 'page-cache-secret-page-cache-secret',
      DATABASE_URL: scratch.url,
      // The page cache adds no wait of its own to the shared results' reading of the version.
      PAGE_CACHE_CHECK_MS: '0',
    })
    await waitForStatus(`${server.base}/readyz`, 200)
  }, 90_000)
  afterAll(async () => {
    await server?.stop()
    await db?.destroy()
    await dropDb?.()
    if (storageDir) rmSync(storageDir, { recursive: true, force: true })
  })

  // The server reads the catalogue version at most every second: the previous test's asset
  // writes are seen by then, so a page cached at the start of a test stays a hit.
  beforeEach(() => new Promise((resolve) => setTimeout(resolve, 1_100)))

  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${server.base}${url}`, { headers })
  /** Polls until the page satisfies `ok`; resolves with the milliseconds it took. */
  async function within10s(url: string, ok: (res: Response, html: string) => boolean): Promise<number> {
    const started = Date.now()
    for (;;) {
      const res = await get(url)
      if (ok(res, await res.text())) return Date.now() - started
      if (Date.now() - started > 10_000) throw new Error(`${url} did not change within 10 s`)
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }

  it('serves home, explore and asset pages from the cache, with a short CDN lifetime', async () => {
    const asset = await makeAsset(db, storage, { title: `Cached Lamp ${randomUUID().slice(0, 6)}` })
    for (const url of ['/', '/explore?q=lamp', `/assets/${asset.id}`]) {
      await get(url)
      const again = await get(url)
      expect(again.status, url).toBe(200)
      expect(again.headers.get('x-page-cache'), url).toBe('hit')
      expect(again.headers.get('cache-control'), url).toBe('public, max-age=0, s-maxage=5')
      expect(again.headers.get('vary'), url).toContain('Cookie')
    }
  })

  it('shows a new, edited, unpublished, republished and deleted asset within 10 s', async () => {
    const word = `zq${randomUUID().slice(0, 6).replace(/-/g, '')}`
    const explore = `/explore?q=${word}`
    await get(explore)
    expect((await get(explore)).headers.get('x-page-cache')).toBe('hit')

    const asset = await makeAsset(db, storage, { title: `Brand New ${word}` })
    expect(await within10s(explore, (_, html) => html.includes(`Brand New ${word}`))).toBeLessThan(10_000)

    const page = `/assets/${asset.id}`
    await get(page)
    await updateAsset(db, asset.id, { title: `Edited Title ${word}` }, null)
    expect(await within10s(page, (_, html) => html.includes(`Edited Title ${word}`))).toBeLessThan(10_000)

    await setPublished(db, [asset.id], false, null)
    expect(await within10s(explore, (_, html) => !html.includes(`Edited Title ${word}`))).toBeLessThan(10_000)
    await setPublished(db, [asset.id], true, null)
    expect(await within10s(explore, (_, html) => html.includes(`Edited Title ${word}`))).toBeLessThan(10_000)

    await get(page)
    await deleteAssets(db, storage, [asset.id])
    expect(await within10s(page, (res) => res.status === 404)).toBeLessThan(10_000)
    expect(await within10s(explore, (_, html) => !html.includes(`Edited Title ${word}`))).toBeLessThan(10_000)
  }, 60_000)

  it('counts a view served from the cache like a rendered one (decision 91), and not a crawler view', async () => {
    const asset = await makeAsset(db, storage, { title: `Counted Vase ${randomUUID().slice(0, 6)}` })
    const browser = {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    }
    const dialog = `/explore?q=Vase&assetId=${asset.id}`
    const first = await get(dialog, browser)
    const second = await get(dialog, browser)
    expect(second.headers.get('x-page-cache')).toBe('hit')
    expect((await get(dialog, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).status).toBe(200)
    await get(`/assets/${asset.id}`, browser)
    const cachedPage = await get(`/assets/${asset.id}`, { ...browser, referer: `${server.base}/explore?q=blue+vase` })
    expect(cachedPage.headers.get('x-page-cache')).toBe('hit')
    expect([first.status, second.status]).toEqual([200, 200])
    const counted = async () =>
      db
        .selectFrom('asset_events')
        .select(['kind', 'search_query'])
        .where('asset_id', '=', asset.id)
        .orderBy('kind')
        .orderBy('search_query')
        .execute()
    const started = Date.now()
    while ((await counted()).length < 4 && Date.now() - started < 10_000)
      await new Promise((resolve) => setTimeout(resolve, 250))
    expect(await counted()).toEqual([
      { kind: 'dialog_view', search_query: 'vase' },
      { kind: 'dialog_view', search_query: 'vase' },
      { kind: 'page_view', search_query: 'blue vase' },
      { kind: 'page_view', search_query: null },
    ])
  }, 30_000)

  it('never serves or stores signed-in pages', async () => {
    const user = await makeUser(db, { fullName: `Signed In ${randomUUID().slice(0, 6)}` })
    const { token } = await createSession(db, user.id)
    const cookie = { cookie: `__session=${token}` }
    for (const url of ['/', '/explore']) {
      await get(url) // the anonymous page is cached
      const personal = await get(url, cookie)
      expect(personal.headers.get('x-page-cache'), url).toBeNull()
      expect(personal.headers.get('cache-control'), url).toBe('private, no-store')
      expect(await personal.text(), url).toContain(user.email)
      const anonymous = await get(url)
      expect(anonymous.headers.get('x-page-cache'), url).toBe('hit')
      expect(await anonymous.text(), url).not.toContain(user.email)
    }
  })

  it('gives a cached page a CSP of hashes that allows its own scripts and blocks an injected one', async () => {
    await get('/explore')
    const res = await get('/explore')
    expect(res.headers.get('x-page-cache')).toBe('hit')
    const csp = res.headers.get('content-security-policy') ?? ''
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src')) ?? ''
    expect(scriptSrc).not.toContain('unsafe-inline')
    expect(scriptSrc).not.toContain('nonce-')
    const html = await res.text()
    expect(html).not.toMatch(/\snonce="/)
    const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).filter(Boolean)
    expect(inline.length).toBeGreaterThan(0)
    for (const content of inline)
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(content).digest('base64')}'`)

    // In a browser: the page's own inline scripts run, a script injected into the same cached
    // HTML (same headers) does not.
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--headless=new'],
    })
    try {
      const page = await browser.newPage()
      await page.route(`${server.base}/explore`, async (route) => {
        const original = await route.fetch()
        const body = (await original.text()).replace('</body>', '<script>window.injected = true</script></body>')
        await route.fulfill({ response: original, body })
      })
      const blocked: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy'))
          blocked.push(message.text())
      })
      const answer = await page.goto(`${server.base}/explore`)
      expect(answer?.headers()['x-page-cache']).toBe('hit')
      expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined()
      expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true)
      expect(blocked.length).toBeGreaterThan(0)
    } finally {
      await browser.close()
    }
  }, 60_000)
})
