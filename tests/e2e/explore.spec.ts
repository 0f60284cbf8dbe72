import { expect, test, type Page } from '@playwright/test'
import { hydrated } from './support'

const cards = (page: Page) => page.getByTestId('asset-card')
const countText = (page: Page) => page.getByText(/^\d[\d,]*\+? assets?( for .*)?$/)

async function totalShown(page: Page): Promise<number> {
  const text = (await countText(page).textContent()) ?? ''
  return Number(text.match(/^[\d,]+/)![0].replace(/,/g, ''))
}

test('search from the explore box, then page through the results', async ({ page }) => {
  await page.goto('/explore')
  await expect(cards(page)).toHaveCount(20)
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible()
  const all = await totalShown(page)
  expect(all).toBeGreaterThanOrEqual(120)

  await page.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible()
  await page.getByRole('link', { name: 'Previous' }).click()
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible()

  const box = page.locator('input[aria-label="Search"]')
  await box.fill('robot')
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/explore\?q=robot/)
  // With JavaScript the URL changes a moment before the list re-renders: poll.
  await expect.poll(() => totalShown(page)).toBeLessThan(all)
  expect(await totalShown(page)).toBeGreaterThan(0)
})

test('a typo still finds robots', async ({ page }) => {
  await page.goto('/explore?q=robto')
  await expect(page.getByTestId('corrected-query')).toHaveText(/^Showing results for robot\. Search instead for robto$/)
  expect(await cards(page).count()).toBeGreaterThan(0)
})

test('a word the library lacks is not swapped for a look-alike (unicorn is not acorn)', async ({ page, request }) => {
  // The demo catalogue has a Brown Acorn and no unicorn; by trigrams the two are as near as a typo.
  await page.goto('/explore?q=unicorn')
  await expect(page.getByRole('heading', { name: 'No assets found' })).toBeVisible()
  await expect(page.getByTestId('corrected-query')).toHaveCount(0)
  expect(await cards(page).count()).toBe(0)
  const api = await (await request.get('/api/assets?search=unicorn')).json()
  expect({ total: api.total, assets: api.assets.length }).toEqual({ total: 0, assets: 0 })
})

test('nothing found shows the empty state', async ({ page }) => {
  await page.goto('/explore?q=zzqqxxyy')
  await expect(page.getByRole('heading', { name: 'No assets found' })).toBeVisible()
  await expect(
    page.getByText("We couldn't find any assets matching your search. Try a different keyword."),
  ).toBeVisible()
})

test('several words no asset has together: each word alone, with what it finds', async ({ page, request }) => {
  // The demo catalogue has red things and robots, and no red robot.
  await page.goto('/explore?q=red+robot')
  await expect(page.getByRole('heading', { name: 'No assets found' })).toBeVisible()
  const each = page.getByRole('navigation', { name: 'Each word alone' })
  await expect(each.getByRole('link')).toHaveText([/^red \(\d+ assets?\)$/, /^robot \(\d+ assets?\)$/])
  const robot = each.getByRole('link', { name: /^robot / })
  const offered = Number((await robot.textContent())!.match(/\((\d+)/)![1])
  expect(offered).toBe((await (await request.get('/api/assets?search=robot')).json()).total)
  // The typed words are not offered back as look-alikes.
  await expect(
    page.getByRole('navigation', { name: 'Nearest words' }).getByRole('link', { name: /^(red|robot)$/ }),
  ).toHaveCount(0)
  await robot.click()
  await expect(page).toHaveURL(/\/explore\?q=robot$/)
  await expect.poll(() => totalShown(page)).toBe(offered)
})

test('type tabs filter by asset type', async ({ page }) => {
  await page.goto('/explore')
  const all = await totalShown(page)
  await page.getByRole('navigation', { name: 'Asset type' }).getByRole('link', { name: 'Audio' }).click()
  await expect(page).toHaveURL(/asset_type=audio/)
  await expect.poll(() => totalShown(page)).toBeLessThan(all)
  expect(await totalShown(page)).toBeGreaterThan(0)
  await page.getByRole('navigation', { name: 'Asset type' }).getByRole('link', { name: '3D' }).click()
  await expect(page).toHaveURL(/asset_type=3d/)
})

test('sorting by Most Downloaded orders the list by downloads', async ({ page, javaScriptEnabled }) => {
  await page.goto('/explore?view=list')
  await hydrated(page)
  await page.getByLabel('Sort by').selectOption('downloads')
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Sort', exact: true }).click()
  await expect(page).toHaveURL(/sort=downloads/)
  await expect(page).toHaveURL(/view=list/)
  // With JavaScript the URL changes first and the list re-renders just after: poll.
  const downloads = async () =>
    (await page.getByTestId('asset-card').locator('p').filter({ hasText: 'downloads' }).allTextContents()).map((m) =>
      Number(m.match(/([\d,]+) downloads/)![1].replace(/,/g, '')),
    )
  await expect
    .poll(async () => {
      const list = await downloads()
      return list.length === 20 && list.every((n, i) => i === 0 || list[i - 1] >= n)
    })
    .toBe(true)
})

test('sorting alphabetically orders by title', async ({ page, javaScriptEnabled }) => {
  await page.goto('/explore?view=list&asset_type=audio')
  await hydrated(page)
  await page.getByLabel('Sort by').selectOption('alphabetical')
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Sort', exact: true }).click()
  await expect(page).toHaveURL(/sort=alphabetical/)
  const titles = () => page.getByTestId('asset-card').locator('h3').allTextContents()
  await expect
    .poll(async () => {
      const list = await titles()
      return (
        list.length > 3 &&
        list.every((t, i) => i === 0 || list[i - 1].toLowerCase().localeCompare(t.toLowerCase()) <= 0)
      )
    })
    .toBe(true)
})

test('All filters narrows by category and tags', async ({ page }) => {
  await page.goto('/explore')
  const all = await totalShown(page)
  await page.getByText('All filters').click()
  const select = page.getByLabel('Category')
  const option = await select.locator('option').nth(1).getAttribute('value')
  await select.selectOption(option!)
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(new RegExp(`category=${encodeURIComponent(option!).replace(/%20/g, '(\\+|%20)')}`))
  await expect(cards(page).first()).toBeVisible()
  await expect.poll(() => totalShown(page)).toBeLessThan(all)
  expect(await totalShown(page)).toBeGreaterThan(0)
  await page.getByLabel('Tags', { exact: true }).fill('nonexistent-tag-xyz')
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page.getByRole('heading', { name: 'No assets found' })).toBeVisible()
})

