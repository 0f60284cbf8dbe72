import sharp from 'sharp'
import { expect, test } from '@playwright/test'
import { DEMO_ADMIN, e2eQuery, register, signIn, uniqueEmail, untilProcessed } from './support'

// Early access: an asset the artist has scheduled opens for Pro before it goes live. A Pro member
// finds it on /early-access, opens its page and downloads it; a Free member sees it coming,
// with the offer, and its page answers 404. Both JavaScript modes.

let title = ''
let id = 0

test.beforeAll(async ({ playwright }, testInfo) => {
  title = `Early Lantern ${testInfo.project.name} ${Date.now().toString(36)}`
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    const login = await api.post('/api/admin/login', { data: DEMO_ADMIN })
    const { token } = (await login.json()) as { token: string }
    const headers = { Authorization: `Bearer ${token}` }
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#f59e0b' } })
      .png()
      .toBuffer()
    const created = await api.post('/api/admin/assets', {
      headers,
      multipart: {
        title,
        tags: 'lantern, early',
        category: 'Testing',
        asset_type: 'image',
        file: { name: 'lantern.png', mimeType: 'image/png', buffer: png },
      },
    })
    expect(created.status()).toBe(201)
    id = ((await created.json()) as { id: number }).id
    expect(await untilProcessed(api, headers, id)).toBe('ready')
    const publishAt = new Date(Date.now() + 3 * 86_400_000).toISOString()
    const scheduled = await api.patch(`/api/admin/assets/${id}`, { headers, data: { publish_at: publishAt } })
    expect(scheduled.status()).toBe(200)
  } finally {
    await api.dispose()
  }
})

async function member(page: import('@playwright/test').Page, plan: 'free' | 'pro') {
  const email = uniqueEmail(`early-${plan}`)
  const password = 'early-access-password-1'
  await register(page, { name: `Early ${plan}`, email, password })
  if (plan === 'pro') await e2eQuery(`update users set plan = 'pro' where email = $1`, [email])
  await signIn(page, email, password)
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
}

test('a Pro member opens an asset before it goes live and downloads it', async ({ page }) => {
  await member(page, 'pro')
  await page.goto('/pricing')
  await page.getByRole('link', { name: 'Early access to new assets' }).click()
  await expect(page).toHaveURL(/\/early-access$/)
  await expect(page.getByTestId('early-access-offer')).toHaveCount(0)
  await page.getByTestId('early-access-list').getByRole('link', { name: title }).click()
  await expect(page).toHaveURL(new RegExp(`/assets/${id}$`))
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByTestId('early-access')).toHaveText(
    /^Early access for Pro · public on \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC$/,
  )
  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download PNG' }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toBe(`${title}.png`)
  const meta = await sharp((await download.path())!).metadata()
  expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
    format: 'png',
    width: 800,
    height: 600,
  })
})

test('a Free member sees it coming with the offer, and its page is not there yet', async ({ page }) => {
  await member(page, 'free')
  await page.goto('/early-access')
  const list = page.getByTestId('early-access-list')
  await expect(list.getByText(title, { exact: true })).toBeVisible()
  await expect(list.getByRole('link', { name: title })).toHaveCount(0)
  await expect(page.getByTestId('early-access-offer')).toContainText(
    'Go Pro ($9 a month) to open and download these now.',
  )
  const response = await page.goto(`/assets/${id}`)
  expect(response?.status()).toBe(404)
})
