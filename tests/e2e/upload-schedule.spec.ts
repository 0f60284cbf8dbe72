import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { expect, test } from '@playwright/test'
import { e2eQuery, hydrated, jsEnabled, signInAsDemoAdmin, untilUploadsProcessed } from './support'

// A schedule chosen on the upload page (decision 89): each file is stored as a draft that goes
// live at the time. With JavaScript the time is read in the browser's zone (Paris here) and sent
// with each file to the API; without it the form posts it, read in UTC.
test.use({ timezoneId: 'Europe/Paris' })

const dir = mkdtempSync(path.join(tmpdir(), 'schedule-e2e-'))
test.afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('files uploaded with a publish time are scheduled drafts, and the page says when', async ({ page }) => {
  const name = `sched${jsEnabled() ? 'js' : 'nojs'}${Date.now().toString(36)}.png`
  const file = path.join(dir, name)
  writeFileSync(
    file,
    await sharp({ create: { width: 64, height: 64, channels: 4, background: '#7744aa' } })
      .png()
      .toBuffer(),
  )
  const year = new Date().getFullYear() + 1
  await signInAsDemoAdmin(page)
  await page.goto('/admin/upload')
  await hydrated(page)
  const field = page.getByLabel(/^Publish at/)
  await expect(field).toHaveAccessibleName(new RegExp(jsEnabled() ? 'Europe/Paris' : '\\(UTC\\)'))
  // Chosen before the files: with JavaScript they are sent as soon as they are chosen.
  await field.fill(`${year}-03-01T10:00`)
  await page.locator('input[name=files]').setInputFiles(file)
  if (!jsEnabled()) await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const item = page.getByTestId('upload-item')
  await expect(item).toHaveCount(1)
  await expect(item.getByTestId('scheduled-for')).toHaveText(
    jsEnabled() ? `Scheduled for 1 Mar ${year}, 10:00 CET` : `Scheduled for 1 Mar ${year}, 10:00 UTC`,
  )
  const stored = async () =>
    (
      await e2eQuery<{ is_active: boolean; publish_at: Date | null }>(
        'select is_active, publish_at from assets where original_filename = $1',
        [name],
      )
    )[0]
  // With JavaScript the file is still being sent: the answer comes with the schedule.
  await expect
    .poll(async () => (await stored())?.publish_at?.toISOString() ?? null, { timeout: 15_000 })
    .toBe(jsEnabled() ? `${year}-03-01T09:00:00.000Z` : `${year}-03-01T10:00:00.000Z`)
  expect((await stored())?.is_active).toBe(false)
  // Processed, it stays scheduled (a draft until the time), and says so after each Refresh.
  await untilUploadsProcessed(page)
  await expect(item.getByTestId('scheduled-for')).toBeVisible()
})
