import { expect, test, type Page } from '@playwright/test'
import { e2eQuery, hydrated, jsEnabled, register, signIn, uniqueEmail } from './support'

// Dark mode, search that talks back, the quota in sight, structured data and sharing.

async function newUser(page: Page) {
  const email = uniqueEmail('quota')
  await register(page, { name: 'Quinn Quota', email, password: 'quota-me-123' })
  await signIn(page, email, 'quota-me-123')
  await expect(page).toHaveURL(/\/profile$/)
  return email
}

test('dark mode: the toggle sets a cookie the server reads, so the page arrives dark', async ({ page }) => {
  await page.goto('/pricing')
  await hydrated(page)
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light')
  const toggle = page.getByTestId('color-scheme-toggle')
  await expect(toggle).toHaveAttribute('data-scheme', 'auto')
  await toggle.click()
  await expect(page).toHaveURL(/\/pricing$/)
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === 'color-scheme')?.value).toBe('dark')
  // The server's own HTML is dark already: no flash of the light theme.
  const html = await (await page.request.get('/about')).text()
  expect(html).toMatch(/<html[^>]*data-mantine-color-scheme="dark"/)
  // Admin pages too.
  const admin = await (await page.request.get('/admin/login')).text()
  expect(admin).toMatch(/<html[^>]*data-mantine-color-scheme="dark"/)
  await page.getByTestId('color-scheme-toggle').click()
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light')
  await expect(page.getByTestId('color-scheme-toggle')).toHaveAttribute('data-scheme', 'light')
})

test('a card’s two buttons wear the same disc in either scheme', async ({ page, baseURL }) => {
  for (const scheme of ['light', 'dark']) {
    await page.context().addCookies([{ name: 'color-scheme', value: scheme, url: baseURL! }])
    await page.goto('/explore')
    await hydrated(page)
    const card = page.getByTestId('asset-card').first()
    const disc = (button: ReturnType<Page['locator']>) =>
      button.evaluate((el) => {
        const style = getComputedStyle(el)
        return { background: style.backgroundColor, ink: style.color }
      })
    const heart = await disc(card.locator('form[action="/favorites"] > button'))
    expect(await disc(card.getByTestId('save-to-collection')), scheme).toEqual(heart)
  }
})

test('dark mode follows the system when nothing is chosen @js-only', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
})

test('a corrected search says so and offers the exact words', async ({ page }) => {
  await page.goto('/explore?q=robto')
  const line = page.getByTestId('corrected-query')
  await expect(line).toHaveText(/^Showing results for robot\./)
  await expect(page.getByTestId('asset-card').first()).toBeVisible()
  await line.getByRole('link', { name: 'Search instead for robto' }).click()
  await expect(page).toHaveURL(/\/explore\?q=robto&exact=1$/)
  await expect(page.getByRole('heading', { name: 'No assets found' })).toBeVisible()
  await expect(page.getByTestId('corrected-query')).toHaveCount(0)
  // The empty state offers the nearest words and popular tags as links.
  const nearest = page.getByRole('navigation', { name: 'Nearest words' })
  await expect(nearest.getByRole('link', { name: 'robot', exact: true })).toHaveAttribute('href', '/explore?q=robot')
  await expect(page.getByRole('navigation', { name: 'Popular tags' }).getByRole('link').first()).toHaveAttribute(
    'href',
    /^\/explore\?tags=/,
  )
})

test('the search box suggests completions from the catalogue @js-only', async ({ page }) => {
  await page.goto('/explore')
  await hydrated(page)
  // The combobox loads on first focus: the first visit carries none of its code.
  await page.getByRole('main').locator('input[aria-label="Search"]').click()
  const box = page.getByRole('main').getByRole('combobox', { name: 'Search', exact: true })
  await expect(box).toBeFocused()
  await box.fill('rob')
  const option = page.getByRole('option', { name: 'robot', exact: true })
  await expect(option).toBeVisible()
  await box.press('ArrowDown')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/explore\?q=robot/)
})

