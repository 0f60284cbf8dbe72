import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { e2eQuery, hydrated, onEachScreen, register, signIn, uniqueEmail } from './support'

// The account settings page (/profile/account, opened from the profile's Account Settings),
// with JavaScript and without (the projects run each test twice), on a phone in dark mode and a
// wide desktop in light (onEachScreen).

async function newAccount(page: Page, prefix: string, password: string) {
  const email = uniqueEmail(prefix)
  await register(page, { name: 'Acco Unt', email, password })
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/profile$/)
  await hydrated(page)
  await page.getByRole('link', { name: 'Account Settings' }).click()
  await expect(page).toHaveURL(/\/profile\/account$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()
  await hydrated(page)
  return email
}

onEachScreen(() => {
  test('change the name', async ({ page }) => {
    await newAccount(page, 'name', 'first-password-1')
    const form = page.locator('#account-name')
    await form.getByLabel('Full name').fill('Nora Newname')
    await form.getByRole('button', { name: 'Save name' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Your name has been saved.' })).toBeVisible()
    await expect(page.getByTestId('account-identity')).toContainText('Nora Newname')
    await page.getByRole('link', { name: 'Back to your profile' }).click()
    await expect(page.getByTestId('profile-name')).toHaveText('Nora Newname')
  })

  test('change the password: a wrong current one is refused, the new one signs in', async ({ page }) => {
    const email = await newAccount(page, 'pass', 'first-password-1')
    const form = page.locator('#account-password')
    await form.locator('input[name=currentPassword]').fill('not-the-password')
    await form.locator('input[name=newPassword]').fill('second-password-2')
    await form.locator('input[name=confirmPassword]').fill('second-password-2')
    await form.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('Your current password is not correct.')).toBeVisible()
    await hydrated(page)
    const again = page.locator('#account-password')
    await again.locator('input[name=currentPassword]').fill('first-password-1')
    await again.locator('input[name=newPassword]').fill('second-password-2')
    await again.locator('input[name=confirmPassword]').fill('second-password-2')
    await again.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible()
    // This session stays signed in; the new password works from a fresh sign-in.
    await page.getByRole('button', { name: 'Log out' }).click()
    // Signed out first: a /login opened while still signed in redirects to the profile instead
    // of showing the sign-in form.
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
    await signIn(page, email, 'second-password-2')
    await expect(page).toHaveURL(/\/profile$/)
  })

  test('delete the account: the password confirms, then signing in fails', async ({ page }) => {
    const email = await newAccount(page, 'gone', 'first-password-1')
    const form = page.locator('#account-delete')
    await form.locator('input[name=currentPassword]').fill('not-the-password')
    await form.getByRole('button', { name: 'Delete my account' }).click()
    await expect(page.getByText('Your current password is not correct.')).toBeVisible()
    await hydrated(page)
    await page.locator('#account-delete').locator('input[name=currentPassword]').fill('first-password-1')
    await page.locator('#account-delete').getByRole('button', { name: 'Delete my account' }).click()
    await expect(page).toHaveURL(/\/login\?alert=account_deleted$/)
    await expect(page.getByText('Your account has been deleted.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
    await signIn(page, email, 'first-password-1')
    await expect(page.getByText('Invalid email or password.')).toBeVisible()
  })

  test('change the email: the link mailed to the new address changes it, and the new one signs in', async ({
    page,
  }) => {
    const email = await newAccount(page, 'mail-old', 'first-password-1')
    const newEmail = uniqueEmail('mail-new')
    const form = page.locator('#account-email')
    await form.locator('input[name=email]').fill(newEmail)
    await form.locator('input[name=currentPassword]').fill('first-password-1')
    await form.getByRole('button', { name: 'Send confirmation link' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'We sent a confirmation link to the new address.' }),
    ).toBeVisible()
    // Nothing changes until the link is followed.
    await expect(page.locator('#account-email')).toContainText(`Now ${email}.`)
    const [mail] = await e2eQuery<{ text_body: string }>(
      'select text_body from outbound_emails where to_address = $1 order by id desc limit 1',
      [newEmail],
    )
    const link = new URL(/https?:\/\/\S+\/confirm-email\?token=\S+/.exec(mail.text_body)![0])
    // Opening the link changes nothing (a mail scanner may open it first): its button does.
    await page.goto(link.pathname + link.search)
    expect(await e2eQuery('select 1 from users where email = $1', [newEmail])).toHaveLength(0)
    await page.getByRole('button', { name: 'Confirm the new address' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Your email address has been changed.' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to your account settings' }).click()
    await expect(page).toHaveURL(/\/profile\/account$/)
    await expect(page.getByTestId('account-identity')).toContainText(newEmail)
    await expect(page.locator('#account-email')).toContainText(`Now ${newEmail}.`)
    // The old address is told; the link is single use.
    const [notice] = await e2eQuery<{ subject: string }>(
      'select subject from outbound_emails where to_address = $1 order by id desc limit 1',
      [email],
    )
    expect(notice.subject).toBe('Your AI Stock Library email has changed')
    await page.goto(link.pathname + link.search)
    await page.getByRole('button', { name: 'Confirm the new address' }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: 'This confirmation link is invalid, used or expired.' }),
    ).toBeVisible()
    // Signing in: the old address no longer works, the new one does.
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
    await signIn(page, email, 'first-password-1')
    await expect(page.getByText('Invalid email or password.')).toBeVisible()
    await signIn(page, newEmail, 'first-password-1')
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByTestId('profile-name').locator('xpath=..')).toContainText(newEmail)
  })

  test('sign out other sessions: another browser is signed out, this one stays', async ({
    page,
    browser,
    baseURL,
    javaScriptEnabled,
    viewport,
    colorScheme,
    isMobile,
    hasTouch,
  }) => {
    const email = await newAccount(page, 'sessions', 'first-password-1')
    const other = await browser.newContext({ baseURL, javaScriptEnabled, viewport, colorScheme, isMobile, hasTouch })
    try {
      const elsewhere = await other.newPage()
      await signIn(elsewhere, email, 'first-password-1')
      await expect(elsewhere).toHaveURL(/\/profile$/)
      await expect(elsewhere.getByTestId('profile-name')).toHaveText('Acco Unt')
      await hydrated(page)
      await page.getByRole('button', { name: 'Sign out other sessions' }).click()
      await expect(
        page.getByRole('status').filter({ hasText: 'Your other sessions have been signed out.' }),
      ).toBeVisible()
      const [row] = await e2eQuery<{ n: number }>(
        'select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = $1',
        [email],
      )
      expect(row.n).toBe(1)
      // The other browser is sent to sign in; this one still opens the profile.
      await elsewhere.goto('/profile')
      await expect(elsewhere).toHaveURL(/\/login\?redirect=(\/|%2F)profile/)
      await expect(elsewhere.getByRole('link', { name: 'Login' })).toBeVisible()
      await page.goto('/profile')
      await expect(page).toHaveURL(/\/profile$/)
      await expect(page.getByTestId('profile-name')).toHaveText('Acco Unt')
    } finally {
      await other.close()
    }
  })

  test('Download my data (JSON): the file holds the profile, the favourites and the downloads', async ({ page }) => {
    const email = await newAccount(page, 'mydata', 'first-password-1')
    // One favourite and one download, set up in the database: this test is about the export.
    const [asset] = await e2eQuery<{ id: number; title: string }>('select id, title from assets order by id limit 1')
    await e2eQuery('insert into favourites (user_id, asset_id) select id, $2 from users where email = $1', [
      email,
      asset.id,
    ])
    await e2eQuery(
      `insert into downloads (user_id, asset_id, asset_title, day)
       select id, $2, $3, (now() at time zone 'utc')::date from users where email = $1`,
      [email, asset.id, asset.title],
    )
    await page.reload()
    await hydrated(page)
    const downloadPromise = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download my data (JSON)' }).click()
    const download = await downloadPromise
    expect(download.suggestedFilename()).toMatch(/^ai-stock-library-my-data-\d{4}-\d{2}-\d{2}\.json$/)
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      profile: { email: string; full_name: string }
      favourites: { asset_id: number; title: string }[]
      downloads: { asset_id: number; title: string }[]
    }
    expect(data.profile).toMatchObject({ email, full_name: 'Acco Unt' })
    expect(data.favourites).toEqual([expect.objectContaining({ asset_id: asset.id, title: asset.title })])
    expect(data.downloads).toEqual([expect.objectContaining({ asset_id: asset.id, title: asset.title })])
    await expect(page).toHaveURL(/\/profile\/account$/)
  })
})
