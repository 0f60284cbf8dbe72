import { expect, test } from '@playwright/test'
import { jsEnabled, signInAsDemoAdmin } from './support'

// The searches section of /admin/analytics (decision 90): a visitor's searches show up in the
// artist's lists, the period switch and the CSVs are plain links, readable without JavaScript.

test('a search with no results reaches the artist’s to-do list; the period switch and CSV are links', async ({
  page,
  browser,
}) => {
  const word = `zq${jsEnabled() ? 'js' : 'nojs'}${Date.now().toString(36)}`
  // A visitor (no session) searches twice: the second is served from the page cache.
  const visitor = await browser.newPage()
  for (let i = 0; i < 2; i++) {
    await visitor.goto('/')
    await visitor.goto(`/explore?q=${word}`)
    await expect(visitor.getByRole('heading', { name: 'Explore assets' })).toBeVisible()
  }
  await visitor.close()

  await signInAsDemoAdmin(page)
  const section = page.locator('#searches')
  // Searches are written a second after they are made.
  await expect(async () => {
    await page.goto('/admin/analytics?searches=7')
    await expect(
      section.getByRole('table', { name: /Searches with no results/ }).getByRole('row', { name: word }),
    ).toBeVisible({
      timeout: 1_000,
    })
  }).toPass({ timeout: 15_000 })

  await expect(section.getByRole('heading', { name: 'What people look for', level: 2 })).toBeVisible()
  await expect(section.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'page')
  const zeroRow = section.getByRole('table', { name: /Searches with no results/ }).getByRole('row', { name: word })
  await expect(zeroRow).toContainText('2')
  await expect(section.getByRole('table', { name: /Top searches/ }).getByRole('row', { name: word })).toBeVisible()
  await expect(
    section.getByRole('img', { name: /Searches with no results per day over the last 7 days/ }),
  ).toBeVisible()
  await expect(section.getByRole('img', { name: /searches, .* opened from a search/ })).toBeVisible()
  await expect(section.getByRole('table', { name: /Searches, opens and downloads/ })).toBeVisible()

  await section.getByRole('link', { name: '90 days' }).click()
  await expect(page).toHaveURL(/searches=90/)
  await expect(section.getByRole('link', { name: '90 days' })).toHaveAttribute('aria-current', 'page')
  await expect(section.getByRole('img', { name: /Top searches|Searches per day over the last 90 days/ })).toBeVisible()

  const csv = await page.request.get(
    (await section.getByRole('link', { name: /Download “Searches with no results” as CSV/ }).getAttribute('href')) ??
      '',
  )
  expect(csv.status()).toBe(200)
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8')
  expect(await csv.text()).toContain(`${word},,2,0,0`)
})
