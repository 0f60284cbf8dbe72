import { expect, test } from '@playwright/test'
import { hydrated } from './support'

test('a card opens the preview; the close link closes it', async ({ page }) => {
  await page.goto('/explore?q=rocket')
  const first = page.getByTestId('asset-card').first()
  const title = (await first.locator('a').first().getAttribute('aria-label'))!.replace(/^Preview /, '')
  await first.locator('a').first().click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(/assetId=\d+/)
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Download PNG' })).toBeVisible()
  // A click that lands while the page hydrates can be lost (seen in CI): the close link is
  // tested on a page that has finished (without JavaScript there is nothing to wait for).
  await hydrated(page)
  await dialog.getByRole('link', { name: 'Close preview' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(new URL(page.url()).searchParams.get('assetId')).toBeNull()
  expect(new URL(page.url()).searchParams.get('q')).toBe('rocket')
})

test('the preview is server-rendered open from the URL', async ({ page }) => {
  // An oak tree of the demo catalogue: the other one (Nature, tree, oak) is related, so the strip
  // has View All (an asset other tests upload may have nothing related, and no View All).
  await page.goto('/explore?q=oak')
  const href = await page.getByTestId('asset-card').first().locator('a').first().getAttribute('href')
  await page.goto(href!)
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Related Assets' })).toBeVisible()
  const viewAll = await page.getByRole('link', { name: 'View All' }).getAttribute('href')
  expect(viewAll).toMatch(/^\/explore\?category=[^&]+&tags=[^&]+&tag_match=any$/)
})

test('View All lists every related asset: the category with any of the first three tags', async ({ page }) => {
  await page.goto('/explore?q=oak')
  await page.getByTestId('asset-card').first().locator('a').first().click()
  const dialog = page.getByRole('dialog')
  const title = (await dialog.locator('#asset-preview-title').textContent())!.trim()
  const related = page.getByRole('region', { name: 'Related Assets' }).getByRole('link')
  await expect(related.first()).toBeVisible()
  const strip = (await related.evaluateAll((links) => links.map((a) => a.getAttribute('title')))).filter(
    (name) => name !== null,
  )
  await dialog.getByRole('link', { name: 'View All' }).click()
  await expect(page).toHaveURL(/\/explore\?category=[^&]+&tags=[^&]+&tag_match=any$/)
  // Every asset the strip showed is in the list, and the asset itself.
  const cards = page.getByTestId('asset-card')
  for (const name of [...strip, title]) await expect(cards.filter({ hasText: name }).first()).toBeVisible()
  // The filter panel, open over the results, shows what they are filtered by (with JavaScript, a
  // select kept the choice of the page before when only its default changed).
  const url = new URL(page.url())
  await expect(page.getByLabel('Category')).toHaveValue(url.searchParams.get('category')!)
  await expect(page.getByRole('textbox', { name: 'Tags' })).toHaveValue(
    url.searchParams.get('tags')!.replaceAll(',', ', '),
  )
  await expect(page.getByLabel('Assets carry')).toHaveValue('any')
  // A search from the listing keeps the tags and how they match.
  const search = page.getByRole('search', { name: 'Search the catalogue' })
  await search.getByLabel('Search', { exact: true }).fill('tree')
  await search.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/q=tree/)
  expect(new URL(page.url()).searchParams.get('tag_match')).toBe('any')
})

test('Escape and a click outside close the dialog @js-only', async ({ page }) => {
  await page.goto('/explore')
  // Escape is the app's own key handler: a page not yet hydrated has none (CI pressed it too early once).
  await hydrated(page)
  await page.getByTestId('asset-card').first().locator('a').first().click()
  // The dialog takes focus as it opens, in the same step that starts listening for Escape: a key
  // pressed the moment it shows, before that, was lost here once.
  await expect(page.getByRole('dialog')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).not.toHaveURL(/assetId/)

  await page.getByTestId('asset-card').nth(1).locator('a').first().click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await page.getByTestId('preview-backdrop').click({ position: { x: 5, y: 5 } })
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('zoom moves in 25% steps and stops at 50% and 300%', async ({ page }) => {
  await page.goto('/explore')
  await page.getByTestId('asset-card').first().locator('a').first().click()
  const zoom = page.getByTestId('zoom-value')
  await expect(zoom).toHaveText('100%')
  await page.getByRole('link', { name: 'Zoom in' }).click()
  await expect(zoom).toHaveText('125%')
  for (let i = 0; i < 9; i++) {
    if ((await zoom.textContent()) === '300%') break
    await page.getByRole('link', { name: 'Zoom in' }).click()
  }
  await expect(zoom).toHaveText('300%')
  await expect(page.getByRole('link', { name: 'Zoom in' })).toHaveAttribute('aria-disabled', 'true')
  for (let i = 0; i < 11; i++) {
    if ((await zoom.textContent()) === '50%') break
    await page.getByRole('link', { name: 'Zoom out' }).click()
  }
  await expect(zoom).toHaveText('50%')
})

test('an out-of-range zoom in the URL is clamped', async ({ page }) => {
  await page.goto('/explore')
  const href = await page.getByTestId('asset-card').first().locator('a').first().getAttribute('href')
  await page.goto(`${href}&zoom=12`)
  await expect(page.getByTestId('zoom-value')).toHaveText('300%')
  await page.goto(`${href}&zoom=0.01`)
  await expect(page.getByTestId('zoom-value')).toHaveText('50%')
})

test('backgrounds switch between white, black, transparent and colorful', async ({ page }) => {
  await page.goto('/explore')
  // With JavaScript, the dialog opens in the hydrated page. (A card clicked before hydration
  // loads the dialog's page whole; a background clicked while that page hydrates was once lost
  // in CI: noted for the team, not what this test is about.)
  await hydrated(page)
  await page.getByTestId('asset-card').first().locator('a').first().click()
  const stage = page.getByTestId('preview-stage')
  await expect(stage).toHaveAttribute('data-background', 'transparent')
  for (const [name, value] of [
    ['Black', 'black'],
    ['White', 'white'],
    ['Colorful', 'colorful'],
    ['Transparent', 'transparent'],
  ] as const) {
    // Each link is a navigation: the next click waits until the page has hydrated (see above).
    await hydrated(page)
    await page.getByRole('group', { name: 'Background' }).getByRole('link', { name }).click()
    await expect(stage).toHaveAttribute('data-background', value)
  }
})

test('a background chosen the moment the dialog opens is kept @js-only', async ({ page }) => {
  await page.goto('/explore')
  await hydrated(page)
  // Click Black in the same task that shows the dialog, before React has run its effects: a
  // reset of the controls on mount used to undo such a click (CI clicked that fast once).
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      const black = [...document.querySelectorAll<HTMLElement>('[role="group"][aria-label="Background"] a')].find(
        (link) => link.textContent?.trim() === 'Black',
      )
      if (!black) return
      observer.disconnect()
      black.click()
      document.documentElement.dataset.clickedBlack = 'true'
    })
    observer.observe(document.body, { childList: true, subtree: true })
  })
  await page.getByTestId('asset-card').first().locator('a').first().click()
  await page.waitForFunction(() => document.documentElement.dataset.clickedBlack === 'true')
  const stage = page.getByTestId('preview-stage')
  await expect(stage).toHaveAttribute('data-background', 'black')
  // Still black once everything has settled, and the chip says so.
  await page.waitForTimeout(300)
  await expect(stage).toHaveAttribute('data-background', 'black')
  await expect(page.getByRole('group', { name: 'Background' }).getByRole('link', { name: 'Black' })).toHaveAttribute(
    'aria-current',
    'true',
  )
})

