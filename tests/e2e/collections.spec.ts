import { expect, test, type Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { unzip } from '../support/unzip'
import { hydrated, jsEnabled, register, signIn, uniqueEmail } from './support'

async function newUser(page: Page) {
  const email = uniqueEmail('boards')
  await register(page, { name: 'Cora Collector', email, password: 'collect-me-1' })
  await signIn(page, email, 'collect-me-1')
  await expect(page).toHaveURL(/\/profile$/)
}

/** Saves the asset of the save control to the collection: the menu with JavaScript, the save page without. */
async function saveWith(page: Page, control: ReturnType<Page['locator']>, name: string) {
  await control.click()
  if (jsEnabled()) {
    const menu = page.getByTestId('save-menu')
    await expect(menu).toBeVisible()
    const row = menu.getByRole('button', { name: new RegExp(name) })
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/save(\.data)?$/.test(new URL(r.url()).pathname),
    )
    await row.click()
    // Ticked at once, before the server has answered; and kept once it has (and the page's
    // data reloaded after it).
    await expect(row).toHaveAttribute('aria-pressed', 'true')
    expect((await answered).ok()).toBe(true)
    await page.waitForLoadState('load')
    await expect(row).toHaveAttribute('aria-pressed', 'true')
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
  } else {
    await expect(page.getByRole('heading', { name: 'Save to collection' })).toBeVisible()
    await page.getByRole('button', { name: `Save to ${name}` }).click()
    await expect(page.getByRole('button', { name: `Remove from ${name}` })).toBeVisible()
  }
}

/** Adds the assets through the API door of the page's own session (its cookie), in order. */
async function addToCollection(page: Page, id: string | undefined, assets: { id: number }[]) {
  for (const asset of assets)
    expect(
      (
        await page.request.post(`/api/collections/${id}/assets`, {
          data: { asset_id: asset.id },
          headers: { origin: new URL(page.url()).origin },
        })
      ).status(),
    ).toBe(201)
}

test('a collection: made, three assets saved from the card, the dialog and the asset page, made public, seen signed out, downloaded as a ZIP, deleted', async ({
  page,
  browser,
}) => {
  await newUser(page)
  const name = `Trip board ${Math.random().toString(36).slice(2, 7)}`

  await page.goto('/collections')
  await hydrated(page)
  await page.getByLabel('Name').fill(name)
  await page.getByRole('button', { name: 'Create collection' }).click()
  await expect(page).toHaveURL(/\/collections\/\d+$/)
  const collectionPath = new URL(page.url()).pathname
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('Private', { exact: true })).toBeVisible()

  // 1. From a card.
  await page.goto('/explore')
  await hydrated(page)
  const cards = page.getByTestId('asset-card')
  const titleOf = async (i: number) =>
    ((await cards.nth(i).locator('a').first().getAttribute('aria-label')) ?? '').replace(/^Preview /, '')
  const first = await titleOf(0)
  const second = await titleOf(1)
  await cards.nth(0).hover()
  await saveWith(page, cards.nth(0).getByTestId('save-to-collection'), name)

  // 2. From the preview dialog.
  await page.goto('/explore')
  await hydrated(page)
  await cards.nth(1).locator('a').first().click()
  const dialog = page.getByRole('dialog', { name: second })
  await expect(dialog).toBeVisible()
  await saveWith(page, dialog.getByTestId('save-to-collection'), name)
  if (jsEnabled()) await expect(dialog).toBeVisible()

  // 3. From an asset page.
  await page.goto('/explore')
  const third = await titleOf(2)
  const href = (await cards.nth(2).locator('a').first().getAttribute('href'))!
  await page.goto(`/assets/${new URLSearchParams(href.split('?')[1]).get('assetId')}`)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: third })).toBeVisible()
  await saveWith(page, page.getByTestId('save-to-collection'), name)

  // The collection holds the three, in the order they were saved.
  await page.goto(collectionPath)
  await hydrated(page)
  const grid = page.getByTestId('collection-grid')
  await expect(grid.getByTestId('card-title')).toHaveText([first, second, third])

  // Made public.
  await page.getByText('Edit collection').click()
  await page.getByLabel(/^Public/).check()
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Public', { exact: true })).toBeVisible()

  // Seen signed out.
  const visitor = await browser.newContext({ javaScriptEnabled: jsEnabled() })
  const anonymous = await visitor.newPage()
  await anonymous.goto(collectionPath)
  await expect(anonymous.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(anonymous.getByText('by Cora Collector')).toBeVisible()
  await expect(anonymous.getByTestId('collection-grid').getByTestId('card-title')).toHaveText([first, second, third])
  await expect(anonymous.getByRole('button', { name: /^Move/ })).toHaveCount(0)
  await visitor.close()

  // Downloaded as one ZIP.
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: `Download as ZIP: ${name}` }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`${name}.zip`)
  const entries = await unzip(await readFile((await download.path())!))
  // Each file under its asset's title, in its own format.
  expect(entries.map((e) => e.name.replace(/\.\w+$/, ''))).toEqual(['README', first, second, third])
  // The page it came from says so and where the licences are; the three are spent of today's five.
  const started = page.getByTestId('download-started')
  await expect(started.getByRole('heading', { name: 'Your ZIP download has started' })).toBeVisible()
  await expect(started.getByRole('link', { name: 'your licences' })).toHaveAttribute('href', '/profile/licences')
  const me = async () =>
    ((await (await page.request.get('/api/auth/me')).json()) as { user: { downloads_today: number } }).user
      .downloads_today
  expect(await me()).toBe(3)
  // 'Download again' gives the same ZIP and spends nothing more.
  const again = await page.request.get(
    (await started.getByRole('link', { name: 'Download again' }).getAttribute('href'))!,
  )
  expect(again.headers()['content-type']).toBe('application/zip')
  expect((await unzip(await again.body())).map((e) => e.name)).toEqual(entries.map((e) => e.name))
  expect(await me()).toBe(3)

  // Deleted.
  await page.goto(collectionPath)
  await hydrated(page)
  await page.getByText('Delete this collection…').click()
  await page.getByRole('button', { name: 'Delete collection' }).click()
  await expect(page).toHaveURL(/\/collections$/)
  await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0)
  expect((await page.request.get(collectionPath)).status()).toBe(404)
})

