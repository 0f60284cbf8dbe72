import sharp from 'sharp'
import { type Dialog, expect, test, type Page } from '@playwright/test'
import { hydrated, jsEnabled } from './support'

async function loginAsAdmin(page: Page) {
  await page.goto('/admin/login')
  await hydrated(page)
  await page.locator('input[name=email]').fill('admin@example.com')
  await page.locator('input[name=password]').fill('demo-admin-password')
  await page.getByRole('button', { name: 'Login as Admin' }).click()
  await expect(page).toHaveURL(/\/admin$/)
}

// A 1x1 red PNG.
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true })

test('an admin writes a post, it appears on /blog, an edit changes it, and Delete takes it away', async ({ page }) => {
  const mode = jsEnabled() ? 'editor' : 'textarea'
  const title = `Lighting Notes ${mode} ${Date.now()}`
  await loginAsAdmin(page)

  await page.goto('/admin/blog')
  await page.getByRole('link', { name: 'Add New Blog Post' }).click()
  await expect(page).toHaveURL(/\/admin\/blog\/new$/)
  await hydrated(page)
  await expect(page.getByRole('button', { name: 'Publish' })).toBeVisible()

  await field(page, 'Title').fill(title)
  if (jsEnabled()) {
    // The rich editor replaces the textarea once the page is interactive.
    await expect(page.locator('textarea[name=content]')).toHaveCount(0)
    const editor = page.locator('.ProseMirror')
    await expect(editor).toBeVisible()
    expect((await editor.boundingBox())!.height).toBeGreaterThanOrEqual(400)
    await editor.click()
    await page.getByRole('button', { name: 'Heading 2' }).click()
    await page.keyboard.type('Soft light')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Written in the ')
    await page.keyboard.press('ControlOrMeta+b')
    await page.keyboard.type('rich editor')
    await page.keyboard.press('ControlOrMeta+b')
    await page.keyboard.type('.')
    // The prompts: the picture's address, then its text for people who cannot see it.
    const answers = ['/blog/using-audio-loops-in-short-videos.svg', 'A waveform over a phone screen']
    const answer = (dialog: Dialog) => void dialog.accept(answers.shift() ?? '')
    page.on('dialog', answer)
    await page.getByRole('button', { name: 'Image URL' }).click()
    await expect(
      editor.locator('img[src="/blog/using-audio-loops-in-short-videos.svg"][alt="A waveform over a phone screen"]'),
    ).toHaveCount(1)
    // 'Upload Image' sends the file to /api/admin/upload-image and inserts the returned URL.
    answers.push('A single dot')
    const upload = page.waitForResponse((response) => response.url().endsWith('/api/admin/upload-image'))
    await page
      .getByTestId('blog-image-file')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(TINY_PNG, 'base64') })
    expect((await upload).status()).toBe(201)
    await expect(editor.locator('img[src^="/images/blog/"][src$=".webp"][alt="A single dot"]')).toHaveCount(1)
    page.off('dialog', answer)
  } else {
    await field(page, 'Content').fill(
      '<h2>Soft light</h2><p>Written in the <strong>plain textarea</strong>.</p><script>alert(1)</script>',
    )
  }
  await field(page, 'Excerpt').fill('How soft light changes a render.')
  await expect(field(page, 'Publish Date')).not.toHaveValue('') // today, filled in
  await field(page, 'Category').fill('Tutorials')
  await field(page, 'Read Time').fill('2 min read')
  // A square picture: its card keeps the grid's 16:9 frame.
  await field(page, 'Image URL').fill('/placeholder.svg')
  await page.getByRole('button', { name: 'Publish' }).click()

  await expect(page).toHaveURL(/\/admin\/blog$/)
  const row = page.getByRole('row').filter({ hasText: title })
  await expect(row).toContainText('Tutorials')

  // Public: first in the grid (newest first), and its own page.
  await page.goto('/blog')
  const card = page.getByTestId('blog-card').first()
  await expect(card.getByRole('heading', { name: title })).toBeVisible()
  await expect(card).toContainText('How soft light changes a render.')
  await expect(card).toContainText('2 min read')
  // Every card's picture in the same 16:9 frame, the square one too, so a row's titles line up.
  await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete)).toBe(true)
  const frames = await page
    .getByTestId('blog-card')
    .evaluateAll((cards) => cards.slice(0, 3).map((c) => c.querySelector('img')!.getBoundingClientRect().toJSON()))
  expect(frames).toHaveLength(3)
  for (const frame of frames) expect(frame.width / frame.height).toBeCloseTo(16 / 9, 1)
  await card.getByRole('link').click()
  await expect(page).toHaveURL(/\/blog\/lighting-notes-/)
  const slugUrl = page.url()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Soft light' })).toBeVisible()
  await expect(page.locator('article strong')).toHaveText(jsEnabled() ? 'rich editor' : 'plain textarea')
  await expect(page.getByText('Site Admin')).toBeVisible()
  await expect(page.getByText('2 min read')).toBeVisible()
  expect(await page.locator('article script').count()).toBe(0)
  if (jsEnabled()) {
    const uploaded = page.locator('article img[src^="/images/blog/"]')
    await expect(uploaded).toHaveCount(1)
    // Its text for people who cannot see it reaches the published page.
    await expect(uploaded).toHaveAttribute('alt', 'A single dot')
    // The re-encoded 1x1 WebP loads from /images/blog/.
    await expect.poll(() => uploaded.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1)
  }
  await expect(page.getByRole('link', { name: /Back to Blog/ })).toHaveAttribute('href', '/blog')

  // Edit: a new title, same address.
  await page.goto('/admin/blog')
  await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: 'Edit', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/blog\/edit\/\d+$/)
  await hydrated(page)
  await expect(field(page, 'Title')).toHaveValue(title)
  if (jsEnabled()) await expect(page.locator('.ProseMirror h2')).toHaveText('Soft light')
  else await expect(field(page, 'Content')).toHaveValue(/<h2>Soft light<\/h2>/)
  const renamed = `${title} (revised)`
  await field(page, 'Title').fill(renamed)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page).toHaveURL(/\/admin\/blog$/)
  await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(1)

  await page.goto(slugUrl)
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Soft light' })).toBeVisible()

  // Deleted from its edit page, behind a disclosure: gone from the list and from its address.
  await page.goto('/admin/blog')
  await page.getByRole('row').filter({ hasText: renamed }).getByRole('link', { name: 'Edit', exact: true }).click()
  await hydrated(page)
  await page.getByText('Delete this post…').click()
  await page.getByRole('button', { name: 'Delete post' }).click()
  await expect(page).toHaveURL(/\/admin\/blog\?deleted=1$/)
  await expect(page.getByRole('status').filter({ hasText: 'Post deleted.' })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: renamed })).toHaveCount(0)
  expect((await page.request.get(slugUrl)).status()).toBe(404)
})

