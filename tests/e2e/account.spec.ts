import { expect, test } from '@playwright/test'
import { hydrated, register, signIn, uniqueEmail } from './support'

// The account forms of /profile, with JavaScript and without (the projects run each test twice).

async function newAccount(page: import('@playwright/test').Page, prefix: string, password: string) {
  const email = uniqueEmail(prefix)
  await register(page, { name: 'Acco Unt', email, password })
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/profile$/)
  await hydrated(page)
  return email
}

test('change the name', async ({ page }) => {
  await newAccount(page, 'name', 'first-password-1')
  const form = page.locator('#account-name')
  await form.getByLabel('Full name').fill('Nora Newname')
  await form.getByRole('button', { name: 'Save name' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Your name has been saved.' })).toBeVisible()
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
