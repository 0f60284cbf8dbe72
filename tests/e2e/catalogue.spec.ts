import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { readFile } from 'node:fs/promises'
import { register, signIn, uniqueEmail } from './support'

async function openFirst(page: Page, type: 'audio' | 'image') {
  await page.goto(`/explore?asset_type=${type}`)
  const link = page.getByTestId('asset-card').first().locator('a').first()
  const title = (await link.getAttribute('aria-label'))!.replace(/^Preview /, '')
  await link.click()
  await expect(page.getByRole('dialog')).toBeVisible()
  return title
}

test('an audio asset has a playable preview in the dialog and on its page', async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  await page.goto('/explore?asset_type=audio')
  // Cards show the duration; with JavaScript, a play button too.
  const card = page.getByTestId('asset-card').first()
  await expect(card.getByTestId('audio-duration')).toHaveText(/^\d+:\d\d$/)
  if (javaScriptEnabled) await expect(card.getByRole('button', { name: /^Play / })).toBeVisible()
  await openFirst(page, 'audio')
  // Audio as audio: nothing to zoom, no background or colour to choose, no 'Similar colours'.
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('group', { name: 'Zoom' })).toHaveCount(0)
  await expect(dialog.getByRole('group', { name: 'Background' })).toHaveCount(0)
  await expect(dialog.getByText('Similar colours')).toHaveCount(0)
  await expect(dialog.getByText('Download options')).toHaveCount(0)
  const player = page.getByRole('dialog').getByTestId('audio-preview')
  await expect(player).toHaveAttribute('preload', 'none')
  await expect(player).toHaveAttribute('controls', '')
  const src = await player.locator('source').getAttribute('src')
  expect(src).toMatch(/\/preview\.mp3$/)
  const res = await request.get(src!)
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toBe('audio/mpeg')
  if (javaScriptEnabled) {
    // The click that opened the dialog lets the page play sound.
    await player.evaluate((el: HTMLAudioElement) => el.play())
    await expect
      .poll(() => player.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0)
    await player.evaluate((el: HTMLAudioElement) => el.pause())
  }
  await page.getByRole('dialog').getByRole('link', { name: 'Open the asset page' }).click()
  await expect(page.getByTestId('audio-preview')).toHaveAttribute('preload', 'none')
  await expect(page.getByRole('button', { name: 'Download WAV' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Zoom' })).toHaveCount(0)
  await expect(page.getByText('Similar colours')).toHaveCount(0)
})

test('with JavaScript a card plays its preview in place, one at a time @js-only', async ({ page }) => {
  await page.goto('/explore?asset_type=audio')
  const cards = page.getByTestId('asset-card')
  await cards
    .nth(0)
    .getByRole('button', { name: /^Play / })
    .click()
  await expect(cards.nth(0).getByRole('button', { name: /^Pause / })).toBeVisible()
  await cards
    .nth(1)
    .getByRole('button', { name: /^Play / })
    .click()
  await expect(cards.nth(1).getByRole('button', { name: /^Pause / })).toBeVisible()
  await expect(cards.nth(0).getByRole('button', { name: /^Play / })).toBeVisible()
})

test('downloading an audio asset saves the original WAV as {title}.wav', async ({ page }) => {
  const email = uniqueEmail('wav')
  await register(page, { name: 'Wren Wave', email, password: 'listen-to-me-1' })
  await signIn(page, email, 'listen-to-me-1')
  await expect(page).toHaveURL(/\/profile$/)
  const title = await openFirst(page, 'audio')
  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('dialog').getByRole('button', { name: 'Download WAV' }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toBe(`${title}.wav`)
  const bytes = await readFile((await download.path())!)
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF')
  expect(bytes.subarray(8, 12).toString('latin1')).toBe('WAVE')
})

test('the Images tab shows full-bleed pictures, without a checkerboard', async ({ page, request }) => {
  await page.goto('/explore?asset_type=image')
  const cards = page.getByTestId('asset-card')
  await expect(cards.first()).toBeVisible()
  const count = await cards.count()
  expect(count).toBeGreaterThanOrEqual(12)
  for (let i = 0; i < count; i++) {
    const media = cards.nth(i).locator('[data-fullbleed]')
    await expect(media).toHaveCount(1)
    const src = await cards.nth(i).locator('img').first().getAttribute('src')
    const res = await request.get(src!)
    expect(res.status()).toBe(200)
    const stats = await sharp(await res.body()).stats()
    expect(stats.isOpaque, src!).toBe(true)
  }
  const background = await cards
    .first()
    .locator('[data-fullbleed]')
    .evaluate((el) => getComputedStyle(el).backgroundImage)
  expect(background).toBe('none')
  // The dialog shows the picture alone: no background choices for a full-bleed image.
  await cards.first().locator('a').first().click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect(page.getByRole('dialog').getByRole('group', { name: 'Background' })).toHaveCount(0)
  await expect(page.getByRole('dialog').getByRole('button', { name: /^Download (JPG|PNG)$/ })).toBeVisible()
})

test("each tab's filter panel offers that type's own tags and categories, each finding some of it", async ({
  page,
}) => {
  const suggested: Record<string, string[]> = {}
  for (const type of ['image', 'audio'] as const) {
    await page.goto(`/explore?asset_type=${type}`)
    await page.getByText('All filters').click()
    const panel = page.locator('form').filter({ has: page.getByRole('button', { name: 'Apply filters' }) })
    // Colour, orientation and transparency describe pictures, not sounds.
    for (const control of [
      panel.getByRole('group', { name: /^Colour/ }),
      panel.getByLabel('Orientation'),
      panel.getByLabel('Transparent background only'),
    ])
      await expect(control).toHaveCount(type === 'audio' ? 0 : 1)
    const links = panel.getByRole('group', { name: 'Popular tags' }).getByRole('link')
    await expect(links.first()).toBeVisible()
    suggested[type] = await links.allTextContents()
    const hrefs = (await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')!))).slice(0, 4)
    // Every category listed holds this type, as many as its count says (the count of one page).
    const categories = (await panel.getByLabel('Category').locator('option').allTextContents()).slice(1)
    expect(categories.length).toBeGreaterThan(0)
    // The smallest, which fits on one page of results.
    const [, name, count] = categories
      .map((label) => /^(.+) \((\d+)\)$/.exec(label)!)
      .reduce((least, next) => (Number(next[2]) < Number(least[2]) ? next : least))
    expect(Number(count)).toBeLessThanOrEqual(20)
    await page.goto(`/explore?asset_type=${type}&category=${encodeURIComponent(name!)}`)
    await expect(page.getByTestId('asset-card')).toHaveCount(Number(count))
    for (const href of hrefs) {
      expect(href).toContain(`asset_type=${type}`)
      await page.goto(href)
      await expect(page.getByTestId('asset-card').first(), href).toBeVisible()
    }
  }
  // Sounds and pictures are described with different words.
  expect(suggested.image.slice(0, 4)).not.toEqual(suggested.audio.slice(0, 4))
})
