// Screenshots of the main pages at phone and desktop width, light and dark, into
// docs/screenshots/, and of /explore per tab (all, 3D, images, audio) at both widths in the
// light theme, an audio asset's page, /collections, and the admin's assets table (with its bulk
// bar and a scheduled draft), analytics and an asset's figures (signed in as the demo
// administrator). Usage: node scripts/screenshots.mjs http://127.0.0.1:3000
import { mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'

const base = process.argv[2] ?? 'http://127.0.0.1:3000'
const out = 'docs/screenshots'
mkdirSync(out, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--headless=new'],
})
const probe = await browser.newPage()
await probe.goto(`${base}/explore`)
const href = await probe.getByTestId('asset-card').first().getByRole('link').first().getAttribute('href')
const assetId = new URL(href, base).searchParams.get('assetId')
await probe.goto(`${base}/explore?asset_type=audio`)
const audioHref = await probe.getByTestId('asset-card').first().getByRole('link').first().getAttribute('href')
const audioId = new URL(audioHref, base).searchParams.get('assetId')
await probe.goto(`${base}/blog`)
const post = await probe.locator('main a[href^="/blog/"]').first().getAttribute('href')
await probe.close()
const pages = {
  home: '/',
  explore: '/explore',
  dialog: `/explore?assetId=${assetId}`,
  asset: `/assets/${assetId}`,
  pricing: '/pricing',
  post,
  search: '/explore?q=shpere',
  'asset-audio': `/assets/${audioId}`,
  collections: '/collections',
}
for (const [width, height] of [
  [390, 844],
  [1440, 900],
]) {
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: 1,
      isMobile: width < 500,
      hasTouch: width < 500,
    })
    await context.addCookies([{ name: 'color-scheme', value: scheme, url: base }])
    const page = await context.newPage()
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(base + path)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      await page.waitForTimeout(400)
      await page.screenshot({ path: `${out}/${name}-${width}-${scheme}.png` })
    }
    await context.close()
  }
}
const tabs = {
  all: '/explore',
  '3d': '/explore?asset_type=3d',
  images: '/explore?asset_type=image',
  audio: '/explore?asset_type=audio',
}
for (const [width, height] of [
  [390, 844],
  [1440, 900],
]) {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 1,
    isMobile: width < 500,
    hasTouch: width < 500,
  })
  await context.addCookies([{ name: 'color-scheme', value: 'light', url: base }])
  const page = await context.newPage()
  for (const [name, path] of Object.entries(tabs)) {
    await page.goto(base + path)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${out}/explore-${name}-${width}.png` })
  }
  await context.close()
}
// The admin's assets table, signed in through the admin API's session.
const login = await fetch(`${base}/api/admin/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@example.com', password: 'demo-admin-password' }),
})
const { token } = await login.json()
// The most downloaded asset: its figures show something.
const analytics = await fetch(`${base}/api/admin/analytics`, { headers: { authorization: `Bearer ${token}` } })
const figuresId = (await analytics.json()).topAssets[0]?.id ?? assetId
for (const [width, height] of [
  [390, 844],
  [1440, 900],
]) {
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({
      viewport: { width, height },
      isMobile: width < 500,
      hasTouch: width < 500,
    })
    await context.addCookies([
      { name: 'color-scheme', value: scheme, url: base },
      { name: '__session', value: token, url: base },
    ])
    const page = await context.newPage()
    await page.goto(`${base}/admin/assets`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${out}/admin-assets-${width}-${scheme}.png` })
    // The analytics and one asset's figures, whole pages (decision 91).
    for (const [name, path] of [
      ['admin-analytics', '/admin/analytics'],
      ['admin-asset-figures', `/admin/assets/${figuresId}/figures`],
    ]) {
      await page.goto(base + path)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
      await page.waitForTimeout(400)
      await page.screenshot({ path: `${out}/${name}-${width}-${scheme}.png`, fullPage: true })
    }
    await context.close()
  }
}
// The searches section of /admin/analytics (decision 90), the section alone.
for (const [width, height] of [
  [390, 844],
  [1440, 900],
]) {
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({
      viewport: { width, height },
      isMobile: width < 500,
      hasTouch: width < 500,
    })
    await context.addCookies([
      { name: 'color-scheme', value: scheme, url: base },
      { name: '__session', value: token, url: base },
    ])
    const page = await context.newPage()
    await page.goto(`${base}/admin/analytics?searches=30`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.waitForTimeout(400)
    // Tall enough for the whole section: the sticky header then covers none of it.
    await page.setViewportSize({ width, height: 4000 })
    await page.locator('#searches').screenshot({ path: `${out}/admin-analytics-searches-${width}-${scheme}.png` })
    await context.close()
  }
}
// The bulk bar with two rows ticked and 'Schedule publishing' chosen, above a draft scheduled
// for a fixed time (the newest asset, taken back to draft if it was published).
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
const newest = (await (await fetch(`${base}/api/admin/assets?limit=2`, { headers: auth })).json()).assets
await fetch(`${base}/api/admin/assets/${newest[0].id}/publish`, {
  method: 'POST',
  headers: auth,
  body: JSON.stringify({ is_active: false }),
})
await fetch(`${base}/api/admin/assets/${newest[0].id}`, {
  method: 'PUT',
  headers: auth,
  body: JSON.stringify({ publish_at: `${new Date().getUTCFullYear() + 1}-03-01T09:00:00Z` }),
})
for (const [width, height] of [
  [390, 844],
  [1440, 900],
]) {
  for (const scheme of ['light', 'dark']) {
    const context = await browser.newContext({
      viewport: { width, height },
      isMobile: width < 500,
      hasTouch: width < 500,
      timezoneId: 'Europe/London',
    })
    await context.addCookies([
      { name: 'color-scheme', value: scheme, url: base },
      { name: '__session', value: token, url: base },
    ])
    const page = await context.newPage()
    await page.goto(`${base}/admin/assets`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    for (const asset of newest) await page.getByRole('checkbox', { name: `Select ${asset.title}` }).check()
    await page.getByLabel('With the selected').selectOption('schedule')
    await page.waitForTimeout(400)
    await page.screenshot({ path: `${out}/admin-assets-bulk-${width}-${scheme}.png` })
    await context.close()
  }
}
await browser.close()
