import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { hydrated, jsEnabled, DEMO_ADMIN, signInAsDemoAdmin, untilProcessed, untilUploadsProcessed } from './support'
import { formatFileSize } from '../../app/lib/asset-view'

const ADMIN = DEMO_ADMIN

const loginAsAdmin = signInAsDemoAdmin

/** A word no other asset has, so search finds exactly ours. */
const marker = (label: string) => `${label}${jsEnabled() ? 'js' : 'nojs'}${Date.now().toString(36)}`

function renderPng(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 96, channels: 4, background: colour } })
    .png()
    .toBuffer()
}

/** Files on disk, as a person would pick them; removed after the file's tests. */
const madeDirs: string[] = []
test.afterAll(() => {
  for (const dir of madeDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function writeFiles(files: Record<string, Buffer | string>): Promise<Record<string, string>> {
  const dir = path.join(tmpdir(), `admin-e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`)
  mkdirSync(dir, { recursive: true })
  madeDirs.push(dir)
  return Object.fromEntries(
    Object.entries(files).map(([name, data]) => {
      const file = path.join(dir, name)
      writeFileSync(file, data)
      return [name, file]
    }),
  )
}

/** Assets made through the admin API with a bearer token, for the table tests. */
async function createAssets(request: APIRequestContext, titles: string[], tags = 'e2e'): Promise<number[]> {
  const login = await request.post('/api/admin/login', { data: ADMIN })
  const { token } = (await login.json()) as { token: string }
  const ids: number[] = []
  for (const [i, title] of titles.entries()) {
    const res = await request.post('/api/admin/assets', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        title,
        tags,
        category: 'Testing',
        file: { name: `asset-${i}.png`, mimeType: 'image/png', buffer: await renderPng(i ? '#22aa55' : '#aa2255') },
      },
    })
    expect(res.status()).toBe(201)
    const { id } = (await res.json()) as { id: number }
    // Ready to publish once processed (decision 087).
    expect(await untilProcessed(request, { Authorization: `Bearer ${token}` }, id)).toBe('ready')
    ids.push(id)
  }
  return ids
}

const rows = (page: Page) => page.getByTestId('admin-asset-row')

/** The name Chromium itself gives an element: what a screen reader announces. */
async function chromeAccessibleName(page: Page, selector: string): Promise<string | undefined> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 })
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false })
    return nodes[0]?.name?.value as string | undefined
  } finally {
    await cdp.detach()
  }
}

test('an admin uploads two PNGs with a CSV, publishes them and finds them on /explore', async ({ page }) => {
  const word = marker('nebula')
  const files = await writeFiles({
    'metadata.csv': [
      'filename,title,keywords,category,releases',
      `teapot.png,"Teapot ${word}","kitchen, ${word}, glossy",Props,2025`,
      `rocket.png,"Rocket ${word}","space, ${word}",Vehicles,2025`,
    ].join('\n'),
    'teapot.png': await renderPng('#ff7700'),
    'rocket.png': await renderPng('#3355ff'),
  })
  await loginAsAdmin(page)
  await page.goto('/admin/dashboard')
  await page.getByRole('link', { name: 'Upload Assets' }).click()
  await expect(page).toHaveURL(/\/admin\/upload$/)
  await hydrated(page)
  await expect(page.getByText('up to 10MB each')).toBeVisible()

  await page.locator('input[name=csv]').setInputFiles(files['metadata.csv'])
  if (jsEnabled()) await expect(page.getByText('2 rows read from metadata.csv.')).toBeVisible()
  await page.locator('input[name=files]').setInputFiles([files['teapot.png'], files['rocket.png']])
  if (!jsEnabled()) await page.getByRole('button', { name: 'Upload', exact: true }).click()

  // Stored at once, then processed on the server: publishable when ready.
  await untilUploadsProcessed(page)
  const count = page.getByTestId('upload-count')
  await expect(count).toHaveText('2 files • 2 ready to publish')
  const items = page.getByTestId('upload-item')
  await expect(items).toHaveCount(2)
  await expect(items.nth(0).getByTestId('detected-title')).toHaveText(`Teapot ${word}`)
  await expect(items.nth(1).getByTestId('detected-title')).toHaveText(`Rocket ${word}`)
  await expect(items.nth(0)).toContainText('kitchen')
  // Each file's own size, as the site writes sizes (a PNG of a few KB is not '0.00 MB').
  await expect(items.nth(0)).toContainText(formatFileSize(statSync(files['teapot.png']!).size))

  // One by its own button, then the rest with Publish All.
  await page.getByRole('button', { name: 'Publish teapot.png' }).click()
  await expect(count).toHaveText('2 files • 1 ready to publish')
  await page.getByRole('button', { name: 'Publish All' }).click()
  await expect(count).toHaveText('2 files • 0 ready to publish')
  await expect(items.getByTestId('upload-status')).toHaveText(['Published', 'Published'])
  await expect(items.nth(1)).toContainText(formatFileSize(statSync(files['rocket.png']!).size))

  await page.goto(`/explore?q=${word}`)
  const cards = page.getByTestId('asset-card')
  await expect(cards).toHaveCount(2)
  await expect(page.getByRole('link', { name: `Preview Teapot ${word}` })).toBeVisible()
  await expect(page.getByRole('link', { name: `Preview Rocket ${word}` })).toBeVisible()
})

