import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test, type Page } from '@playwright/test'
import { hydrated, jsEnabled } from './support'

/** The page of the first asset of a kind, and its id. */
async function firstAssetPage(page: Page, type: 'audio' | 'image'): Promise<number> {
  await page.goto(`/explore?asset_type=${type}`)
  const href = await page.getByTestId('asset-card').first().locator('a').first().getAttribute('href')
  const id = Number(new URL(href!, 'http://x').searchParams.get('assetId'))
  await page.goto(`/assets/${id}`)
  await hydrated(page)
  return id
}

test('Share on an asset page: the link, and plain links to post it on the usual networks', async ({ page }) => {
  const id = await firstAssetPage(page, 'image')
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!
  const share = page.getByTestId('share-menu')
  await share.getByText('Share', { exact: true }).click()
  const url = await share.getByLabel('Link to this page').inputValue()
  expect(new URL(url).pathname).toBe(`/assets/${id}`)
  const links = share.getByRole('list', { name: 'Share on' }).getByRole('link')
  await expect(links).toHaveText(['X (Twitter)', 'Facebook', 'LinkedIn', 'Pinterest', 'Reddit', 'Email'])
  const x = new URL((await links.nth(0).getAttribute('href'))!)
  expect(x.origin + x.pathname).toBe('https://x.com/intent/tweet')
  expect(x.searchParams.get('url')).toBe(url)
  expect(x.searchParams.get('text')).toBe(title)
  const pin = new URL((await links.nth(3).getAttribute('href'))!)
  expect(pin.searchParams.get('media')).toMatch(/\/images\/.+\.png$/)
  const email = (await links.nth(5).getAttribute('href'))!
  expect(email.startsWith('mailto:?subject=')).toBe(true)
  expect(decodeURIComponent(email)).toContain(url)
  await expect(links.nth(0)).toHaveAttribute('target', '_blank')
  if (jsEnabled()) {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await share.getByRole('button', { name: 'Copy link' }).click()
    await expect(share.getByRole('button', { name: 'Link copied' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)
  } else {
    // Without JavaScript nothing pretends to copy: the link is there to select.
    await expect(share.getByRole('button', { name: 'Copy link' })).toHaveCount(0)
  }
})

test('Share in the preview dialog, with the embed code of an audio asset', async ({ page }) => {
  await page.goto('/explore?asset_type=audio')
  await hydrated(page)
  await page.getByTestId('asset-card').first().locator('a').first().click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  const id = Number(new URL(page.url()).searchParams.get('assetId'))
  const share = dialog.getByTestId('share-menu')
  await share.getByText('Share', { exact: true }).click()
  expect(new URL(await share.getByLabel('Link to this page').inputValue()).pathname).toBe(`/assets/${id}`)
  const code = await share.getByLabel('Embed this player').inputValue()
  expect(code).toMatch(new RegExp(`^<iframe src="http[^"]+/embed/assets/${id}" width="480" height="152"`))
  if (jsEnabled()) {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await share.getByRole('button', { name: 'Copy embed code' }).click()
    await expect(share.getByRole('button', { name: 'Embed code copied' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)
  }
})

test('another site can frame the audio player, never an ordinary page', async ({ page, baseURL }) => {
  const id = await firstAssetPage(page, 'audio')
  // Another site (another port is another origin), on this machine so the browser allows the
  // local connection, with two frames: the player, and the asset's own page.
  const html = `<!doctype html><title>Elsewhere</title>
    <iframe name="player" src="${baseURL}/embed/assets/${id}" width="480" height="152"></iframe>
    <iframe name="page" src="${baseURL}/assets/${id}" width="480" height="300"></iframe>`
  const elsewhere = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(html))
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve))
  try {
    await page.goto(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`)
    const player = page.frameLocator('iframe[name=player]')
    await expect(player.locator('audio')).toHaveCount(1)
    await expect(player.getByRole('link').first()).toHaveAttribute('href', new RegExp(`/assets/${id}$`))
    // The refused frame never shows the page: the browser puts its error page there instead.
    const framed = page.frames().find((f) => f.name() === 'page')!
    await expect.poll(() => framed.url()).toMatch(/^chrome-error:/)
    expect(await framed.getByTestId('share-menu').count()).toBe(0)
  } finally {
    elsewhere.close()
  }
})

/** Each credit form in 'Credit the artist', with whether its whole text shows without scrolling. */
async function creditForms(page: Page) {
  const credit = page.getByTestId('credit-line')
  await credit.getByText('Credit the artist', { exact: true }).click()
  const forms = []
  for (const label of ['Plain text', 'HTML', 'Markdown']) {
    const field = credit.getByRole('textbox', { name: label, exact: true })
    await expect(field).toBeVisible()
    forms.push({
      label,
      value: await field.inputValue(),
      whole: await field.evaluate((el: HTMLTextAreaElement) => el.scrollHeight <= el.clientHeight + 1),
    })
  }
  return forms
}

test('Credit the artist: plain text, HTML and Markdown, each shown whole', async ({ page }) => {
  const id = await firstAssetPage(page, 'image')
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!
  const forms = await creditForms(page)
  const link = `http[^ ]+/assets/${id}`
  expect(forms[0]!.value).toMatch(new RegExp(`^“${title}” by AI Stock Library \\(${link}\\)$`))
  expect(forms[1]!.value).toMatch(
    new RegExp(`^<a href="${link}">${title}</a> by <a href="http[^"]+/">AI Stock Library</a>$`),
  )
  expect(forms[2]!.value).toMatch(new RegExp(`^\\[${title}\\]\\(${link}\\) by \\[AI Stock Library\\]\\(http[^)]+/\\)$`))
  // The HTML line wraps over several rows at this width: none of it is cut off.
  expect(forms.filter((f) => !f.whole)).toEqual([])
})

test('Credit the artist in a browser that cannot size a field to its text: sized once it opens @js-only', async ({
  page,
}) => {
  // As Firefox does today: no CSS field-sizing, so the page sizes the fields itself.
  await page.addInitScript(() => {
    const supports = CSS.supports.bind(CSS)
    CSS.supports = ((...args: [string, string?]) =>
      args[0] === 'field-sizing' ? false : supports(...(args as [string, string]))) as typeof CSS.supports
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style')
      style.textContent = 'textarea { field-sizing: fixed !important }'
      document.head.append(style)
    })
  })
  await firstAssetPage(page, 'image')
  const forms = await creditForms(page)
  expect(forms.filter((f) => !f.whole)).toEqual([])
})
