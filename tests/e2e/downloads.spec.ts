import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { formatFileSize } from '../../app/lib/asset-view'
import { e2eQuery, onEachScreen, register, signIn, uniqueEmail } from './support'

async function newUser(page: Page) {
  const email = uniqueEmail('dl')
  await register(page, { name: 'Dana Download', email, password: 'download-me-1' })
  await signIn(page, email, 'download-me-1')
  await expect(page).toHaveURL(/\/profile$/)
  return email
}

async function openFirstAsset(page: Page) {
  await page.goto('/explore')
  const link = page.getByTestId('asset-card').first().locator('a').first()
  const title = (await link.getAttribute('aria-label'))!.replace(/^Preview /, '')
  await link.click()
  await expect(page.getByRole('dialog')).toBeVisible()
  return title
}

// Resuming after sign-in, on a phone in dark mode and a wide desktop in light.
onEachScreen(() => {
  test('signed out: download asks to sign in, then offers Download now and saves {title}.png', async ({ page }) => {
    const email = uniqueEmail('resume')
    await register(page, { name: 'Rae Resume', email, password: 'resume-me-1' })
    const title = await openFirstAsset(page)
    await page.getByRole('button', { name: 'Download PNG' }).click()
    await expect(page).toHaveURL(/\/login\?redirect=\/explore%3FassetId%3D\d+&intent=download&assetId=\d+$/)
    await expect(page.getByText('You need to sign in to download the asset.')).toBeVisible()
    await page.locator('input[name=email]').fill(email)
    await page.locator('input[name=password]').fill('resume-me-1')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(/\/explore\?assetId=\d+&download=1/)
    // Arriving by a link spends nothing: the download waits for the user's own click (a POST).
    const [row] = await e2eQuery<{ n: number }>(
      'select count(*)::int as n from downloads d join users u on u.id = d.user_id where u.email = $1',
      [email],
    )
    expect(row.n).toBe(0)
    await expect(page.getByText('You are signed in. Your download is one click away.')).toBeVisible()
    const downloadPromise = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download now' }).click()
    const download = await downloadPromise
    expect(download.suggestedFilename()).toBe(`${title}.png`)
  })
})

test('signed in: Download PNG saves {title}.png and counts against the quota', async ({ page, javaScriptEnabled }) => {
  const email = await newUser(page)
  const title = await openFirstAsset(page)
  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download PNG' }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toBe(`${title}.png`)
  const path = await download.path()
  expect(path).toBeTruthy()
  if (javaScriptEnabled) await expect(page.getByRole('dialog')).toBeVisible()
  const [row] = await e2eQuery<{ used: number }>(
    'select q.used from download_quota_usage q join users u on u.id = q.user_id where u.email = $1',
    [email],
  )
  expect(row.used).toBe(1)
  await page.goto('/profile')
  await expect(page.getByTestId('tile-quota')).toContainText('1 / 5')
  await expect(page.getByTestId('tile-downloads')).toContainText('1')
  await expect(page.getByTestId('recent-downloads')).toContainText(title)
})

test('the asset page says how large its download is, and the file saved is that large', async ({ page }) => {
  // The demo's files are made ahead a moment after the start, and a page every visitor shares
  // may be up to a minute and a half old: the first file made is awaited, then its page.
  test.setTimeout(150_000)
  await newUser(page)
  let asset: { id: number; bytes: number } | undefined
  await expect(async () => {
    ;[asset] = await e2eQuery<{ id: number; bytes: number }>(
      `select a.id, v.bytes from assets a join asset_variants v on v.asset_id = a.id and v.variant = 'original'
       where a.is_active and a.asset_type = '3d' and v.bytes is not null order by a.id limit 1`,
    )
    expect(asset, 'a demo asset with its download made ahead').toBeDefined()
    await page.goto(`/assets/${asset!.id}`)
    await expect(page.getByTestId('file-size')).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 120_000 })
  const shown = await page.getByTestId('file-size').textContent()
  expect(shown).toBe(formatFileSize(asset!.bytes))
  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download PNG' }).click()
  const file = await readFile((await (await downloadPromise).path())!)
  expect(file.length).toBe(asset!.bytes)
  expect(file.subarray(1, 4).toString()).toBe('PNG')
})

const spendQuota = (email: string) =>
  e2eQuery(
    `insert into download_quota_usage (user_id, day, used) select id, (now() at time zone 'utc')::date, 5 from users where email = $1`,
    [email],
  )