test('the suggestions endpoint answers JSON', async ({ request }) => {
  const res = await request.get('/api/assets/suggest?q=rob')
  expect(res.status()).toBe(200)
  const body = (await res.json()) as { suggestions: string[] }
  expect(body.suggestions).toContain('robot')
})

test('the quota line counts down after each download, in the dialog, on the asset page and the profile', async ({
  page,
}) => {
  await newUser(page)
  await expect(page.getByTestId('tile-quota')).toContainText('0 used today · 5 of 5 free downloads left today')
  for (const [index, left] of [4, 3].entries()) {
    await page.goto('/explore')
    await page.getByTestId('asset-card').nth(index).getByRole('link').first().click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByTestId('quota-line')).toHaveText(`${left + 1} of 5 free downloads left today`)
    const download = page.waitForEvent('download')
    await dialog.getByRole('button', { name: /^Download (PNG|JPG|WEBP)$/ }).click()
    await download
    if (jsEnabled()) await expect(dialog.getByTestId('quota-line')).toHaveText(`${left} of 5 free downloads left today`)
    const href = await dialog.getByRole('link', { name: 'Open the asset page' }).getAttribute('href')
    await page.goto(href!)
    await expect(page.getByTestId('quota-line')).toHaveText(`${left} of 5 free downloads left today`)
  }
  await page.goto('/profile')
  await expect(page.getByTestId('tile-quota')).toContainText('2 / 5')
  await expect(page.getByTestId('tile-quota')).toContainText('2 used today · 3 of 5 free downloads left today')
})

test('Pro sees unlimited downloads', async ({ page }) => {
  const email = await newUser(page)
  await e2eQuery(`update users set plan = 'pro' where email = $1`, [email])
  await page.goto('/explore')
  await page.getByTestId('asset-card').first().getByRole('link').first().click()
  await expect(page.getByRole('dialog').getByTestId('quota-line')).toHaveText('Unlimited downloads')
})

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  return blocks.flatMap((text) => {
    const value = JSON.parse(text) as Record<string, unknown> | Record<string, unknown>[]
    return Array.isArray(value) ? value : [value]
  })
}
const meta = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute('content')

test('an asset page: one h1, ImageObject and breadcrumbs, share card and canonical', async ({ page, baseURL }) => {
  await page.goto('/explore?asset_type=3d')
  const href = (await page.getByTestId('asset-card').first().getByRole('link').first().getAttribute('href'))!
  const id = new URL(href, baseURL).searchParams.get('assetId')!
  // The dialog URL names the asset page as its canonical URL.
  await page.goto(`/explore?assetId=${id}`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/assets/${id}`)

  await page.goto(`/assets/${id}`)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  const data = await jsonLd(page)
  const image = data.find((d) => d['@type'] === 'ImageObject')!
  expect(image['@context']).toBe('https://schema.org')
  expect(image.name).toBe(title)
  expect(typeof image.description).toBe('string')
  expect(image.contentUrl).toMatch(new RegExp(`^${baseURL}/images/.+\\.png$`))
  expect(image.thumbnailUrl).toMatch(new RegExp(`^${baseURL}/images/.+\\.png$`))
  expect(image.license).toBe(`${baseURL}/license`)
  expect(image.acquireLicensePage).toBe(`${baseURL}/pricing`)
  expect(image.creator).toEqual({ '@type': 'Organization', name: 'AI Stock Library', url: baseURL })
  expect(image.creditText).toBe('AI Stock Library')
  expect(image.copyrightNotice).toBe('© AI Stock Library')
  const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList')!
  const items = crumbs.itemListElement as { position: number; name: string; item: string }[]
  expect(items[0]).toEqual({ '@type': 'ListItem', position: 1, name: 'Home', item: `${baseURL}/` })
  expect(items.at(-1)).toMatchObject({ name: title, item: `${baseURL}/assets/${id}` })

  expect(await meta(page, 'og:image')).toBe(`${baseURL}/og/assets/${id}.png`)
  expect(await meta(page, 'og:image:alt')).toBe(title)
  expect(await meta(page, 'og:site_name')).toBe('AI Stock Library')
  expect(await meta(page, 'twitter:card')).toBe('summary_large_image')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/assets/${id}`)
  const card = await page.request.get(`/og/assets/${id}.png`)
  expect(card.headers()['content-type']).toBe('image/png')
})