test('the owner reorders: move up and down forms, and dragging with JavaScript', async ({ page }) => {
  await newUser(page)
  const name = `Order board ${Math.random().toString(36).slice(2, 7)}`
  await page.goto('/collections')
  await page.getByLabel('Name').fill(name)
  await page.getByRole('button', { name: 'Create collection' }).click()
  await expect(page).toHaveURL(/\/collections\/\d+$/)
  const collectionPath = new URL(page.url()).pathname
  // Three assets through the API door of the same session (the cookie).
  const explore = await (await page.request.get('/api/assets?limit=3')).json()
  const id = collectionPath.split('/').pop()
  await addToCollection(page, id, explore.assets)
  const titles = explore.assets.map((a: { title: string }) => a.title) as string[]
  await page.goto(collectionPath)
  await hydrated(page)
  const cardTitles = page.getByTestId('collection-grid').getByTestId('card-title')
  await expect(cardTitles).toHaveText(titles)
  await page.getByRole('button', { name: `Move ${titles[2]} up` }).click()
  await expect(cardTitles).toHaveText([titles[0]!, titles[2]!, titles[1]!])
  await page.getByRole('button', { name: `Move ${titles[0]} down` }).click()
  await expect(cardTitles).toHaveText([titles[2]!, titles[0]!, titles[1]!])
  if (jsEnabled()) {
    const items = page.getByTestId('collection-grid').locator('li')
    await items.nth(2).dragTo(items.nth(0))
    await expect(cardTitles).toHaveText([titles[1]!, titles[2]!, titles[0]!])
    await page.waitForLoadState('networkidle')
  }
  await page.reload()
  await expect(cardTitles).toHaveText(
    jsEnabled() ? [titles[1]!, titles[2]!, titles[0]!] : [titles[2]!, titles[0]!, titles[1]!],
  )
})