test('each file shows its real upload progress; Save all as Draft keeps them unpublished @js-only', async ({
  page,
}) => {
  // Noise does not compress: about 1.5MB of PNG, sent through a slow link.
  const side = 700
  const noise = Buffer.alloc(side * side * 3)
  for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(Math.random() * 256)
  const files = await writeFiles({
    'noise.png': await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer(),
  })
  await loginAsAdmin(page)
  await page.goto('/admin/upload')
  await hydrated(page)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 400 * 1024,
  })
  await page.locator('input[name=files]').setInputFiles(files['noise.png'])
  const bar = page.getByRole('progressbar', { name: 'Uploading noise.png' })
  await expect(bar).toBeVisible()
  // Part way: the bar moves with the bytes sent, not from nothing to done.
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 }).toBeGreaterThan(5)
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100)
  await expect(page.getByTestId('upload-status')).toHaveText('Uploaded: ready to publish', { timeout: 30_000 })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await expect(page.getByTestId('upload-count')).toHaveText('1 file • 1 ready to publish')
  await page.getByRole('button', { name: 'Save all as Draft' }).click()
  await expect(page.getByTestId('upload-status')).toHaveText('Saved as draft')
  await expect(page.getByTestId('upload-count')).toHaveText('1 file • 0 ready to publish')
  await expect(page.getByRole('button', { name: 'Publish noise.png' })).toBeVisible()
})

test("the upload page shows each file's processing: live with JavaScript, at each Refresh without", async ({
  page,
}) => {
  const files = await writeFiles({ 'glow.png': await renderPng('#ffaa00') })
  await loginAsAdmin(page)
  await page.goto('/admin/upload')
  await hydrated(page)
  await page.locator('input[name=files]').setInputFiles(files['glow.png'])
  if (!jsEnabled()) await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const item = page.getByTestId('upload-item')
  // Answered as soon as the file is stored: its previews are still being made.
  await expect(item.getByTestId('processing-status')).toContainText('Processing…')
  await expect(page.getByRole('button', { name: 'Publish glow.png' })).toBeDisabled()
  await expect(page.getByTestId('upload-count')).toHaveText('1 file • 0 ready to publish')
  await expect(page.getByTestId('processing-notice')).toContainText(
    jsEnabled() ? 'updates by itself' : 'Press Refresh to see their progress.',
  )
  await untilUploadsProcessed(page)
  await expect(item.getByTestId('upload-status')).toHaveText('Uploaded: ready to publish')
  await expect(page.getByRole('button', { name: 'Publish glow.png' })).toBeEnabled()
  await expect(page.getByTestId('upload-count')).toHaveText('1 file • 1 ready to publish')
  if (!jsEnabled()) await expect(item.locator('img')).toHaveAttribute('src', /^\/images\/.+\/thumb\.png$/)
})