test("an audio asset's page describes it as audio: AudioObject with its MP3 and its length", async ({
  page,
  baseURL,
}) => {
  await page.goto('/explore?asset_type=audio')
  const href = (await page.getByTestId('asset-card').first().getByRole('link').first().getAttribute('href'))!
  const id = new URL(href, baseURL).searchParams.get('assetId')!
  await page.goto(`/assets/${id}`)
  const data = await jsonLd(page)
  expect(data.find((d) => d['@type'] === 'ImageObject')).toBeUndefined()
  const audio = data.find((d) => d['@type'] === 'AudioObject')!
  expect(audio.name).toBe(await page.getByRole('heading', { level: 1 }).textContent())
  expect(audio.url).toBe(`${baseURL}/assets/${id}`)
  expect(audio.encodingFormat).toBe('audio/mpeg')
  expect(audio.duration).toMatch(/^PT(\d+M)?(\d+(\.\d+)?S)?$/)
  expect(audio.contentUrl).toMatch(new RegExp(`^${baseURL}/images/.+\\.mp3$`))
  const file = await page.request.get(audio.contentUrl as string)
  expect(file.headers()['content-type']).toBe('audio/mpeg')
})

test('a blog post: BlogPosting with a raster share card', async ({ page, baseURL }) => {
  await page.goto('/blog')
  const href = (await page.locator('main a[href^="/blog/"]').first().getAttribute('href'))!
  await page.goto(href)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!
  const post = (await jsonLd(page)).find((d) => d['@type'] === 'BlogPosting')!
  expect(post.headline).toBe(title)
  expect(post.url).toBe(`${baseURL}${href}`)
  expect(post.mainEntityOfPage).toBe(`${baseURL}${href}`)
  expect(typeof post.description).toBe('string')
  expect(post.datePublished).toBeTruthy()
  expect((post.author as { name: string }).name).toBeTruthy()
  expect((post.publisher as { name: string }).name).toBe('AI Stock Library')
  expect((post.image as string[])[0]).toBe(`${baseURL}/og${href}.png`)
  expect(await meta(page, 'og:type')).toBe('article')
  expect(await meta(page, 'og:image')).toBe(`${baseURL}/og${href}.png`)
  const card = await page.request.get(`/og${href}.png`)
  expect(card.status()).toBe(200)
  expect(card.headers()['content-type']).toBe('image/png')
})

test('home: WebSite with a SearchAction; every public page has Open Graph and a canonical link', async ({
  page,
  baseURL,
}) => {
  await page.goto('/')
  const site = (await jsonLd(page)).find((d) => d['@type'] === 'WebSite')!
  expect(site.url).toBe(`${baseURL}/`)
  expect(site.potentialAction).toMatchObject({
    '@type': 'SearchAction',
    target: { urlTemplate: `${baseURL}/explore?q={search_term_string}` },
  })
  for (const path of ['/', '/explore', '/pricing', '/blog', '/about', '/license', '/faq']) {
    await page.goto(path)
    expect(await meta(page, 'og:title'), path).toBeTruthy()
    expect(await meta(page, 'og:image'), path).toMatch(/\.png$/)
    expect(await meta(page, 'og:site_name'), path).toBe('AI Stock Library')
    expect(await meta(page, 'og:image:alt'), path).toBeTruthy()
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', `${baseURL}${path}`)
  }
})
