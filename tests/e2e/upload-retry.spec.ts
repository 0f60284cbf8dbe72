import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { e2eQuery, hydrated, jsEnabled, signInAsDemoAdmin, untilUploadsProcessed } from './support'

// The upload results page's Retry (decision 087), end to end: a file whose processing fails
// shows why, and Retry queues its job again, which runs again (the fetcher's post with
// JavaScript, the results form's button without).

const dir = mkdtempSync(path.join(tmpdir(), 'retry-e2e-'))
test.afterAll(() => rmSync(dir, { recursive: true, force: true }))

test("a failed upload's Retry on the results page runs its processing again", async ({ page }) => {
  const word = `retry${jsEnabled() ? 'js' : 'nojs'}${Date.now().toString(36)}`
  const name = `${word}.wav`
  // Its first bytes say WAV, so the upload takes it; the decode, in the job, fails.
  const file = path.join(dir, name)
  writeFileSync(file, Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(2000, 7)]))

  await signInAsDemoAdmin(page)
  await page.goto('/admin/upload')
  await hydrated(page)
  await page.locator('input[name=files]').setInputFiles(file)
  if (!jsEnabled()) await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const item = page.getByTestId('upload-item')
  await expect(item).toHaveCount(1)
  await untilUploadsProcessed(page)
  const failed = 'Failed: The file is not audio we can decode'
  await expect(item.getByTestId('processing-status')).toContainText(failed)
  await expect(page.getByRole('button', { name: `Publish ${name}` })).toBeDisabled()

  const [asset] = await e2eQuery<{ id: number; title: string }>(
    "select id, title from assets where original_filename = $1 and processing_state = 'failed'",
    [name],
  )
  expect(asset?.id).toBeTruthy()
  const runs = async () =>
    (
      await e2eQuery<{ started: string | null }>(
        "select max(started_on)::text as started from pgboss.job where name = 'process-upload' and data->>'assetId' = $1",
        [String(asset.id)],
      )
    )[0]?.started ?? null
  const retries = async () =>
    (
      await e2eQuery("select 1 from audit_log where action = 'asset.retry-processing' and target_id = $1", [
        String(asset.id),
      ])
    ).length
  const ranAt = await runs()
  expect(ranAt).not.toBeNull()
  expect(await retries()).toBe(0)

  await page.getByRole('button', { name: `Retry processing ${name}` }).click()
  // The results page is still there, the file on it, back to processing or failed again.
  await expect(item).toHaveCount(1)
  await expect(item.getByTestId('processing-status')).toContainText(/Processing…|Failed: /)
  await expect.poll(retries, { timeout: 10_000 }).toBe(1)
  // The job ran again (and, the file being what it is, failed again with the same words).
  await expect.poll(runs, { timeout: 30_000 }).not.toBe(ranAt)
  await untilUploadsProcessed(page)
  await expect(item.getByTestId('processing-status')).toContainText(failed)

  // The dashboard's recent assets say so too, and lead to the Retry.
  await page.goto('/admin')
  const recent = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Edit ${asset.title}`, exact: true }) })
  await expect(recent.getByTestId('processing-status')).toContainText(failed)
  await recent.getByRole('link', { name: /^Retry processing / }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/assets\\?preview=${asset.id}$`))
  await expect(page.getByRole('button', { name: `Retry processing ${asset.title}` }).first()).toBeVisible()
})
