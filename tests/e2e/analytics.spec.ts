import { expect, test, type Page } from '@playwright/test'
import { e2eQuery, hydrated, signInAsDemoAdmin } from './support'

// The artist's figures (decision 91), with JavaScript and without: charts are SVG drawn on the
// server, each with a table of the same figures beside it; the demo's downloads are dated, so
// the days add up to the totals.

const tile = (page: Page, label: string) => page.getByTestId(`tile-${label}`)
const count = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''))

test('analytics: charts and tables readable, the 90 days add up to every download', async ({ page }) => {
  await signInAsDemoAdmin(page)
  await page.goto('/admin/analytics?days=90')
  await hydrated(page)
  const daily = page.getByTestId('analytics-daily')
  await expect(daily.getByRole('heading', { name: 'Per day, last 90 days' })).toBeVisible()
  await expect(daily.getByRole('img', { name: /^Downloads per day from .* in all\.$/ })).toBeVisible()
  await expect(daily.locator('svg rect').first()).toBeAttached()
  const table = daily.getByRole('table')
  await expect(table.locator('tbody tr')).toHaveCount(90)
  // The total row's downloads are every download there is: the seed dated each one.
  const headers = await table.locator('thead th').allTextContents()
  const column = headers.indexOf('Downloads')
  const total = count(
    await table
      .locator('tfoot tr td')
      .nth(column - 1)
      .textContent(),
  )
  expect(total).toBeGreaterThan(1000)
  expect(count(await tile(page, 'Downloads (all time)').textContent())).toBe(total)

  for (const id of ['analytics-categories', 'analytics-types', 'top-assets', 'analytics-subscriptions'])
    await expect(page.getByTestId(id).getByRole('table')).toBeVisible()
  await expect(page.getByTestId('analytics-types').locator('tbody tr')).toHaveCount(3)
  await expect(page.getByTestId('analytics-subscriptions').locator('tbody tr')).toHaveCount(12)
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(5)

  // The window is a link: 30 days.
  await page.getByRole('link', { name: 'Last 30 days' }).click()
  await expect(page).toHaveURL(/\/admin\/analytics\??$/)
  await expect(page.getByRole('heading', { name: 'Per day, last 30 days' })).toBeVisible()
  await expect(page.getByTestId('analytics-daily').locator('tbody tr')).toHaveCount(30)
})

test("an asset's figures: all time and per day, its downloads adding up to its counter", async ({ page }) => {
  await signInAsDemoAdmin(page)
  await page.goto('/admin/analytics?days=90')
  const top = page.getByTestId('top-assets').locator('tbody tr').first()
  const downloads = count(await top.locator('td').last().textContent())
  await top.getByRole('link').click()
  await expect(page).toHaveURL(/\/admin\/assets\/\d+\/figures$/)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: /^Figures: / })).toBeVisible()
  expect(count(await tile(page, 'Downloads').textContent())).toBe(downloads)
  await expect(page.getByTestId('download-counter')).toContainText(
    `Visitors see ${downloads.toLocaleString('en-US')} downloads`,
  )
  // The demo's downloads have no licences, and the page says so (decision 96).
  expect(count(await tile(page, 'Licences').textContent())).toBe(0)
  await expect(page.getByTestId('download-counter')).toContainText('without licences or accounts')
  const chart = page.getByTestId('asset-daily')
  await expect(chart.getByRole('img', { name: /^Page views per day/ })).toBeVisible()
  await page.getByRole('link', { name: 'Last 90 days' }).click()
  await expect(page).toHaveURL(/\?days=90$/)
  const table = page.getByTestId('asset-daily').getByRole('table')
  await expect(table.locator('tbody tr')).toHaveCount(90)
  const headers = await table.locator('thead th').allTextContents()
  const total = count(
    await table
      .locator('tfoot td')
      .nth(headers.indexOf('Downloads') - 1)
      .textContent(),
  )
  expect(total).toBe(downloads)

  // The CSV of the same figures.
  const csv = await page.request.get(`${new URL(page.url()).pathname}.csv?days=90`)
  expect(csv.status()).toBe(200)
  const rows = (await csv.text()).trim().split('\r\n')
  expect(rows).toHaveLength(91)
  expect(rows.slice(1).reduce((s, r) => s + Number(r.split(',')[5]), 0)).toBe(downloads)
})

test('opening the preview from a search counts one dialog view, with JavaScript or without', async ({ page }) => {
  await page.goto('/explore?q=burger')
  await hydrated(page)
  const link = page.getByTestId('asset-card').first().getByRole('link').first()
  const id = Number(new URL((await link.getAttribute('href')) ?? '', 'http://x').searchParams.get('assetId'))
  const views = async () =>
    e2eQuery<{ search_query: string | null }>(
      "select search_query from asset_events where asset_id = $1 and kind = 'dialog_view' order by id",
      [id],
    )
  const before = (await views()).length
  await link.click()
  await expect(page).toHaveURL(/assetId=/)
  // With JavaScript the page reports the view; without, the server counted the page request.
  await expect.poll(async () => (await views()).length, { timeout: 8_000 }).toBe(before + 1)
  await page.waitForTimeout(2_000)
  const after = await views()
  expect(after).toHaveLength(before + 1)
  expect(after.at(-1)?.search_query).toBe('burger')
})
