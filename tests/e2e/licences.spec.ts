import { expect, test } from '@playwright/test'
import { e2eQuery, register, signIn, uniqueEmail } from './support'

test('a download names its licence; the certificate and the verification page prove it, signed out too', async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  const email = uniqueEmail('licence')
  await register(page, { name: 'Lena Licence', email, password: 'licence-me-1' })
  await signIn(page, email, 'licence-me-1')
  await expect(page).toHaveURL(/\/profile$/)
  await page.goto('/explore')
  const card = page.getByTestId('asset-card').first().locator('a').first()
  const title = (await card.getAttribute('aria-label'))!.replace(/^Preview /, '')
  const href = await card.getAttribute('href')
  const assetId = new URL(href!, 'http://x').searchParams.get('assetId')
  await page.goto(`/assets/${assetId}`)

  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('button', { name: /^Download (PNG|JPG|WEBP|WAV|MP3|OGG|FLAC)$/ }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toContain(title)

  const [licence] = await e2eQuery<{ id: string }>(
    'select l.id from licences l join users u on u.id = l.user_id where u.email = $1',
    [email],
  )
  expect(licence.id).toMatch(/^LIC-[A-Z2-7]{20}$/)
  // With JavaScript the licence shows under the button; without, the page came back with it.
  const notice = page.getByTestId(javaScriptEnabled ? 'download-licence' : 'download-started')
  await expect(notice).toContainText(licence.id)
  if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`/assets/${assetId}\\?download=`))

  // The certificate is a PDF.
  const certificateHref = await notice.getByRole('link', { name: /Certificate|certificate/ }).getAttribute('href')
  expect(certificateHref).toBe(`/licenses/${licence.id}.pdf`)
  const pdf = await page.request.get(certificateHref!)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')

  // The profile links it too.
  await page.goto('/profile')
  await expect(page.getByTestId('recent-downloads').getByRole('link', { name: `Licence ${licence.id}` })).toBeVisible()
  await page.getByRole('link', { name: 'All your licences' }).click()
  await expect(page.getByTestId('licences')).toContainText(licence.id)

  // Anyone can check it, signed out: the facts, never the email.
  const stranger = await browser.newContext({ javaScriptEnabled })
  const other = await stranger.newPage()
  await other.goto(`/licenses/${licence.id}`)
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(licence.id)
  await expect(other.getByText('Valid licence')).toBeVisible()
  await expect(other.getByText('Lena Licence').first()).toBeVisible()
  await expect(other.getByRole('link', { name: title })).toBeVisible()
  expect(await other.content()).not.toContain(email)
  await stranger.close()
})

test('an unknown licence is a 404 page', async ({ page }) => {
  const res = await page.goto('/licenses/LIC-AAAAAAAAAAAAAAAAAAAA')
  expect(res?.status()).toBe(404)
})
