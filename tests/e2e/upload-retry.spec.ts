import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { expect, type Page, test } from '@playwright/test'
import { e2eQuery, hydrated, jsEnabled, signInAsDemoAdmin, untilUploadsProcessed } from './support'

// A failed upload's Retry (decision 087), end to end. Retry is offered only where another
// attempt can help: a fault that may pass (storage, the database) gets it, and Retry runs the
// processing again; a file that cannot be decoded says why and offers none.

const dir = mkdtempSync(path.join(tmpdir(), 'retry-e2e-'))
test.afterAll(() => rmSync(dir, { recursive: true, force: true }))

const marker = (label: string) => `${label}${jsEnabled() ? 'js' : 'nojs'}${Date.now().toString(36)}`

/** What the job's last attempt leaves after a fault that may pass (the storage was down). */
const TRANSIENT = 'storage unavailable'
const failAsTheJobWould = (id: number) =>
  e2eQuery(
    `update assets set processing_state = 'failed', processing_error = $2, processing_step = null,
       processing_retryable = true where id = $1`,
    [id, TRANSIENT],
  )

const assetNamed = async (name: string) =>
  (
    await e2eQuery<{ id: number; title: string; state: string }>(
      'select id, title, processing_state as state from assets where original_filename = $1',
      [name],
    )
  )[0]

const retries = async (id: number) =>
  (await e2eQuery("select 1 from audit_log where action = 'asset.retry-processing' and target_id = $1", [String(id)]))
    .length

async function uploadOn(page: Page, file: string) {
  await signInAsDemoAdmin(page)
  await page.goto('/admin/upload')
  await hydrated(page)
  await page.locator('input[name=files]').setInputFiles(file)
  if (!jsEnabled()) await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(page.getByTestId('upload-item')).toHaveCount(1)
}

test('a failure that may pass offers Retry on the results page and the assets page, and Retry mends it', async ({
  page,
}) => {
  const name = `${marker('flaky')}.png`
  const file = path.join(dir, name)
  writeFileSync(
    file,
    await sharp({ create: { width: 96, height: 96, channels: 4, background: '#33aa77' } })
      .png()
      .toBuffer(),
  )

  // The processing succeeds; then the row is left as a last attempt cut by a storage fault would
  // leave it. With JavaScript that happens before the page's first question about it is answered.
  let failed = false
  if (jsEnabled())
    await page.route(
      (url) => url.pathname === '/admin/upload.data' && url.searchParams.has('states'),
      async (route) => {
        if (!failed) {
          await expect.poll(async () => (await assetNamed(name))?.state, { timeout: 30_000 }).toBe('ready')
          await failAsTheJobWould((await assetNamed(name)).id)
          failed = true
        }
        await route.continue()
      },
    )
  await uploadOn(page, file)
  const item = page.getByTestId('upload-item')
  if (!jsEnabled()) {
    await untilUploadsProcessed(page)
    await failAsTheJobWould((await assetNamed(name)).id)
    await page.getByRole('button', { name: 'Refresh', exact: true }).click()
  }
  await expect(item.getByTestId('processing-status')).toContainText(`Failed: ${TRANSIENT}`)
  const asset = await assetNamed(name)
  await expect(page.getByRole('button', { name: `Publish ${name}` })).toBeDisabled()
  expect(await retries(asset.id)).toBe(0)

  await page.getByRole('button', { name: `Retry processing ${name}` }).click()
  await expect.poll(() => retries(asset.id), { timeout: 10_000 }).toBe(1)
  await untilUploadsProcessed(page)
  await expect(item.getByTestId('upload-status')).toHaveText('Uploaded: ready to publish')
  await expect(page.getByRole('button', { name: `Publish ${name}` })).toBeEnabled()
  expect((await assetNamed(name)).state).toBe('ready')

  // The dashboard's recent assets say so too, and lead to the assets page's Retry.
  await failAsTheJobWould(asset.id)
  await page.goto('/admin')
  const recent = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Edit ${asset.title}`, exact: true }) })
  await expect(recent.getByTestId('processing-status')).toContainText(`Failed: ${TRANSIENT}`)
  await recent.getByRole('link', { name: `Retry processing ${asset.title}` }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/assets\\?preview=${asset.id}$`))
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Retry processing ${asset.title}` })
    .click()
  await expect.poll(() => retries(asset.id), { timeout: 10_000 }).toBe(2)
  await expect.poll(async () => (await assetNamed(name)).state, { timeout: 30_000 }).toBe('ready')
})

test('a file that cannot be decoded says why and offers no Retry, on every page', async ({ page }) => {
  const name = `${marker('noise')}.wav`
  // Its first bytes say WAV, so the upload takes it; the decode, in the job, fails.
  const file = path.join(dir, name)
  writeFileSync(file, Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(2000, 7)]))
  await uploadOn(page, file)
  const item = page.getByTestId('upload-item')
  await untilUploadsProcessed(page)
  const failed = 'Failed: The file is not audio we can decode: upload WAV, MP3, OGG/Opus or FLAC.'
  await expect(item.getByTestId('processing-status')).toContainText(failed)
  await expect(page.getByRole('button', { name: `Publish ${name}` })).toBeDisabled()
  await expect(item.getByRole('button', { name: /^Retry processing / })).toHaveCount(0)

  const asset = await assetNamed(name)
  await page.goto('/admin')
  const recent = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Edit ${asset.title}`, exact: true }) })
  await expect(recent.getByTestId('processing-status')).toContainText(failed)
  await expect(recent.getByRole('link', { name: /^Retry processing / })).toHaveCount(0)

  await page.goto(`/admin/assets?preview=${asset.id}`)
  await expect(page.getByRole('dialog').getByTestId('processing-status')).toContainText(failed)
  await expect(page.getByRole('button', { name: `Retry processing ${asset.title}` })).toHaveCount(0)
  // The way on is to delete it and upload a file that decodes.
  await expect(page.getByRole('link', { name: `Delete ${asset.title}` }).first()).toBeVisible()
  expect(await retries(asset.id)).toBe(0)
})

test('a failed upload is deleted from its results: Save all as Draft has nothing to take, and Delete takes it away', async ({
  page,
}) => {
  const name = `${marker('broken')}.wav`
  const file = path.join(dir, name)
  writeFileSync(file, Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(2000, 7)]))
  await uploadOn(page, file)
  const item = page.getByTestId('upload-item')
  await untilUploadsProcessed(page)
  await expect(item.getByTestId('processing-status')).toContainText('Failed: The file is not audio we can decode')
  await expect(page.getByRole('button', { name: 'Save all as Draft' })).toBeDisabled()
  const asset = await assetNamed(name)

  await item.getByRole('button', { name: `Delete ${name}` }).click()
  await expect(page.getByRole('status').filter({ hasText: `Deleted ${asset.title}.` })).toBeVisible()
  await expect(page.getByTestId('upload-item')).toHaveCount(0)
  expect(await assetNamed(name)).toBeUndefined()
  const deletions = await e2eQuery("select 1 from audit_log where action = 'asset.delete' and target_id = $1", [
    String(asset.id),
  ])
  expect(deletions).toHaveLength(1)
})