test('a file whose processing fails shows why on the assets page, without a Retry that cannot help', async ({
  page,
  request,
}) => {
  const word = marker('broken')
  const login = await request.post('/api/admin/login', { data: ADMIN })
  const { token } = (await login.json()) as { token: string }
  // Its first bytes say WAV, so the upload takes it; the decode, in the job, fails.
  const fake = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(2000, 7)])
  const res = await request.post('/api/admin/assets', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { title: `Broken ${word}`, file: { name: 'broken.wav', mimeType: 'audio/wav', buffer: fake } },
  })
  expect(res.status()).toBe(201)
  await loginAsAdmin(page)
  await page.goto(`/admin/assets?q=${word}`)
  await hydrated(page)
  const status = rows(page).getByTestId('processing-status')
  const failed = 'Failed: The file is not audio we can decode: upload WAV, MP3, OGG/Opus or FLAC.'
  if (jsEnabled()) await expect(status).toContainText(failed, { timeout: 20_000 })
  else
    await expect
      .poll(
        async () => {
          await page.reload()
          return status.textContent()
        },
        { timeout: 20_000, intervals: [500, 1000] },
      )
      .toContain(failed)
  await expect(rows(page).getByRole('button', { name: `Publish Broken ${word}` })).toBeDisabled()
  // Another attempt would read the same bytes: no Retry; Delete is the way on.
  await expect(rows(page).getByRole('button', { name: `Retry processing Broken ${word}` })).toHaveCount(0)
  await expect(rows(page).getByRole('link', { name: `Delete Broken ${word}` })).toBeVisible()
})

test('a file that is not an image is refused with its own error, in red', async ({ page }) => {
  const files = await writeFiles({
    'notes.png': 'plain text pretending to be a picture',
    'ok.png': await renderPng('#999999'),
  })
  await loginAsAdmin(page)
  await page.goto('/admin/upload')
  await hydrated(page)
  await page.locator('input[name=files]').setInputFiles([files['notes.png'], files['ok.png']])
  if (!jsEnabled()) await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const error = page.getByTestId('upload-item').filter({ hasText: 'notes.png' }).getByTestId('upload-error')
  await expect(error).toHaveText('The file is not an image we can read.')
  await expect(error).toHaveCSS('color', 'rgb(215, 47, 47)')
  await untilUploadsProcessed(page)
  await expect(page.getByTestId('upload-count')).toHaveText('2 files • 1 ready to publish')
})

