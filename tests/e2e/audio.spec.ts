import { readFile } from 'node:fs/promises'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { hydrated, register, signIn, uniqueEmail } from './support'
import { HOME_GRID_SIZE } from '../../app/lib/constants'

// Audio as audio: every audio card plays without JavaScript, and MP3 is offered beside the WAV.

/** The audio cards of a page: the ones that show a duration. */
const audioCards = (page: Page) => page.getByTestId('asset-card').filter({ has: page.getByTestId('audio-duration') })

/** Each card's own player: shown, native controls, fetching nothing until played, and its file answers as audio. */
async function expectPlayable(cards: Locator, request: APIRequestContext) {
  const count = await cards.count()
  for (let i = 0; i < count; i++) {
    const player = cards.nth(i).getByTestId('card-audio')
    await expect(player).toBeVisible()
    await expect(player).toHaveAttribute('controls', '')
    await expect(player).toHaveAttribute('preload', 'none')
    const box = (await player.boundingBox())!
    expect(box.width).toBeGreaterThanOrEqual(100)
    const src = (await player.getAttribute('src'))!
    const res = await request.get(src)
    expect(res.status(), src).toBe(200)
    expect(res.headers()['content-type'], src).toMatch(/^audio\//)
    expect((await res.body()).length, src).toBeGreaterThan(1000)
  }
  return count
}

async function signedIn(page: Page, name: string) {
  const email = uniqueEmail('audio')
  await register(page, { name, email, password: 'listen-again-1' })
  await signIn(page, email, 'listen-again-1')
  await expect(page).toHaveURL(/\/profile$/)
}

test('without JavaScript every audio card on explore, home and favourites can be played @nojs-only', async ({
  page,
  request,
}) => {
  await page.goto('/explore?asset_type=audio')
  expect(await expectPlayable(audioCards(page), request)).toBeGreaterThanOrEqual(4)
  // The player is the card's own: playing it is not opening the preview.
  await expect(audioCards(page).first().getByRole('link').getByTestId('card-audio')).toHaveCount(0)

  // Home's grid is the newest assets: as many playable cards as audio clips among them (other
  // tests' uploads may have pushed every clip out by now).
  const newest = await (await request.get(`/api/assets?sort=newest&limit=${HOME_GRID_SIZE}`)).json()
  await page.goto('/')
  expect(await expectPlayable(audioCards(page), request)).toBe(
    newest.assets.filter((asset: { asset_type: string }) => asset.asset_type === 'audio').length,
  )

  await signedIn(page, 'Fay Favourite')
  await page.goto('/explore?asset_type=audio')
  const card = audioCards(page).first()
  await card.hover()
  await card.getByRole('button', { name: 'Add to favorites' }).click()
  await page.goto('/favorites')
  expect(await expectPlayable(audioCards(page), request)).toBe(1)
})

test('with JavaScript the cards keep the play button instead of the browser player @js-only', async ({ page }) => {
  await page.goto('/explore?asset_type=audio')
  await hydrated(page)
  const card = audioCards(page).first()
  await expect(card.getByRole('button', { name: /^Play / })).toBeVisible()
  await expect(card.getByTestId('card-audio')).toHaveCount(0)
})

test('an audio asset is offered as MP3 beside the WAV: {title}.mp3, real MP3 bytes', async ({ page }) => {
  await signedIn(page, 'Milo Mp3')
  await page.goto('/explore?asset_type=audio')
  const href = (await audioCards(page).first().locator('a').first().getAttribute('href'))!
  const id = new URL(href, 'http://x').searchParams.get('assetId')
  await page.goto(`/assets/${id}`)
  await hydrated(page)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
  await expect(page.getByRole('button', { name: 'Download WAV' })).toBeVisible()
  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download MP3' }).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toBe(`${title}.mp3`)
  const bytes = await readFile((await download.path())!)
  // The provenance's ID3 tag, then MPEG audio frames: not a renamed WAV.
  expect(bytes.subarray(0, 3).toString('latin1')).toBe('ID3')
  const tagEnd = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!)
  expect(bytes[tagEnd]).toBe(0xff)
  expect(bytes[tagEnd + 1]! & 0xe0).toBe(0xe0)
  expect(bytes.includes(Buffer.from('RIFF'))).toBe(false)
  // Licensed like any download: the licence is named on the page.
  if (test.info().project.name === 'js') await expect(page.getByTestId('download-licence')).toBeVisible()
  else await expect(page.getByTestId('download-started')).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test("an audio card's length, player and buttons keep clear of each other", async ({ page }) => {
    const clashes: string[] = []
    // Explore's grid and list (home's newest-first grid holds audio only until other tests'
    // uploads push it out, so it cannot be counted on here).
    for (const path of ['/explore?asset_type=audio', '/explore?asset_type=audio&view=list']) {
      await page.goto(path)
      await hydrated(page)
      const cards = audioCards(page)
      const count = await cards.count()
      expect(count, path).toBeGreaterThan(0)
      for (let i = 0; i < count; i++) {
        // The length, the heart, the save button, and the play button (with JavaScript) or the
        // player (without): no two of them on top of each other.
        const overlapping = await cards.nth(i).evaluate((card) => {
          const parts = [
            ...card.querySelectorAll('[data-testid=audio-duration], form button, button[aria-pressed], audio'),
          ]
            .filter((part) => getComputedStyle(part).display !== 'none')
            .map((part) => ({
              name: part.getAttribute('aria-label') ?? part.textContent,
              box: part.getBoundingClientRect(),
            }))
          const found: string[] = []
          for (const [n, a] of parts.entries())
            for (const b of parts.slice(n + 1))
              if (
                a.box.left < b.box.right &&
                b.box.left < a.box.right &&
                a.box.top < b.box.bottom &&
                b.box.top < a.box.bottom
              )
                found.push(`${a.name} / ${b.name}`)
          return found
        })
        if (overlapping.length) clashes.push(`${path}, card ${i + 1}: ${overlapping.join('; ')}`)
      }
    }
    expect(clashes, clashes.join('\n')).toEqual([])
  })
})