test('grid and list toggle is kept in the URL', async ({ page }) => {
  await page.goto('/explore?q=rocket')
  await page.getByRole('group', { name: 'Layout' }).getByRole('link', { name: 'List' }).click()
  await expect(page).toHaveURL(/view=list/)
  await expect(cards(page).first()).toHaveAttribute('data-layout', 'list')
  await page.getByRole('group', { name: 'Layout' }).getByRole('link', { name: 'Grid' }).click()
  await expect(cards(page).first()).toHaveAttribute('data-layout', 'grid')
})

test('the filter panel keeps the sort and the view, and the address it leads to stays short', async ({ page }) => {
  await page.goto('/explore?sort=alphabetical&view=list')
  await hydrated(page)
  await page.getByText('All filters').click()
  const select = page.getByLabel('Category')
  const option = (await select.locator('option').nth(1).getAttribute('value'))!
  await select.selectOption(option)
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/category=/)
  const url = new URL(page.url())
  expect(url.searchParams.get('category')).toBe(option)
  expect(url.searchParams.get('sort')).toBe('alphabetical')
  expect(url.searchParams.get('view')).toBe('list')
  // No blank fields of the form ('tags=', 'orientation=') nor the default match.
  expect([...url.searchParams.keys()].sort()).toEqual(['category', 'sort', 'view'])
  await expect(page.getByLabel('Sort by')).toHaveValue('alphabetical')
})

test('with words, the categories are offered without counts that are not what they find', async ({ page }) => {
  const labels = async () => {
    await page.getByText('All filters').click()
    return page.getByLabel('Category').locator('option').allTextContents()
  }
  await page.goto('/explore')
  expect((await labels()).slice(1).every((label) => /\(\d+\)$/.test(label))).toBe(true)
  await page.goto('/explore?q=red')
  const withWords = (await labels()).slice(1)
  expect(withWords.length).toBeGreaterThan(3)
  expect(withWords.filter((label) => /\(\d+\)$/.test(label))).toEqual([])
})

test('a blank search from the explore box goes nowhere; Clear search drops the words alone; symbols find nothing', async ({
  page,
}) => {
  await page.goto('/explore?q=robot&sort=alphabetical')
  await hydrated(page)
  const box = page.locator('main input[aria-label="Search"]')
  await box.fill('   ')
  // The browser's own check refuses it, with or without JavaScript.
  expect(await box.evaluate((el: HTMLInputElement) => el.checkValidity())).toBe(false)
  await box.press('Enter')
  await page.getByRole('main').getByRole('button', { name: 'Search' }).click()
  await page.waitForLoadState('load')
  await expect(page).toHaveURL(/\/explore\?q=robot&sort=alphabetical$/)
  // The words go, the sort stays.
  await page.getByRole('link', { name: 'Clear search' }).click()
  await expect(page).toHaveURL(/\/explore\?sort=alphabetical$/)
  await expect(page.getByRole('link', { name: 'Clear search' })).toHaveCount(0)
  // Symbols alone are not every asset.
  await page.goto(`/explore?q=${encodeURIComponent('!!! &')}`)
  await expect(page.getByRole('heading', { name: 'No assets found' })).toBeVisible()
  await expect(cards(page)).toHaveCount(0)
  // An address with blank fields goes to its short form.
  await page.goto('/explore?q=+++&tags=&orientation=&tag_match=all&sort=alphabetical')
  await expect(page).toHaveURL(/\/explore\?sort=alphabetical$/)
})

test('Escape closes the suggestions and keeps what was typed @js-only', async ({ page }) => {
  await page.goto('/explore?q=red')
  await hydrated(page)
  // The first focus swaps in the suggesting combobox.
  await page.locator('main input[aria-label="Search"]').click()
  const field = page.getByRole('main').getByRole('combobox', { name: 'Search' })
  await field.fill('rob')
  const suggestions = page.getByRole('listbox').getByRole('option')
  await expect(suggestions.first()).toBeVisible()
  await field.press('Escape')
  await expect(suggestions).toHaveCount(0)
  await expect(field).toHaveValue('rob')
})