test('the form shows field messages from the server and keeps what was typed @nojs-only', async ({ page }) => {
  await loginAsAdmin(page)
  await page.goto('/admin/blog/new')
  await field(page, 'Title').fill('Missing bits')
  await field(page, 'Content').fill('<p>Body</p>')
  await field(page, 'Excerpt').fill('x')
  await field(page, 'Category').fill('News')
  await field(page, 'Read Time').fill('1 min read')
  await field(page, 'Image URL').fill('javascript:alert(1)')
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Image URL must start with http://, https:// or /.')).toBeVisible()
  await expect(
    page.getByRole('complementary', { name: 'Publishing' }).getByText('Failed to create blog post'),
  ).toBeVisible()
  await expect(field(page, 'Title')).toHaveValue('Missing bits')
})

test("a picture chosen in the form's sidebar becomes the post's image, with or without JavaScript", async ({
  page,
}) => {
  const title = `Cover Upload ${jsEnabled() ? 'js' : 'nojs'} ${Date.now()}`
  await loginAsAdmin(page)
  await page.goto('/admin/blog/new')
  await hydrated(page)
  await field(page, 'Title').fill(title)
  if (jsEnabled()) {
    await page.locator('.ProseMirror').click()
    await page.keyboard.type('A post whose picture was uploaded with it.')
  } else await field(page, 'Content').fill('<p>A post whose picture was uploaded with it.</p>')
  await field(page, 'Excerpt').fill('Its picture came from the sidebar.')
  await field(page, 'Category').fill('News')
  await field(page, 'Read Time').fill('1 min read')
  // No address: the picture gives it.
  await expect(field(page, 'Image URL')).toHaveValue('')
  const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer()
  await page.getByLabel('Or upload a picture').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png })
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page).toHaveURL(/\/admin\/blog$/)

  await page.goto('/blog')
  const card = page.getByTestId('blog-card').filter({ has: page.getByRole('heading', { name: title }) })
  const src = await card.locator('img').getAttribute('src')
  expect(src).toMatch(/^\/images\/blog\/[0-9a-f-]{36}\.webp$/)
  // The stored file is the picture: a WebP of its size and colour.
  const stored = sharp(await (await page.request.get(src!)).body())
  expect(await stored.metadata()).toMatchObject({ format: 'webp', width: 320, height: 180 })
  const { dominant } = await stored.stats()
  expect(dominant.g).toBeGreaterThan(dominant.r + 60)

  // The edit form shows its address, and saving again keeps it.
  await page.goto('/admin/blog')
  await page.getByRole('row').filter({ hasText: title }).getByRole('link', { name: 'Edit', exact: true }).click()
  await hydrated(page)
  await expect(field(page, 'Image URL')).toHaveValue(src!)
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page).toHaveURL(/\/admin\/blog$/)
  await page.goto('/blog')
  await expect(card.locator('img')).toHaveAttribute('src', src!)
})

test('with JavaScript a picture over 10MB is refused when chosen, and the form is not sent @js-only', async ({
  page,
}) => {
  await loginAsAdmin(page)
  await page.goto('/admin/blog/new')
  await hydrated(page)
  const picture = page.getByLabel('Or upload a picture')
  await picture.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
  })
  expect(await picture.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(
    'The picture is larger than 10MB: each file can be up to 10MB.',
  )
  let posted = false
  page.on('request', (request) => {
    if (request.method() === 'POST') posted = true
  })
  await field(page, 'Title').fill('Too big a picture')
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page).toHaveURL(/\/admin\/blog\/new$/)
  expect(posted).toBe(false)
  // A smaller one is taken again.
  await picture.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(TINY_PNG, 'base64') })
  expect(await picture.evaluate((el: HTMLInputElement) => el.checkValidity())).toBe(true)
})

test('editing a post that does not exist says so', async ({ page }) => {
  await loginAsAdmin(page)
  await page.goto('/admin/blog/edit/999999')
  await expect(page.getByText('Failed to load blog post')).toBeVisible()
})

test('a missing post answers 404 with "Post not found."', async ({ page }) => {
  const response = await page.goto('/blog/no-such-post')
  expect(response?.status()).toBe(404)
  await expect(page.getByText('Post not found.')).toBeVisible()
  await page.getByRole('link', { name: /Back to Blog/ }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByTestId('blog-card').first()).toBeVisible()
})
