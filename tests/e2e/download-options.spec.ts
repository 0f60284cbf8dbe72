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

/** The sizes the options offer, and the original's size its first option names. */
async function offeredSizes(form: ReturnType<Page['getByRole']>) {
  const size = form.getByLabel('Size')
  const values = await size
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
  const label = (await size.locator('option').first().textContent()) ?? ''
  const [, width, height] = /^Original \((\d+) × (\d+)\)$/.exec(label) ?? []
  expect(width, label).toBeTruthy()
  const long = Math.max(Number(width), Number(height))
  // Never a size larger than the original, nor its own size beside 'Original'. The e2e catalogue's
  // renders are 384 px, so only 'Original' is offered here: the unit test covers larger originals.
  expect(values.filter((v) => v !== 'original' && Number(v) >= long)).toEqual([])
  return { values, long }
}

// Changed with honest sizes: the demo renders are smaller than 512 px, so these take the
// original's own size, and the file's name says it.
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
  const { long } = await offeredSizes(form)
  await form.getByLabel('Size').selectOption('original')
  await form.getByLabel('Format').selectOption('webp')
  await form.getByLabel('Background').selectOption('custom')
  await form.locator('input[name=background_colour]').fill('#ff0000')
  await form.getByLabel('Padding').selectOption('10')
  const downloadPromise = page.waitForEvent('download')
  await form.getByRole('button', { name: 'Download', exact: true }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toBe(`${title}-${long}.webp`)
  const bytes = await readFile((await download.path())!)
  const meta = await sharp(bytes).metadata()
  expect(meta.format).toBe('webp')
  expect(Math.max(meta.width!, meta.height!)).toBe(long)
  const { data } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  // The padding's corner carries the chosen background, opaque.
  expect(data[0]).toBeGreaterThan(235)
  expect(data[1]).toBeLessThan(20)
  expect(data[3]).toBe(255)
})

test('download options on the asset page: a transparent PNG at the original size', async ({ page }) => {
  await newUser(page)
  // A transparent render (other tests upload opaque pictures as 3D assets too).
  await page.goto('/explore?asset_type=3d&transparent=1')
  const href = await page.getByTestId('asset-card').first().locator('a').first().getAttribute('href')
  const id = /assetId=(\d+)/.exec(href!)![1]
  await page.goto(`/assets/${id}`)
  await page.getByText('Download options').click()
  const form = page.getByRole('form', { name: 'Download options' })
  const { long } = await offeredSizes(form)
  await form.getByLabel('Size').selectOption('original')
  await form.getByLabel('Format').selectOption('png')
  const downloadPromise = page.waitForEvent('download')
  await form.getByRole('button', { name: 'Download', exact: true }).click()
  const download = await downloadPromise
  // The original as PNG, transparent and unpadded, is the original file itself: '{title}.png'.
  const title = await page.getByRole('heading', { level: 1 }).textContent()
  expect(download.suggestedFilename()).toBe(`${title}.png`)
  const bytes = await readFile((await download.path())!)
  const meta = await sharp(bytes).metadata()
  expect(meta.format).toBe('png')
  expect(Math.max(meta.width!, meta.height!)).toBe(long)
  const { data } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  // Transparent where the render has no subject (any pixel: a test render may mark its corners).
  let clear = 0
  for (let i = 3; i < data.length; i += 4) if (data[i] === 0) clear++
  expect(clear).toBeGreaterThan(0)
})

test('another asset opened in the dialog starts from its own download options', async ({ page }) => {
  await newUser(page)
  // An oak tree of the demo catalogue: a render with related renders.
  await page.goto('/explore?q=oak')
  await page.getByTestId('asset-card').first().locator('a').first().click()
  const dialog = page.getByRole('dialog')
  const title = dialog.locator('#asset-preview-title')
  const first = await title.textContent()
  await dialog.getByText('Download options').click()
  const form = dialog.getByRole('form', { name: 'Download options' })
  const ownFormat = await form.getByLabel('Format').inputValue()
  await form.getByLabel('Format').selectOption('webp')
  await form.getByLabel('Padding').selectOption('10')
  await page.getByRole('region', { name: 'Related Assets' }).getByRole('listitem').first().getByRole('link').click()
  await expect(title).not.toHaveText(first!)
  await dialog.getByText('Download options').click()
  // With JavaScript the dialog stays and shows the next asset: its options were the last one's.
  await expect(form.getByLabel('Format')).toHaveValue(ownFormat)
  await expect(form.getByLabel('Padding')).toHaveValue('0')
})