test('inline edit: Save changes the row, Cancel leaves it', async ({ page, request }) => {
  const word = marker('edit')
  const [id] = await createAssets(request, [`Editable ${word}`])
  await loginAsAdmin(page)
  await page.goto(`/admin/assets?q=${word}`)
  await hydrated(page)
  await expect(rows(page)).toHaveCount(1)

  await page.getByRole('link', { name: `Edit Editable ${word}` }).click()
  await rows(page).getByRole('textbox', { name: 'Title' }).fill(`Renamed ${word}`)
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(rows(page).first()).toContainText(`Editable ${word}`)

  // A refused save keeps the row open with the reason and what was typed, with or without JavaScript.
  await page.getByRole('link', { name: `Edit Editable ${word}` }).click()
  await rows(page).getByRole('textbox', { name: 'Title' }).fill('   ')
  await rows(page).getByRole('textbox', { name: 'Category' }).fill('Typed before the refusal')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(rows(page).getByText('Enter a title.')).toBeVisible()
  await expect(rows(page).getByRole('textbox', { name: 'Category' })).toHaveValue('Typed before the refusal')
  await page.getByRole('link', { name: 'Cancel' }).click()

  await page.getByRole('link', { name: `Edit Editable ${word}` }).click()
  await expect(page).toHaveURL(new RegExp(`edit=${id}`))
  await page.getByRole('textbox', { name: 'Title' }).fill(`Renamed ${word}`)
  await rows(page).getByRole('textbox', { name: 'Category' }).fill('Sculpture')
  await rows(page).getByRole('textbox', { name: 'Tags' }).fill(`marble, statue, ${word}, one, two, three, four`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Changes saved.')).toBeVisible()
  const row = rows(page).filter({ hasText: `Renamed ${word}` })
  await expect(row).toContainText('Sculpture')
  await expect(row).toContainText('marble')
  await expect(row).toContainText('+2') // five tags shown, then '+N'
  await expect(row).toContainText('Pending')

  // Publish from the table, then the draft preview shows it published.
  await row.getByRole('button', { name: `Publish Renamed ${word}` }).click()
  await expect(rows(page).filter({ hasText: `Renamed ${word}` })).toContainText('Published')
  await page.getByRole('link', { name: `Preview Renamed ${word}` }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: `Renamed ${word}` })).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'Open the public page' })).toHaveAttribute('href', `/assets/${id}`)
  await dialog.getByRole('link', { name: 'Close' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('bulk delete asks first, then removes the ticked assets; a row has its own Delete', async ({ page, request }) => {
  const word = marker('bulk')
  const ids = await createAssets(request, [`Bulk A ${word}`, `Bulk B ${word}`, `Bulk C ${word}`])
  await loginAsAdmin(page)
  await page.goto(`/admin/assets?q=${word}`)
  await hydrated(page)
  await expect(rows(page)).toHaveCount(3)

  const thumbnail = await rows(page)
    .filter({ hasText: `Bulk A ${word}` })
    .locator('img')
    .getAttribute('src')
  expect(thumbnail).toMatch(/^\/images\//)
  expect((await request.get(thumbnail!)).status()).toBe(200)
  await page.getByRole('checkbox', { name: `Select Bulk A ${word}` }).check()
  await page.getByRole('checkbox', { name: `Select Bulk B ${word}` }).check()
  const bulk = page.getByRole('button', { name: /^Delete Selected/ })
  if (jsEnabled()) {
    await expect(bulk).toHaveText('Delete Selected (2)')
  } else {
    // A CSS counter of the ticked boxes shows the figure; it is kept out of the spoken name
    // (an accessibility tree cannot read counters) and the confirmation says it in words.
    await expect(bulk).toHaveText('Delete Selected')
    expect(
      await bulk
        .getByText('Delete Selected', { exact: true })
        .evaluate((el) => getComputedStyle(el, '::after').content),
    ).toContain('counter(selected)')
    expect(await chromeAccessibleName(page, 'form#bulk button[value=confirm-bulk-delete]')).toBe('Delete Selected')
  }
  await bulk.click()
  await expect(page.getByText('Delete 2 selected assets?')).toBeVisible()
  await page.getByRole('button', { name: 'Delete 2 assets' }).click()
  await expect(page.getByText('Deleted 2 assets.')).toBeVisible()
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page)).toContainText(`Bulk C ${word}`)
  // The files went with the rows: the public thumbnail of a deleted asset is gone.
  expect((await request.get(thumbnail!)).status()).toBe(404)

  await page.getByRole('link', { name: `Delete Bulk C ${word}` }).click()
  await expect(page).toHaveURL(new RegExp(`confirmDelete=${ids[2]}`))
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByText('Deleted 1 asset.')).toBeVisible()
  await expect(page.getByText('No assets found.')).toBeVisible()
})

test('the admin screens show their figures', async ({ page }) => {
  await loginAsAdmin(page)
  await page.goto('/admin')
  for (const label of ['Total Assets', 'Total Users', 'Downloads Today', 'Revenue ($)'])
    await expect(page.getByTestId(`tile-${label}`)).toHaveText(/^[\d,.]+$/)
  await expect(page.getByRole('heading', { name: 'Recent Assets' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Settings' })).toBeDisabled()

  await page.getByRole('link', { name: 'Users' }).click()
  await expect(page).toHaveURL(/\/admin\/users$/)
  await page.getByLabel('Search users').fill('admin@example.com')
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByRole('row').filter({ hasText: 'admin@example.com' })).toContainText('Free')

  await page.goto('/admin/system-status')
  for (const label of ['Server Health', 'Database', 'Storage']) {
    const card = page.getByTestId(`status-${label}`)
    await expect(card).toContainText('OK')
    await expect(card.getByText('OK', { exact: true })).toHaveCSS('color', 'rgb(39, 130, 56)')
  }
  await expect(page.getByTestId('status-API Response Time')).toContainText(/\d+ ms/)

  await page.goto('/admin/analytics')
  await expect(page.getByRole('img', { name: /^Downloads per day from .* in all\.$/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Top 10 downloaded assets' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Dashboard' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
})