test('a related asset opens in the same dialog', async ({ page }) => {
  await page.goto('/explore?q=robot')
  await page.getByTestId('asset-card').first().locator('a').first().click()
  const before = new URL(page.url()).searchParams.get('assetId')
  const related = page.getByRole('dialog').locator('section').getByRole('link').nth(1)
  await related.click()
  await expect.poll(() => new URL(page.url()).searchParams.get('assetId')).not.toBe(before)
  await expect(page.getByRole('dialog')).toBeVisible()
})

test('the asset page has its own title, description and Open Graph image', async ({ page }) => {
  await page.goto('/explore')
  const href = await page.getByTestId('asset-card').first().locator('a').first().getAttribute('href')
  const id = new URL(href!, 'http://x').searchParams.get('assetId')
  await page.goto(`/assets/${id}`)
  const heading = await page.getByRole('heading', { level: 1 }).first().textContent()
  await expect(page).toHaveTitle(new RegExp(heading!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/)
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    new RegExp(`^http.*/og/assets/${id}\\.png$`),
  )
})

test('signed-out visitors who tap the heart are sent to log in', async ({ page }) => {
  await page.goto('/explore')
  const card = page.getByTestId('asset-card').first()
  await card.hover()
  await card.getByRole('button', { name: 'Add to favorites' }).click()
  await expect(page).toHaveURL(/\/login\?redirect=(%2F|\/)explore/)
})

test('a card whose image is missing shows the placeholder @js-only', async ({ page }) => {
  await page.route('**/thumb.webp', (route) => route.fulfill({ status: 404, body: '' }))
  await page.route('**/thumb.png', (route) => route.fulfill({ status: 404, body: '' }))
  await page.goto('/explore')
  await expect(page.getByTestId('asset-card').first().locator('img')).toHaveAttribute('src', '/placeholder.svg')
})

test('images are cached for a year; originals cannot be fetched by guessing', async ({ page, request }) => {
  await page.goto('/explore')
  const src = await page.getByTestId('asset-card').first().locator('img').getAttribute('src')
  const res = await request.get(src!)
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toBe('image/png')
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  const uuid = src!.split('/')[2]
  for (const guess of [
    `/images/${uuid}/original.png`,
    `/images/../originals/${uuid}.png`,
    `/originals/${uuid}.png`,
    `/images/originals/${uuid}.png`,
  ]) {
    expect((await request.get(guess)).status(), guess).toBe(404)
  }
})
