import { expect, test } from '@playwright/test'
import { e2eQuery, hydrated, register, signIn, uniqueEmail } from './support'

test('register, sign in, sign out', async ({ page }) => {
  const email = uniqueEmail('reg')
  await register(page, { name: 'Rita Register', email: email.toUpperCase(), password: 'register-me-1' })
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  // The sign-in form starts with the address just registered (as stored); only the password is asked.
  await expect(page.locator('input[name=email]')).toHaveValue(email)
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('registered_email')
  await page.locator('input[name=password]').fill('register-me-1')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible()
  // No bell: the product has no notifications.
  await expect(page.getByRole('link', { name: 'Notifications' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === '__session')).toBeUndefined()
})

test('a wrong password gets a clear message', async ({ page }) => {
  await signIn(page, 'admin@example.com', 'not-the-password')
  await expect(page.getByText('Invalid email or password.')).toBeVisible()
  await expect(page).toHaveURL(/\/login/)
})

test('mismatched passwords are refused with the spec text', async ({ page }) => {
  await page.goto('/login?mode=register')
  await hydrated(page)
  await page.getByLabel('Full name').fill('Mia Match')
  await page.locator('input[name=email]').fill(uniqueEmail('mm'))
  await page.locator('input[name=password]').fill('first-pass-1')
  await page.locator('input[name=confirmPassword]').fill('second-pass-2')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Passwords do not match.')).toBeVisible()
})

test('the sign-in mode toggle works as a link', async ({ page }) => {
  await page.goto('/login?redirect=%2Fexplore&assetId=3&alert=signin_required')
  await expect(page.getByText('You need to sign in to download the asset.')).toBeVisible()
  await page.getByRole('link', { name: 'Create an account' }).click()
  await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('assetId')).toBe('3')
  await page.getByRole('link', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeDisabled()
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password')
})

test('the password visibility toggle shows the password @js-only', async ({ page }) => {
  await page.goto('/login')
  await hydrated(page)
  const password = page.locator('input[name=password]')
  await password.fill('peekaboo')
  await expect(password).toHaveAttribute('type', 'password')
  await page.getByRole('button', { name: 'Show password' }).click()
  await expect(password).toHaveAttribute('type', 'text')
})

test('forgot and reset the password through the outbox', async ({ page }) => {
  const email = uniqueEmail('reset')
  await register(page, { name: 'Rex Reset', email, password: 'old-password-1' })
  await page.goto('/forgot-password')
  await page.locator('input[name=email]').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('Password reset email sent. Please check your inbox.')).toBeVisible()
  const [mail] = await e2eQuery<{ text_body: string }>(
    'select text_body from outbound_emails where to_address = $1 order by id desc limit 1',
    [email],
  )
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text_body)![0]
  await page.goto(new URL(link).pathname + new URL(link).search)
  await page.locator('input[name=password]').fill('new-password-2')
  await page.locator('input[name=confirmPassword]').fill('new-password-2')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText('Password has been reset successfully. You can now log in.')).toBeVisible()
  await page.getByRole('link', { name: 'Go to sign in' }).click()
  await signIn(page, email, 'new-password-2')
  await expect(page).toHaveURL(/\/profile$/)
})

test('a reset page without a token says so', async ({ page }) => {
  await page.goto('/reset-password')
  await expect(page.getByText('Invalid or missing reset token.')).toBeVisible()
})

test('after a reset, the page returns to sign in within 3 seconds, with or without JavaScript', async ({ page }) => {
  const email = uniqueEmail('reset3')
  await register(page, { name: 'Tim Timer', email, password: 'old-password-1' })
  await page.goto('/forgot-password')
  await page.locator('input[name=email]').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText('Password reset email sent. Please check your inbox.')).toBeVisible()
  const [mail] = await e2eQuery<{ text_body: string }>(
    'select text_body from outbound_emails where to_address = $1 order by id desc limit 1',
    [email],
  )
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text_body)![0])
  await page.goto(link.pathname + link.search)
  await hydrated(page)
  await page.locator('input[name=password]').fill('new-password-3')
  await page.locator('input[name=confirmPassword]').fill('new-password-3')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText('Password has been reset successfully. You can now log in.')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 })
})

test('Google sign-in through the fake provider', async ({ page }) => {
  const email = uniqueEmail('google')
  await page.goto('/login')
  await page.getByRole('link', { name: 'Continue with Google' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in with Google (test provider)' })).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Name').fill('Gus Google')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  const [user] = await e2eQuery<{ full_name: string; google_id: string }>(
    'select full_name, google_id from users where email = $1',
    [email],
  )
  expect(user.full_name).toBe('Gus Google')
  expect(user.google_id).toBeTruthy()
})

test('a signed-in user who is not an admin gets the 404 page in the admin area', async ({ page }) => {
  const email = uniqueEmail('notadmin')
  await register(page, { name: 'Nora Normal', email, password: 'normal-user-1' })
  await signIn(page, email, 'normal-user-1')
  await expect(page).toHaveURL(/\/profile$/)
  for (const path of ['/admin', '/admin/assets', '/admin/users', '/admin/blog/new']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible()
  }
  await page.goto('/admin/login')
  await page.locator('input[name=email]').fill(email)
  await page.locator('input[name=password]').fill('normal-user-1')
  await page.getByRole('button', { name: 'Login as Admin' }).click()
  await expect(page.getByText('Admin login failed. Please check your credentials.')).toBeVisible()
})

test('a form posted from another site is refused', async ({ request }) => {
  const res = await request.post('/login', {
    form: { intent: 'login', email: 'admin@example.com', password: 'demo-admin-password' },
    headers: { origin: 'https://evil.example' },
    maxRedirects: 0,
  })
  expect([400, 403]).toContain(res.status())
  expect(res.headers()['set-cookie'] ?? '').not.toContain('__session=')
})
