import { expect, test } from '@playwright/test'
import { hydrated } from './support'

const NOT_FOUND = "Oops! The page you're looking for doesn't exist."

test('an unknown path answers 404 with the spec text and a link home', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page).toHaveTitle('Page not found | AI Stock Library')
  await expect(page.getByText(NOT_FOUND)).toBeVisible()
  await page.getByRole('link', { name: 'Go back home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Where AI Becomes the Artist' })).toBeVisible()
})

test('header search goes to /explore with the encoded text', async ({ page }) => {
  await page.goto('/pricing')
  const search = page.locator('input[aria-label="Search assets (header)"]')
  await search.fill('glass robot & co')
  await search.press('Enter')
  await expect(page).toHaveURL(/\/explore\?q=/)
  expect(new URL(page.url()).searchParams.get('q')).toBe('glass robot & co')
})

test('blank header search does nothing', async ({ page }) => {
  await page.goto('/pricing')
  const search = page.locator('input[aria-label="Search assets (header)"]')
  await search.fill('   ')
  await search.press('Enter')
  await page.getByRole('button', { name: 'Search' }).first().click()
  await page.waitForTimeout(300)
  expect(new URL(page.url()).pathname).toBe('/pricing')
})

test('the header has the spec links and sign-in buttons; the footer every link', async ({ page }) => {
  await page.goto('/about')
  const main = page.getByRole('navigation', { name: 'Main' })
  for (const name of ['Home', 'Explore', 'Pricing', 'Blog'])
    await expect(main.getByRole('link', { name })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
  await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', /^\/login/)
  const header = page.locator('header')
  expect((await header.boundingBox())?.height).toBe(64)
  const footerHrefs = await page.locator('footer a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  for (const href of [
    '/explore',
    '/categories',
    '/collections',
    '/api',
    '/about',
    '/blog',
    '/careers',
    '/contact',
    '/privacy',
    '/terms',
    '/license',
    '/help',
    '/faq',
    '/favorites',
  ]) {
    expect(footerHrefs).toContain(href)
  }
})

test('the mobile menu opens and its links work', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/about')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await page.getByLabel('Menu', { exact: true }).click()
  const panel = page.getByRole('navigation', { name: 'Mobile' })
  await expect(panel).toBeVisible()
  await panel.getByRole('link', { name: 'Pricing' }).click()
  await expect(page).toHaveURL(/\/pricing$/)
})

test('every route of the spec answers', async ({ request }) => {
  const pages = [
    '/',
    '/login',
    '/forgot-password',
    '/reset-password',
    '/explore',
    '/pricing',
    '/about',
    '/contact',
    '/license',
    '/terms',
    '/privacy',
    '/blog',
    '/admin/login',
    '/categories',
    '/collections',
    '/api',
    '/careers',
    '/help',
    '/faq',
  ]
  for (const path of pages) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(200)
  }
  const dashboard = await request.get('/dashboard', { maxRedirects: 0 })
  expect(dashboard.status()).toBe(302)
  expect(dashboard.headers().location).toBe('/profile')
})

test('responses carry the security headers and are compressed', async ({ request }) => {
  const res = await request.get('/about', { headers: { 'accept-encoding': 'gzip' } })
  const headers = res.headers()
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/)
  expect(headers['content-security-policy']).toMatch(/script-src [^;]*'nonce-[A-Za-z0-9+/=]+'/)
  expect(headers['x-powered-by']).toBeUndefined()
  expect(headers['content-encoding']).toBe('gzip')
  const html = await res.text()
  const nonce = /'nonce-([^']+)'/.exec(headers['content-security-policy'])![1]
  expect(html).toContain(`nonce="${nonce}"`)
  // A module the page's script imports (the head names none).
  const script = /(?:src=|from |import\()"(\/assets\/[^"]+\.js)"/.exec(html)
  const asset = await request.get(script![1])
  expect(asset.headers()['cache-control']).toContain('immutable')
})

test('liveness and readiness answer ok once the site is ready', async ({ request }) => {
  const live = await request.get('/healthz')
  expect(live.status()).toBe(200)
  expect(await live.json()).toMatchObject({ status: 'ok', ready: true })
  const ready = await request.get('/readyz')
  expect(ready.status()).toBe(200)
  expect(await ready.json()).toEqual({ status: 'ready' })
})

test('demo mode shows the admin credentials, and they open the admin area', async ({ page }) => {
  await page.goto('/admin/login')
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  const hint = page.getByText('Demo credentials').locator('..').locator('..')
  const email = await hint.locator('code').nth(0).textContent()
  const password = await hint.locator('code').nth(1).textContent()
  await page.getByLabel('Email').fill(email!)
  await page.locator('input[name=password]').fill(password!)
  await page.getByRole('button', { name: 'Login as Admin' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
})

test('admin pages answer 404 to visitors', async ({ page }) => {
  const response = await page.goto('/admin/assets')
  expect(response?.status()).toBe(404)
  await expect(page.getByText(NOT_FOUND)).toBeVisible()
})

test('our own scripts trip no Content-Security-Policy violation (no eval) @js-only', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (message.text().startsWith('CSP violation')) violations.push(`${page.url()}: ${message.text()}`)
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.log(`CSP violation ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    )
  })
  // Pages that validate forms in the browser: typing runs the form's schema.
  for (const path of ['/login', '/reset-password?token=abc']) {
    await page.goto(path)
    await hydrated(page)
    await page.locator('input[name=password]').first().fill('x')
    await page.locator('input[name=password]').first().blur()
  }
  await page.goto('/admin/login')
  const hint = page.getByText('Demo credentials').locator('..').locator('..')
  await page.getByLabel('Email').fill((await hint.locator('code').nth(0).textContent())!)
  await page.locator('input[name=password]').fill((await hint.locator('code').nth(1).textContent())!)
  await page.getByRole('button', { name: 'Login as Admin' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await page.goto('/admin/blog/new')
  await hydrated(page)
  await expect(page.locator('.ProseMirror')).toBeVisible()
  await page.locator('input[name=title]').fill('A title')
  await page.locator('input[name=title]').blur()
  await page.waitForTimeout(500)
  expect(violations).toEqual([])
})
