import sharp from 'sharp'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { hydrated, jsEnabled, DEMO_ADMIN, signInAsDemoAdmin, untilProcessed } from './support'

// The bulk bar of /admin/assets and scheduled publishing (decision 89), with JavaScript on and
// off. The browser runs in Paris: with JavaScript the form reads times there, without it in UTC.
test.use({ timezoneId: 'Europe/Paris' })

const marker = (label: string) => `${label}${jsEnabled() ? 'js' : 'nojs'}${Date.now().toString(36)}`
const rows = (page: Page) => page.getByTestId('admin-asset-row')

async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/admin/login', { data: DEMO_ADMIN })
  return ((await login.json()) as { token: string }).token
}

/** Drafts made through the admin API. */
async function createDrafts(request: APIRequestContext, titles: string[]): Promise<number[]> {
  const token = await adminToken(request)
  const ids: number[] = []
  for (const [i, title] of titles.entries()) {
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: i ? '#3355aa' : '#aa5533' } })
      .png()
      .toBuffer()
    const res = await request.post('/api/admin/assets', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        title,
        tags: 'e2e',
        category: 'Testing',
        file: { name: `b-${i}.png`, mimeType: 'image/png', buffer: png },
      },
    })
    expect(res.status()).toBe(201)
    const { id } = (await res.json()) as { id: number }
    // Publishable once processed (decision 087): under load the job may still be running.
    expect(await untilProcessed(request, { Authorization: `Bearer ${token}` }, id)).toBe('ready')
    ids.push(id)
  }
  return ids
}

const apply = (page: Page) => page.getByRole('button', { name: /^Apply to/ })

test('ticked rows are published, then tagged, in bulk', async ({ page, request }) => {
  const word = marker('bulkbar')
  await createDrafts(request, [`Bar A ${word}`, `Bar B ${word}`, `Bar C ${word}`])
  await signInAsDemoAdmin(page)
  await page.goto(`/admin/assets?q=${word}`)
  await hydrated(page)
  await expect(rows(page)).toHaveCount(3)

  await page.getByRole('checkbox', { name: `Select Bar A ${word}` }).check()
  await page.getByRole('checkbox', { name: `Select Bar B ${word}` }).check()
  if (jsEnabled()) await expect(apply(page)).toHaveText('Apply to 2')
  await page.getByLabel('With the selected').selectOption('publish')
  await apply(page).click()
  await expect(page.getByText('Published 2 assets.')).toBeVisible()
  for (const title of [`Bar A ${word}`, `Bar B ${word}`])
    await expect(rows(page).filter({ hasText: title })).toContainText('Published')
  await expect(rows(page).filter({ hasText: `Bar C ${word}` })).toContainText('Pending')

  for (const title of ['A', 'B', 'C']) await page.getByRole('checkbox', { name: `Select Bar ${title} ${word}` }).check()
  await page.getByLabel('With the selected').selectOption('add-tags')
  await page.locator('form#bulk').getByLabel('Tags').fill(`night, ${word}`)
  await apply(page).click()
  await expect(page.getByText(`Added ‘night’, ‘${word}’ to 3 assets.`)).toBeVisible()
  await expect(rows(page).filter({ hasText: 'night' })).toHaveCount(3)

  // Nothing ticked: said plainly, nothing changes.
  if (!jsEnabled()) {
    await page.getByLabel('With the selected').selectOption('unpublish')
    await apply(page).click()
    await expect(page.getByText('Select at least one asset.')).toBeVisible()
  } else {
    for (const title of ['A', 'B', 'C'])
      await page.getByRole('checkbox', { name: `Select Bar ${title} ${word}` }).uncheck()
    await expect(apply(page)).toBeDisabled()
  }
})

test('a draft is scheduled from its edit row and from the bar; the table says when', async ({ page, request }) => {
  const word = marker('sched')
  const [first, second] = await createDrafts(request, [`Sched A ${word}`, `Sched B ${word}`, `Sched C ${word}`])
  const year = new Date().getFullYear() + 1
  await signInAsDemoAdmin(page)
  await page.goto(`/admin/assets?q=${word}`)
  await hydrated(page)

  await page.getByRole('link', { name: `Edit Sched A ${word}` }).click()
  const field = rows(page)
    .filter({ has: page.getByRole('textbox', { name: 'Title' }) })
    .getByLabel(/^Publish at/)
  // With JavaScript the label names the browser's zone; without, the time is UTC.
  await expect(field).toHaveAccessibleName(new RegExp(jsEnabled() ? 'Europe/Paris' : '\\(UTC\\)'))
  await field.fill(`${year}-03-01T10:00`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Changes saved.')).toBeVisible()
  const scheduled = rows(page)
    .filter({ hasText: `Sched A ${word}` })
    .getByTestId('scheduled-for')
  await expect(scheduled).toHaveText(
    jsEnabled() ? `Scheduled for 1 Mar ${year}, 10:00 CET` : `Scheduled for 1 Mar ${year}, 10:00 UTC`,
  )
  const token = await adminToken(request)
  const stored = await request.get(`/api/admin/assets/${first}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(((await stored.json()) as { publish_at: string }).publish_at).toBe(
    jsEnabled() ? `${year}-03-01T09:00:00.000Z` : `${year}-03-01T10:00:00.000Z`,
  )

  // The bar: the second draft, the same moment.
  await page.getByRole('checkbox', { name: `Select Sched B ${word}` }).check()
  await page.getByLabel('With the selected').selectOption('schedule')
  await page
    .locator('form#bulk')
    .getByLabel(/^Publish at/)
    .fill(`${year}-03-01T10:00`)
  await apply(page).click()
  await expect(
    page.getByText(`Scheduled 1 asset for 1 Mar ${year}, ${jsEnabled() ? '09:00' : '10:00'} UTC.`),
  ).toBeVisible()
  await expect(
    rows(page)
      .filter({ hasText: `Sched B ${word}` })
      .getByTestId('scheduled-for'),
  ).toBeVisible()
  const b = await request.get(`/api/admin/assets/${second}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(((await b.json()) as { publish_at: string; is_active: boolean }).is_active).toBe(false)

  // The status menu's 'Scheduled': the two scheduled drafts, not the third.
  await expect(rows(page)).toHaveCount(3)
  await page.getByRole('combobox', { name: 'Status' }).selectOption('scheduled')
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/status=scheduled/)
  await expect(rows(page)).toHaveCount(2)
  await expect(rows(page).getByTestId('scheduled-for')).toHaveCount(2)
  // 'Clear' shows every asset, and the form says so (with JavaScript the select kept 'Scheduled').
  await page.getByRole('main').getByRole('link', { name: 'Clear' }).click()
  await expect(page).toHaveURL(/\/admin\/assets$/)
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('all')
  await expect(page.getByRole('searchbox', { name: 'Search assets', exact: true })).toHaveValue('')

  // The dashboard's recent assets show the schedules as well.
  await page.goto('/admin')
  await hydrated(page)
  for (const title of [`Sched A ${word}`, `Sched B ${word}`])
    await expect(page.getByRole('row').filter({ hasText: title }).getByTestId('scheduled-for')).toBeVisible()
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `Sched C ${word}` })
      .getByTestId('scheduled-for'),
  ).toHaveCount(0)
})
