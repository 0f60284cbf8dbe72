import { expect, test, type Page } from '@playwright/test'
import { e2eQuery, hydrated, jsEnabled, register, signIn, signInAsDemoAdmin, uniqueEmail } from './support'

// The events behind an asset's figures (decision 91), through the doors a visitor uses: a page
// view reached from the preview dialog (with JavaScript the page reports it, without it the
// server counts the page request) and an audio preview played (its MP3 fetched from the start,
// by the card's play button or the browser's own player).

async function events(id: number, kind: string) {
  return e2eQuery<{ search_query: string | null }>(
    'select search_query from asset_events where asset_id = $1 and kind = $2 order by id',
    [id, kind],
  )
}

/**
 * The asset's events of a kind once exactly one more than `before` has been written: the one
 * arrives within seconds (events are written in batches), and a second would within two more.
 */
async function oneMore(page: Page, id: number, kind: string, before: number, message?: string) {
  await expect.poll(async () => (await events(id, kind)).length, { timeout: 8_000 }).toBe(before + 1)
  await page.waitForTimeout(2_000)
  const after = await events(id, kind)
  expect(after, message).toHaveLength(before + 1)
  return after
}

/** The asset a card opens, from its link's ?assetId=. */
async function cardAssetId(page: Page, index = 0, cards = page.getByTestId('asset-card')): Promise<number> {
  const href = await cards.nth(index).getByRole('link').first().getAttribute('href')
  return Number(new URL(href ?? '', 'http://x').searchParams.get('assetId'))
}

test("the asset page opened from a search's preview counts one page view, with the search", async ({ page }) => {
  await page.goto('/explore?q=burger')
  await hydrated(page)
  const id = await cardAssetId(page)
  await page.getByTestId('asset-card').first().getByRole('link').first().click()
  await expect(page).toHaveURL(/assetId=/)
  const before = (await events(id, 'page_view')).length
  await page.getByRole('link', { name: 'Open the asset page' }).click()
  await expect(page).toHaveURL(new RegExp(`/assets/${id}$`))
  await hydrated(page)
  // With JavaScript no page request is made: the page's beacon reports the view.
  const after = await oneMore(page, id, 'page_view', before)
  expect(after.at(-1)?.search_query).toBe('burger')
})

test('a page the browser loads itself counts one view: the asset page and a preview URL', async ({ page }) => {
  await page.goto('/explore?q=burger')
  const id = await cardAssetId(page)
  for (const [path, kind] of [
    [`/assets/${id}`, 'page_view'],
    [`/explore?assetId=${id}`, 'dialog_view'],
  ] as const) {
    const before = (await events(id, kind)).length
    await page.goto(path)
    await hydrated(page)
    // The server counts the request; with JavaScript the page must not report it again.
    await oneMore(page, id, kind, before, `${path} counted once`)
  }
})

test('a preview opened on the profile counts one view, as on any page with cards', async ({ page }) => {
  const email = uniqueEmail('views')
  await register(page, { name: 'View Counter', email, password: 'view-counter-pass-1' })
  await signIn(page, email, 'view-counter-pass-1')
  await expect(page).toHaveURL(/\/profile$/)
  await page.goto('/explore?q=burger')
  const id = await cardAssetId(page)
  const before = (await events(id, 'dialog_view')).length
  await page.goto(`/profile?assetId=${id}`)
  await hydrated(page)
  await expect(page.getByRole('dialog')).toBeVisible()
  await oneMore(page, id, 'dialog_view', before)
})

test('a shared link with a background chosen counts the view once: the page reports what the server leaves @js-only', async ({
  page,
}) => {
  await page.goto('/explore?q=burger')
  const id = await cardAssetId(page)
  const before = (await events(id, 'page_view')).length
  // The server counts no request with `bg` (without JavaScript it is a control of the same view).
  await page.goto(`/assets/${id}?bg=black`)
  await hydrated(page)
  await oneMore(page, id, 'page_view', before)
})

test('playing an audio preview counts one play: the play button or the browser player', async ({ page }) => {
  await page.goto('/explore?asset_type=audio')
  await hydrated(page)
  const cards = page.getByTestId('asset-card').filter({ has: page.getByTestId('audio-duration') })
  const id = await cardAssetId(page, 0, cards)
  const before = (await events(id, 'preview_play')).length
  const mp3 = page.waitForRequest((r) => /\/images\/.+\/preview\.mp3$/.test(r.url()))
  if (jsEnabled())
    await cards
      .first()
      .getByRole('button', { name: /^Play / })
      .click()
  else {
    // The native player's own play button, at its left end.
    const player = cards.first().getByTestId('card-audio')
    const box = (await player.boundingBox())!
    await page.mouse.click(box.x + 16, box.y + box.height / 2)
  }
  await mp3
  // The rest of the file (a later range) and the wait do not count again.
  await oneMore(page, id, 'preview_play', before)
})

test("the admin's own looking is not counted: the dialog, the asset page, a reload", async ({ page }) => {
  await signInAsDemoAdmin(page)
  await page.goto('/explore?q=burger')
  await hydrated(page)
  const id = await cardAssetId(page)
  const all = async () => (await e2eQuery('select 1 from asset_events where asset_id = $1', [id])).length
  const before = await all()
  await page.getByTestId('asset-card').first().getByRole('link').first().click()
  await expect(page).toHaveURL(/assetId=/)
  await page.getByRole('link', { name: 'Open the asset page' }).click()
  await expect(page).toHaveURL(new RegExp(`/assets/${id}$`))
  await hydrated(page)
  await page.reload()
  // Written within about a second when counted (decision 91): nothing came.
  await page.waitForTimeout(2_500)
  expect(await all()).toBe(before)
})