test("up and down across a page's edge take the asset to the next page and back", async ({ page }) => {
  await newUser(page)
  await page.goto('/collections')
  await page.getByLabel('Name').fill(`Long board ${Math.random().toString(36).slice(2, 7)}`)
  await page.getByRole('button', { name: 'Create collection' }).click()
  await expect(page).toHaveURL(/\/collections\/\d+$/)
  const collectionPath = new URL(page.url()).pathname
  const id = collectionPath.split('/').pop()
  // One more than a page holds (24), with titles told apart by their buttons.
  const listed = (await (await page.request.get('/api/assets?limit=60')).json()).assets as {
    id: number
    title: string
  }[]
  const assets = listed.filter((a, i) => listed.findIndex((b) => b.title === a.title) === i).slice(0, 25)
  expect(assets).toHaveLength(25)
  await addToCollection(page, id, assets)
  const [last, next] = [assets[23]!.title, assets[24]!.title]
  const cardTitles = page.getByTestId('collection-grid').getByTestId('card-title')

  await page.goto(collectionPath)
  await hydrated(page)
  await expect(cardTitles).toHaveCount(24)
  await expect(cardTitles.last()).toHaveText(last)
  await page.getByRole('button', { name: `Move ${last} down` }).click()
  // Its place on this page is taken by the one it swapped with.
  await expect(cardTitles.last()).toHaveText(next)
  await page.goto(`${collectionPath}?page=2`)
  await hydrated(page)
  await expect(cardTitles).toHaveText([last])
  await page.getByRole('button', { name: `Move ${last} up` }).click()
  await expect(cardTitles).toHaveText([next])
  await page.goto(collectionPath)
  await expect(cardTitles.last()).toHaveText(last)
})

test('a new collection named with spaces alone is refused with the reason, in the menu and on the save page', async ({
  page,
}) => {
  await newUser(page)
  await page.goto('/explore')
  await hydrated(page)
  const card = page.getByTestId('asset-card').first()
  await card.hover()
  await card.getByTestId('save-to-collection').click()
  // With JavaScript the menu over the card; without, the save page (which said so already).
  if (jsEnabled()) {
    const menu = page.getByTestId('save-menu')
    await menu.getByLabel('New collection').fill('   ')
    await menu.getByRole('button', { name: 'Create', exact: true }).click()
    await expect(menu.getByRole('alert')).toHaveText('Give the collection a name.')
  } else {
    await page.getByLabel('Name').fill('   ')
    await page.getByRole('button', { name: 'Create and save' }).click()
    await expect(page.getByText('Give the collection a name.')).toBeVisible()
  }
})

test("a kit larger than the day's downloads left is refused whole, with what it needs and what is left", async ({
  page,
  baseURL,
}) => {
  await newUser(page)
  await page.goto('/collections')
  const href = await page.locator('a[href^="/collections/"]').first().getAttribute('href')
  const kit = (await (await page.request.get(`/api${href}`)).json()) as {
    name: string
    assetCount: number
    assets: { id: number }[]
  }
  // Free has 5 a day: downloads of assets outside the kit leave one fewer than the kit needs.
  const spend = Math.max(0, 6 - kit.assetCount)
  const inKit = new Set(kit.assets.map((a) => a.id))
  const others = (
    (await (await page.request.get('/api/assets?limit=20')).json()) as { assets: { id: number }[] }
  ).assets
    .map((a) => a.id)
    .filter((id) => !inKit.has(id))
    .slice(0, spend)
  expect(others).toHaveLength(spend)
  for (const id of others) {
    const grant = await page.request.post(`/api/assets/download/${id}`, { headers: { origin: baseURL! } })
    expect(grant.status()).toBe(200)
  }
  const left = 5 - spend
  await page.goto(href!)
  await hydrated(page)
  await page.getByRole('button', { name: `Download kit: ${kit.name}` }).click()
  const refused = page.getByTestId('zip-refused')
  await expect(refused).toContainText(
    `Not enough downloads left today: this ZIP needs ${kit.assetCount} of today’s downloads and ${left} ${left === 1 ? 'is' : 'are'} left.`,
  )
  await expect(refused.getByRole('link', { name: 'See Pro' })).toHaveAttribute('href', '/pricing')
  // Nothing was spent by the ZIP: it is refused whole.
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { downloads_today: number } }
  expect(me.user.downloads_today).toBe(spend)
})