// The quota's reset line, on a phone in dark mode and a wide desktop in light.
onEachScreen(() => {
  // The quota is spent after the page was shown (another tab, another device): a page shown with
  // the quota spent no longer offers the button (next test).
  test('the sixth download of the day goes to pricing with the banner, which says when it resets', async ({ page }) => {
    const email = await newUser(page)
    await openFirstAsset(page)
    await spendQuota(email)
    await page.getByRole('button', { name: 'Download PNG' }).click()
    await expect(page).toHaveURL(/\/pricing\?alert=upgrade_required$/)
    await expect(page.getByText('You need to upgrade your account to continue downloading assets.')).toBeVisible()
    await expect(page.getByTestId('upgrade-required')).toContainText(
      /free downloads come back tomorrow\. Resets at midnight UTC, in (\d+ h)?( ?\d+ min)?\./,
    )
  })

  test('a spent quota disables the button and says why, with the way to Pro, in the dialog and on the page', async ({
    page,
  }) => {
    const email = await newUser(page)
    await spendQuota(email)
    await openFirstAsset(page)
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('button', { name: 'Download PNG' })).toBeDisabled()
    await expect(dialog.getByTestId('quota-line')).toHaveText('0 of 5 free downloads left today')
    await expect(dialog.getByTestId('quota-resets')).toHaveText(/^Resets at midnight UTC, in (\d+ h)?( ?\d+ min)?$/)
    await expect(dialog.getByTestId('download-spent')).toContainText('Today’s free downloads are used up.')
    await expect(dialog.getByRole('link', { name: 'Go Pro' })).toHaveAttribute('href', '/pricing')
    const href = await dialog.getByRole('link', { name: 'Open the asset page' }).getAttribute('href')
    await page.goto(href!)
    await expect(page.getByRole('button', { name: 'Download PNG' })).toBeDisabled()
    await expect(page.getByRole('link', { name: 'Go Pro' })).toHaveAttribute('href', '/pricing')
    // The heart and Save stay side by side under the message, as they are with downloads left
    // (the message once put the heart on the download block's right and Save under it).
    const spent = (await page.getByTestId('download-spent').boundingBox())!
    const heart = (await page.locator('main form[action="/favorites"] > button').first().boundingBox())!
    const save = (await page.getByRole('button', { name: 'Save to collection' }).boundingBox())!
    expect(heart.y).toBeGreaterThanOrEqual(spent.y + spent.height)
    expect(Math.abs(heart.y + heart.height / 2 - (save.y + save.height / 2))).toBeLessThan(4)
    expect(save.x).toBeGreaterThan(heart.x + heart.width)
  })
})

test('favourites: the heart adds and removes, and /favorites and the profile show them', async ({ page }) => {
  await newUser(page)
  await page.goto('/explore')
  const card = page.getByTestId('asset-card').first()
  const title = (await card.locator('a').first().getAttribute('aria-label'))!.replace(/^Preview /, '')
  await card.hover()
  // The heart answers at once with JavaScript (optimistic): wait for the server's answer before
  // leaving the page, as a navigation would cancel the request in flight.
  const added = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /^\/favorites(\.data)?$/.test(new URL(r.url()).pathname),
  )
  await card.getByRole('button', { name: 'Add to favorites' }).click()
  await added
  await expect(card.getByRole('button', { name: 'Remove from favorites' })).toBeVisible()
  await page.goto('/favorites')
  await expect(page.getByText('1 saved asset')).toBeVisible()
  await expect(page.getByRole('link', { name: `Preview ${title}` })).toBeVisible()
  await page.goto('/profile')
  await expect(page.getByTestId('tile-favorites')).toContainText('1')
  await page.goto('/favorites')
  const saved = page.getByTestId('asset-card').first()
  await saved.hover()
  const removed = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /^\/favorites(\.data)?$/.test(new URL(r.url()).pathname),
  )
  await saved.getByRole('button', { name: 'Remove from favorites' }).click()
  await removed
  await page.goto('/favorites')
  await expect(page.getByText('0 saved assets')).toBeVisible()
})

test('the profile shows the card, the tiles and the sections', async ({ page }) => {
  const email = await newUser(page)
  await expect(page.getByTestId('profile-name')).toHaveText('Dana Download')
  await expect(page.getByText(email).first()).toBeVisible()
  await expect(page.getByTestId('tile-quota')).toContainText('0 / 5')
  await expect(page.getByTestId('tile-plan')).toContainText('Free')
  await expect(page.getByTestId('tile-plan').getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing')
  for (const heading of ['Favorites', 'Recent Downloads', 'Billing History', 'Quick Actions'])
    await expect(page.getByRole('heading', { name: heading })).toBeVisible()
  // The account's forms are a page of their own, which Account Settings opens.
  await expect(page.locator('#account-name')).toHaveCount(0)
  await page.getByRole('link', { name: 'Account Settings' }).click()
  await expect(page).toHaveURL(/\/profile\/account$/)
  await expect(page.locator('#account-name').getByLabel('Full name')).toHaveValue('Dana Download')
})
