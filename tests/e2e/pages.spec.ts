import { expect, test, type Page } from '@playwright/test'
import { FAQ, FAQ_CATEGORIES, FAQ_CATEGORY_LABELS } from '../../app/lib/faq'
import { hydrated } from './support'

const main = (page: Page) => page.getByRole('main')
const cards = (page: Page) => page.getByTestId('asset-card')
/** The explore page's count line: '12 assets', '10,000+ assets'. */
const exploreCount = (page: Page) => main(page).getByText(/^\d[\d,]*\+? assets?$/)

const PAGES = [
  { path: '/about', h1: 'About AI Stock Library', title: 'About' },
  { path: '/license', h1: 'License Agreement', title: 'License Agreement' },
  { path: '/terms', h1: 'Terms of Service', title: 'Terms of Service' },
  { path: '/privacy', h1: 'Privacy Policy', title: 'Privacy Policy' },
  { path: '/careers', h1: 'Careers', title: 'Careers' },
  { path: '/help', h1: 'Help Center', title: 'Help Center' },
  { path: '/faq', h1: 'Frequently asked questions', title: 'FAQ' },
  { path: '/api', h1: 'API', title: 'API' },
  { path: '/categories', h1: 'Categories', title: 'Categories' },
  { path: '/collections', h1: 'Collections', title: 'Collections' },
]

for (const { path, h1, title } of PAGES) {
  test(`${path} answers 200 with one h1, a title and a description`, async ({ page }) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
    await expect(page).toHaveTitle(`${title} | AI Stock Library`)
    // The site header stays the page's only <header> (its banner landmark).
    await expect(page.locator('header')).toHaveCount(1)
    const description = await page.locator('meta[name="description"]').last().getAttribute('content')
    expect(description?.length ?? 0).toBeGreaterThan(40)
  })
}

test('the licence: effective date, commercial use without attribution, what needs written permission', async ({
  page,
}) => {
  await page.goto('/license')
  await expect(main(page).getByText('Effective 23 March 2025', { exact: true })).toBeVisible()
  await expect(
    main(page)
      .getByText(/Commercial use is allowed/)
      .first(),
  ).toBeVisible()
  await expect(
    main(page)
      .getByText(/No attribution is required/)
      .first(),
  ).toBeVisible()
  const permission = main(page).locator('section', {
    has: page.getByRole('heading', { name: /Uses that need written permission/ }),
  })
  for (const use of ['Resale', 'Redistribution', 'NFT use', 'AI-training use'])
    await expect(permission.getByRole('heading', { name: use, exact: true })).toBeVisible()
  await expect(permission.getByText(/AI-training use needs written permission/)).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'contact page' }).first()).toHaveAttribute('href', '/contact')
})

