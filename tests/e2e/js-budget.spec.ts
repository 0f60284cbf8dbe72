import { gzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import { firstVisitJs } from '../support/first-visit-js'
import { hydrated } from './support'

/**
 * The home page's JavaScript budget: at most 150 KB gzip on a first visit. Counted
 * twice: what the server HTML names (entry, route chunks and their static imports, as
 * `npm run bench:bundle` counts it), and every script the browser actually fetched by the time
 * the page is hydrated and the network is quiet, so code loaded right after hydration counts too.
 * A size, not a timing: the same on a busy machine.
 */
const BUDGET_KB = 150

test('home: at most 150 KB of JavaScript (gzip) on a first visit @js-only', async ({ page, request }) => {
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10

  const named = await firstVisitJs(async (url) => (await request.get(url)).body(), '/')
  // The page's module script, its routes and the entry, followed through their imports.
  expect(named.files.length, 'scripts found through the page').toBeGreaterThan(10)
  const namedList = named.files.map((f) => `${f.file} ${kb(f.gzip)} KB`).join('\n')
  expect(kb(named.bytes), `Scripts named by the server HTML:\n${namedList}`).toBeLessThanOrEqual(BUDGET_KB)

  const fetched = new Set<string>()
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && new URL(response.url()).pathname.startsWith('/assets/'))
      fetched.add(new URL(response.url()).pathname)
  })
  await page.goto('/')
  await hydrated(page)
  await page.waitForLoadState('networkidle')
  // Everything named or fetched: a modulepreload may not show as a script request.
  for (const f of named.files) fetched.add(f.file)
  let bytes = 0
  const lines: string[] = []
  for (const file of fetched) {
    const gzip = gzipSync(await (await request.get(file)).body(), { level: 9 }).length
    bytes += gzip
    lines.push(`${file} ${kb(gzip)} KB`)
  }
  expect(kb(bytes), `Scripts named or fetched:\n${lines.join('\n')}`).toBeLessThanOrEqual(BUDGET_KB)
})

test('the first paint waits for no script: no modulepreload in the head, and the page still hydrates @js-only', async ({
  page,
  request,
}) => {
  for (const path of ['/', '/explore', '/pricing']) {
    const html = await (await request.get(path)).text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head, `${path}: the head of the page`).toContain('rel="stylesheet"')
    expect(head, `${path}: scripts preloaded ahead of the stylesheets (decision 68)`).not.toContain('modulepreload')
    await page.goto(path)
    await hydrated(page)
  }
})
