import { expect, test } from '@playwright/test'

test('home shows every section in order', async ({ page }) => {
  await page.goto('/')
  const headings = await page.getByRole('heading').allTextContents()
  const order = [
    'Where AI Becomes the Artist',
    'Why choose us',
    'What they said',
    'Frequently asked questions',
    'Big collections. No code required.',
    'Browse by Tag',
    'by the Numbers',
    'Fresh from the studio',
  ]
  let last = -1
  for (const title of order) {
    const index = headings.findIndex((h, i) => i > last && h.includes(title))
    expect(index, title).toBeGreaterThan(last)
    last = index
  }
  await expect(page.locator('#hero-section a[href^="/?assetId="]')).toHaveCount(11)
  await expect(page.getByTestId('hero-strip').locator('li')).toHaveCount(5)
  await expect(page.getByTestId('home-grid').getByTestId('asset-card')).toHaveCount(12)
  await expect(page.getByRole('link', { name: 'View more assets' })).toHaveAttribute('href', '/explore')
  const strip = page.locator('section', {
    has: page.getByRole('heading', { name: 'Big collections. No code required.' }),
  })
  await expect(strip.getByRole('link', { name: 'Explore Assets' })).toHaveAttribute('href', '/explore')
  await expect(strip.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/pricing')
})

test('the numbers are in the page without JavaScript @nojs-only', async ({ page }) => {
  await page.goto('/')
  for (const text of ['5,000+ assets', '500+', '200+', '10,000+'])
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible()
})

test('the numbers count up to their values when scrolled into view @js-only', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('heading', { name: /by the Numbers/ }).scrollIntoViewIfNeeded()
  await expect(page.getByText('5,000+ assets', { exact: true })).toBeVisible({ timeout: 5000 })
  await expect(page.getByText('10,000+', { exact: true })).toBeVisible()
})

test('browse by tag: the top 4 tags, each a full page load to /explore?tags=<tag> finding its count', async ({
  page,
}) => {
  await page.goto('/')
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Browse by Tag' }) })
  const links = section.getByRole('link')
  await expect(links).toHaveCount(4)
  const href = await links.first().getAttribute('href')
  expect(href).toMatch(/^\/explore\?tags=.+/)
  const count = (await links.first().textContent())!.match(/(\d[\d,]*) assets?/)![1]
  await links.first().click()
  await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
  await expect(page.getByTestId('asset-card').first()).toBeVisible()
  await expect(page.getByText(new RegExp(`^${count} assets?$`))).toBeVisible()
})

test('FAQ: first item open, one open at a time, categories switch', async ({ page }) => {
  await page.goto('/')
  const faq = page.locator('#faq')
  const items = faq.locator('details')
  await expect(items.first()).toHaveAttribute('open', '')
  await items.nth(1).locator('summary').click()
  await expect(items.nth(1)).toHaveAttribute('open', '')
  await expect(items.first()).not.toHaveAttribute('open', '')
  await items.nth(1).locator('summary').click()
  await expect(faq.locator('details[open]')).toHaveCount(0)
  await faq.getByRole('link', { name: 'Licensing', exact: true }).click()
  await expect(faq.getByRole('heading', { name: 'Licensing', level: 3 })).toBeVisible()
  await expect(faq.locator('details').first()).toHaveAttribute('open', '')
  await expect(faq.getByRole('link', { name: 'Licensing Info' })).toHaveAttribute('href', '/license')
})

test('testimonials: ten entries in a row that scrolls', async ({ page }) => {
  await page.goto('/')
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'What they said' }) })
  await expect(section.getByRole('img', { name: /out of 5 stars/ })).toHaveCount(10)
})

test('testimonials: the carousel arrives near the row, advances every 4 s and pauses while hovered @js-only', async ({
  page,
}) => {
  const fetched: string[] = []
  page.on('request', (request) => fetched.push(request.url()))
  await page.goto('/')
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'What they said' }) })
  const next = section.getByRole('button', { name: 'Next testimonial' })
  // Far below the first screen: no carousel code yet, the row is a plain scroller.
  await page.waitForLoadState('networkidle')
  await expect(next).toHaveCount(0)
  const before = fetched.length
  await section.scrollIntoViewIfNeeded()
  await expect(next).toBeVisible()
  expect(fetched.length).toBeGreaterThan(before)
  const row = section.locator('[aria-roledescription="carousel"] [role="group"]').first().locator('> div')
  const offset = () => row.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41)
  await page.mouse.move(0, 0)
  const start = await offset()
  await expect.poll(offset, { timeout: 7_000 }).not.toBe(start)
  // Hovered: it stays where it is for longer than the autoplay delay.
  await section.getByRole('heading', { name: 'What they said' }).hover()
  await row.hover()
  await page.waitForTimeout(600)
  const held = await offset()
  await page.waitForTimeout(4_800)
  expect(await offset()).toBe(held)
  // The buttons still move it.
  await next.click()
  await expect.poll(offset).not.toBe(held)
})

test('a home card opens the preview on the home page', async ({ page }) => {
  await page.goto('/')
  await page.getByTestId('home-grid').getByTestId('asset-card').first().locator('a').first().click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect(page).toHaveURL(/\/\?assetId=\d+/)
})