test('the contents of a legal page link to its sections', async ({ page }) => {
  await page.goto('/license')
  await hydrated(page)
  await page
    .getByRole('navigation', { name: 'Contents' })
    .getByRole('link', { name: 'Uses that need written permission' })
    .click()
  await expect(page).toHaveURL(/\/license#written-permission$/)
  await expect(page.getByRole('heading', { name: /Uses that need written permission/ })).toBeInViewport()
})

test('the terms: date, minimum age 13, the plans and Stripe', async ({ page }) => {
  await page.goto('/terms')
  await expect(main(page).getByText('Last updated 22 May 2025', { exact: true })).toBeVisible()
  await expect(
    main(page)
      .getByText(/at least 13 years old/)
      .first(),
  ).toBeVisible()
  await expect(main(page).getByText(/allows 5 downloads per day/)).toBeVisible()
  await expect(
    main(page).getByText(/Pro costs \$9 per month and gives unlimited downloads and early access/),
  ).toBeVisible()
  await expect(main(page).getByText(/Pro is paid through Stripe/)).toBeVisible()
  for (const heading of [
    'Cancellation and refunds',
    'Acceptable use',
    'Suspension and termination',
    'Limitation of liability',
    'Changes to these terms',
    'Contact',
  ]) {
    await expect(main(page).getByRole('heading', { name: new RegExp(`^\\d+\\. ${heading}$`) })).toBeVisible()
  }
})

test('the privacy policy: date, what is stored, one session cookie', async ({ page }) => {
  await page.goto('/privacy')
  await expect(main(page).getByText('Last updated 30 March 2025', { exact: true })).toBeVisible()
  await expect(main(page).getByText(/Your name, your email address and a hash of your password/)).toBeVisible()
  await expect(main(page).getByText(/we use one cookie: a session cookie/)).toBeVisible()
  await expect(main(page).getByText(/We use no tracking, analytics or advertising cookies/)).toBeVisible()
  await expect(main(page).getByText(/Payments for Pro are handled by Stripe/)).toBeVisible()
})

test('careers says there are no open positions and how to reach out', async ({ page }) => {
  await page.goto('/careers')
  await expect(main(page).getByText(/There are no open positions right now/)).toBeVisible()
  await expect(main(page).getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', '/contact')
})

test('the help center covers each topic and links onwards', async ({ page }) => {
  await page.goto('/help')
  for (const topic of [
    'Getting started',
    'Searching and filters',
    'Previews',
    'Downloading and the daily quota',
    'Favourites',
    'Plans and billing',
    'Account and password reset',
    'Licensing',
  ]) {
    await expect(main(page).getByRole('heading', { name: new RegExp(`^\\d+\\. ${topic}$`) })).toBeVisible()
  }
  for (const href of ['/faq', '/license', '/contact', '/pricing', '/profile/account'])
    expect(await main(page).locator(`a[href="${href}"]`).count(), href).toBeGreaterThan(0)
})

test('the FAQ shows every question of every category, and answers open', async ({ page }) => {
  await page.goto('/faq')
  await hydrated(page)
  for (const category of FAQ_CATEGORIES) {
    await expect(main(page).getByRole('heading', { level: 2, name: FAQ_CATEGORY_LABELS[category] })).toBeVisible()
    for (const item of FAQ[category]) await expect(main(page).getByText(item.question, { exact: true })).toBeVisible()
  }
  const first = FAQ.licensing[2]
  const answer = main(page).getByText(first.answer, { exact: true })
  await expect(answer).toBeHidden()
  await main(page).getByText(first.question, { exact: true }).click()
  await expect(answer).toBeVisible()
})

test('every category links to explore, which lands on that category', async ({ page }) => {
  await page.goto('/categories')
  const tiles = main(page).getByRole('link', { name: /\d[\d,]* assets?$/ })
  expect(await tiles.count()).toBeGreaterThan(3)
  for (const href of await tiles.evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
    expect(href).toMatch(/^\/explore\?category=[^&]+$/)

  await hydrated(page)
  const tile = tiles.nth(1)
  const name = (await tile.textContent()) ?? ''
  const shown = name.match(/([\d,]+) assets?$/)![1]
  await tile.click()
  await expect(page).toHaveURL(/\/explore\?category=/)
  await expect(cards(page).first()).toBeVisible()
  // The count on the tile is the number of assets explore finds in that category.
  await expect(exploreCount(page)).toHaveText(new RegExp(`^${shown} assets?$`))
})

test('collections link to explore filtered by type or by tag', async ({ page }) => {
  await page.goto('/collections')
  const byType = main(page).locator('section', { has: page.getByRole('heading', { name: 'By type' }) })
  await expect(byType.getByRole('link', { name: /^Audio/ })).toHaveAttribute('href', '/explore?asset_type=audio')
  const themes = main(page)
    .locator('section', { has: page.getByRole('heading', { name: 'By theme' }) })
    .getByRole('link')
  expect(await themes.count()).toBeGreaterThan(3)

  await hydrated(page)
  const theme = themes.first()
  const href = (await theme.getAttribute('href')) ?? ''
  expect(href).toMatch(/^\/explore\?tags=[^&]+$/)
  await expect(theme.locator('img')).not.toHaveCount(0)
  await theme.click()
  await expect(page).toHaveURL(href)
  await expect(cards(page).first()).toBeVisible()
})

test('the API page documents the public calls and links the OpenAPI document', async ({ page, request }) => {
  await page.goto('/api')
  for (const call of [
    'GET /api/assets',
    'GET /api/assets/tags',
    'GET /api/blogs',
    'GET /api/blogs/{slug}',
    'POST /api/auth/login',
    'GET /api/auth/me',
    'POST /api/assets/download/{id}',
    'GET /api/assets/downloads/history',
    'GET /api/users/favorites',
    'POST /api/users/favorites',
    'DELETE /api/users/favorites/{id}',
    'GET /api/auth/billing/history',
  ]) {
    await expect(main(page).getByRole('heading', { level: 3, name: call, exact: true })).toBeVisible()
  }
  const assets = main(page).locator('article', {
    has: page.getByRole('heading', { name: 'GET /api/assets', exact: true }),
  })
  for (const param of ['sort', 'search', 'asset_type', 'page', 'limit', 'category', 'tags'])
    await expect(assets.getByRole('cell', { name: param, exact: true })).toBeVisible()
  await expect(main(page).getByText('Authorization: Bearer <token>', { exact: true })).toBeVisible()

  const link = main(page)
    .getByRole('link', { name: /\/api\/openapi\.json/ })
    .first()
  await expect(link).toHaveAttribute('href', '/api/openapi.json')
  const doc = await request.get('/api/openapi.json')
  expect(doc.status()).toBe(200)
  expect((await doc.json()).openapi).toMatch(/^3\.1\./)
})
