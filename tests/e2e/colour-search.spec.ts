import { expect, test } from '@playwright/test'
import { e2eQuery } from './support'

async function cardIds(page: import('@playwright/test').Page): Promise<number[]> {
  const hrefs = await page
    .getByTestId('asset-card')
    .locator('a[href*="assetId="]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
  return [...new Set(hrefs.map((h) => Number(/assetId=(\d+)/.exec(h)?.[1])))]
}

test('filter by a colour swatch: only assets of that colour, and the colour can be removed', async ({ page }) => {
  await page.goto('/explore')
  await page.getByText('All filters').click()
  await page.getByRole('link', { name: 'Blue', exact: true }).click()
  await expect(page).toHaveURL(/color=blue/)
  const blue = new Set(
    (await e2eQuery<{ id: number }>(`select id from assets where is_active and colour_swatches @> array['blue']`)).map(
      (r) => Number(r.id),
    ),
  )
  expect(blue.size).toBeGreaterThan(0)
  // With JavaScript the list re-renders after the URL changes: wait for the filtered count first.
  await expect(page.getByText(new RegExp(`^${blue.size} assets?$`))).toBeVisible()
  const shown = await cardIds(page)
  expect(shown.length).toBeGreaterThan(0)
  for (const id of shown) expect(blue.has(id), `asset ${id} is filed under blue`).toBe(true)
  // The active swatch is marked and removable.
  await expect(page.getByRole('link', { name: 'Blue', exact: true })).toHaveAttribute('aria-current', 'true')
  await page.getByRole('link', { name: 'Remove colour' }).click()
  await expect(page).not.toHaveURL(/color=/)
})

test('orientation and transparent-only through the filters form', async ({ page }) => {
  await page.goto('/explore')
  await page.getByText('All filters').click()
  await page.getByLabel('Transparent background only').check()
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/transparent=1/)
  const transparent = new Set(
    (await e2eQuery<{ id: number }>('select id from assets where is_active and has_transparency')).map((r) =>
      Number(r.id),
    ),
  )
  // With JavaScript the list re-renders after the URL changes: wait for the filtered count first.
  await expect(page.getByText(new RegExp(`^${transparent.size.toLocaleString('en-US')} assets?$`))).toBeVisible()
  for (const id of await cardIds(page)) expect(transparent.has(id)).toBe(true)
})

test('the asset page shows Similar colours besides Related Assets', async ({ page }) => {
  const [row] = await e2eQuery<{ id: number }>(
    `select id from assets where is_active and palette is not null order by id limit 1`,
  )
  await page.goto(`/assets/${row.id}`)
  await expect(page.getByRole('heading', { name: 'Related Assets' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Similar colours' })).toBeVisible()
  await expect(page.getByTestId('similar-colours').locator('li').first()).toBeVisible()
})
