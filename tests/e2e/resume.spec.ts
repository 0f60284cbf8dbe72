import { expect, test, type Page } from '@playwright/test'
import { e2eQuery, hydrated, onEachScreen, register, uniqueEmail } from './support'

// A visitor's heart or download sends them to sign in, says why, and resumes afterwards: the
// favourite saved, the download offered on the page they were on. JavaScript on and off, on a
// phone in dark mode and a wide desktop in light (onEachScreen).

const PASSWORD = 'resume-me-please-1'

async function newAccount(page: Page, name: string): Promise<string> {
  const email = uniqueEmail('resume')
  await register(page, { name, email, password: PASSWORD })
  // Registration leaves the person signed out; the visitor's steps start from here.
  return email
}

/** The first card on /explore: its asset id and title. */
async function firstCard(page: Page): Promise<{ id: string; title: string }> {
  await page.goto('/explore')
  await hydrated(page)
  const link = page.getByTestId('asset-card').first().locator('a').first()
  const href = (await link.getAttribute('href'))!
  const title = (await link.getAttribute('aria-label'))!.replace(/^Preview /, '')
  return { id: new URL(href, 'http://x').searchParams.get('assetId')!, title }
}

async function signInHere(page: Page, email: string) {
  await page.locator('input[name=email]').fill(email)
  await page.locator('input[name=password]').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

async function favouriteTitles(email: string): Promise<string[]> {
  const rows = await e2eQuery<{ title: string }>(
    'select a.title from favourites f join users u on u.id = f.user_id join assets a on a.id = f.asset_id where u.email = $1',
    [email],
  )
  return rows.map((r) => r.title)
}

async function expectOnFavouritesPage(page: Page, title: string) {
  await page.goto('/favorites')
  await expect(page.getByTestId('asset-card').filter({ hasText: title })).toHaveCount(1)
}

onEachScreen(() => {
  test('a heart on explore: sign in, and the favourite is saved and shown', async ({ page }) => {
    const email = await newAccount(page, 'Hana Heart')
    const { title } = await firstCard(page)
    const card = page.getByTestId('asset-card').first()
    await card.hover()
    await card.getByRole('button', { name: 'Add to favorites' }).click()
    await expect(page).toHaveURL(/\/login\?redirect=\/explore&intent=favourite&assetId=\d+$/)
    await expect(page.getByText('Sign in to save favourites.')).toBeVisible()
    await signInHere(page, email)
    await expect(page).toHaveURL(/\/explore\?saved=favourite$/)
    await expect(page.getByTestId('favourite-saved')).toContainText('Saved to your favourites')
    const saved = page.getByTestId('asset-card').first()
    await expect(saved.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true')
    expect(await favouriteTitles(email)).toEqual([title])
    await expectOnFavouritesPage(page, title)
  })

  test('a heart on an asset page: back on that page with the heart filled', async ({ page }) => {
    const email = await newAccount(page, 'Pia Page')
    const { id, title } = await firstCard(page)
    await page.goto(`/assets/${id}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Add to favorites' }).click()
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=/assets/${id}&intent=favourite&assetId=${id}$`))
    await expect(page.getByText('Sign in to save favourites.')).toBeVisible()
    await signInHere(page, email)
    await expect(page).toHaveURL(new RegExp(`/assets/${id}\\?saved=favourite$`))
    await expect(page.getByRole('status').filter({ hasText: 'Saved to your favourites' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute('aria-pressed', 'true')
    await expectOnFavouritesPage(page, title)
  })

  test('Download on an asset page: sign in, back on that page with the download offered', async ({ page }) => {
    const email = await newAccount(page, 'Dex Download')
    const { id, title } = await firstCard(page)
    await page.goto(`/assets/${id}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Download PNG' }).click()
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=/assets/${id}&intent=download&assetId=${id}$`))
    await expect(page.getByText('You need to sign in to download the asset.')).toBeVisible()
    await signInHere(page, email)
    // The asset's own page, not the explore dialog; arriving spends nothing.
    await expect(page).toHaveURL(new RegExp(`/assets/${id}\\?download=1$`))
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByText('You are signed in. Your download is one click away.')).toBeVisible()
    const [before] = await e2eQuery<{ n: number }>(
      'select count(*)::int as n from downloads d join users u on u.id = d.user_id where u.email = $1',
      [email],
    )
    expect(before.n).toBe(0)
    const downloadPromise = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download now' }).click()
    expect((await downloadPromise).suggestedFilename()).toBe(`${title}.png`)
  })

  test('a heart, then a new account: registered, signed in, and the favourite saved', async ({ page }) => {
    const { title } = await firstCard(page)
    const card = page.getByTestId('asset-card').first()
    await card.hover()
    await card.getByRole('button', { name: 'Add to favorites' }).click()
    await expect(page.getByText('Sign in to save favourites.')).toBeVisible()
    await page.getByRole('link', { name: 'Create an account' }).click()
    await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible()
    const email = uniqueEmail('resume-new')
    await page.getByLabel('Full name').fill('Nell New')
    await page.locator('input[name=email]').fill(email)
    await page.locator('input[name=password]').fill(PASSWORD)
    await page.locator('input[name=confirmPassword]').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByText('Registration successful! Please sign in.')).toBeVisible()
    await expect(page.getByText('Sign in to save favourites.')).toBeVisible()
    await signInHere(page, email)
    await expect(page).toHaveURL(/\/explore\?saved=favourite$/)
    await expect(page.getByTestId('favourite-saved')).toBeVisible()
    expect(await favouriteTitles(email)).toEqual([title])
  })

  test('a heart, then Google sign-in: the favourite saved on the way back', async ({ page }) => {
    const { id, title } = await firstCard(page)
    await page.goto(`/assets/${id}`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Add to favorites' }).click()
    await expect(page.getByText('Sign in to save favourites.')).toBeVisible()
    await page.getByRole('link', { name: 'Continue with Google' }).click()
    await expect(page.getByRole('heading', { name: 'Sign in with Google (test provider)' })).toBeVisible()
    const email = uniqueEmail('resume-google')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Name').fill('Gia Google')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(new RegExp(`/assets/${id}\\?saved=favourite$`))
    await expect(page.getByTestId('favourite-saved')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Remove from favorites' })).toBeVisible()
    expect(await favouriteTitles(email)).toEqual([title])
  })
})
