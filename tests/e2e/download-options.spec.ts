import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { expect, test, type Page } from '@playwright/test'
import { register, signIn, uniqueEmail } from './support'

async function newUser(page: Page) {
  const email = uniqueEmail('opt')
  await register(page, { name: 'Otto Options', email, password: 'options-me-1' })
  await signIn(page, email, 'options-me-1')
  await expect(page).toHaveURL(/\/profile$/)
}

test('download options: size, format and background give that file', async ({ page }) => {
  await newUser(page)
  // A transparent render (other tests upload opaque pictures as 3D assets too).
  await page.goto('/explore?asset_type=3d&transparent=1')
  const link = page.getByTestId('asset-card').first().locator('a').first()
  const title = (await link.getAttribute('aria-label'))!.replace(/^Preview /, '')
  await link.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await dialog.getByText('Download options').click()
  const form = dialog.getByRole('form', { name: 'Download options' })
  await form.getByLabel('Size').selectOption('512')
  await form.getByLabel('Format').selectOption('webp')
  await form.getByLabel('Background').selectOption('custom')
  await form.locator('input[name=background_colour]').fill('#ff0000')
  await form.getByLabel('Padding').selectOption('10')
  const downloadPromise = page.waitForEvent('download')
  await form.getByRole('button', { name: 'Download', exact: true }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toBe(`${title}-512.webp`)
  const bytes = await readFile((await download.path())!)
  const meta = await sharp(bytes).metadata()
  expect(meta.format).toBe('webp')
  expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512)
  const { data } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  // The padding's corner carries the chosen background, opaque.
  expect(data[0]).toBeGreaterThan(235)
  expect(data[1]).toBeLessThan(20)
  expect(data[3]).toBe(255)
})

test('download options on the asset page: a transparent PNG at 1024', async ({ page }) => {
  await newUser(page)
  // A transparent render (other tests upload opaque pictures as 3D assets too).
  await page.goto('/explore?asset_type=3d&transparent=1')
  const href = await page.getByTestId('asset-card').first().locator('a').first().getAttribute('href')
  const id = /assetId=(\d+)/.exec(href!)![1]
  await page.goto(`/assets/${id}`)
  await page.getByText('Download options').click()
  const form = page.getByRole('form', { name: 'Download options' })
  await form.getByLabel('Size').selectOption('1024')
  await form.getByLabel('Format').selectOption('png')
  const downloadPromise = page.waitForEvent('download')
  await form.getByRole('button', { name: 'Download', exact: true }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toMatch(/-1024\.png$/)
  const bytes = await readFile((await download.path())!)
  const meta = await sharp(bytes).metadata()
  expect(meta.format).toBe('png')
  expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1024)
  const { data } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  expect(data[3]).toBe(0)
})
