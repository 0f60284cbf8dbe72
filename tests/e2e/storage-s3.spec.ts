import { readFileSync } from 'node:fs'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { expect, test } from '@playwright/test'
import { hydrated, jsEnabled, register, signIn, uniqueEmail, signInAsDemoAdmin, untilUploadsProcessed } from './support'

// Upload, publish and download with the files in an S3 bucket (the e2e server runs on s3rver,
// scripts/e2e-server.mjs): the bytes downloaded are the bytes uploaded, and they live in the bucket.

function bucket(): { client: S3Client; name: string } {
  const port = process.env.E2E_PORT ?? '3210'
  const { s3 } = JSON.parse(readFileSync(`.tmp/e2e-${port}.json`, 'utf8')) as { s3: Record<string, string> | null }
  if (!s3) throw new Error('The e2e server keeps files in a folder (E2E_STORAGE=local): this flow is for S3.')
  const client = new S3Client({
    region: s3.S3_REGION,
    endpoint: s3.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.S3_ACCESS_KEY_ID!, secretAccessKey: s3.S3_SECRET_ACCESS_KEY! },
  })
  return { client, name: s3.S3_BUCKET! }
}

const loginAsAdmin = signInAsDemoAdmin

test('on S3: an admin uploads and publishes an image; a member downloads the same picture', async ({
  page,
  context,
}) => {
  const { client, name } = bucket()
  const word = `bucket${jsEnabled() ? 'js' : 'nojs'}${Date.now().toString(36)}`
  const original = await sharp({
    create: { width: 120, height: 80, channels: 4, background: jsEnabled() ? '#118844' : '#884411' },
  })
    .png()
    .toBuffer()
  const dir = path.join(tmpdir(), `s3-e2e-${word}`)
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${word}.png`)
  writeFileSync(file, original)

  await loginAsAdmin(page)
  await page.goto('/admin/upload')
  await hydrated(page)
  await page.locator('input[name=files]').setInputFiles([file])
  if (!jsEnabled()) await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await untilUploadsProcessed(page)
  await expect(page.getByTestId('upload-count')).toHaveText('1 file • 1 ready to publish')
  await page.getByRole('button', { name: 'Publish All' }).click()
  await expect(page.getByTestId('upload-status')).toHaveText('Published')

  // The original is in the bucket, byte for byte.
  const listed = await client.send(new ListObjectsV2Command({ Bucket: name, Prefix: 'originals/' }))
  const candidates = (listed.Contents ?? []).filter((o) => o.Size === original.byteLength)
  const bodies = await Promise.all(
    candidates.map(async (o) =>
      Buffer.from(
        await (await client.send(new GetObjectCommand({ Bucket: name, Key: o.Key }))).Body!.transformToByteArray(),
      ),
    ),
  )
  expect(bodies.some((b) => b.equals(original))).toBe(true)

  // A member finds it and downloads it: the same picture, with its provenance added, streamed
  // from the bucket by the app.
  await context.clearCookies()
  const email = uniqueEmail('s3')
  await register(page, { name: 'Sam Bucket', email, password: 'bucket-pass-1' })
  await signIn(page, email, 'bucket-pass-1')
  await expect(page).toHaveURL(/\/profile$/)
  await page.goto(`/explore?q=${word}`)
  const card = page.getByTestId('asset-card')
  await expect(card).toHaveCount(1)
  const thumb = await card.locator('img').first().getAttribute('src')
  const image = await page.request.get(thumb!)
  expect(image.status()).toBe(200)
  expect(image.headers()['cache-control']).toContain('immutable')
  await card.locator('a').first().click()
  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download PNG' }).click()
  const download = await downloadPromise
  const saved = readFileSync((await download.path())!)
  const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer()
  expect((await pixels(saved)).equals(await pixels(original))).toBe(true)
  expect((await sharp(saved).metadata()).xmp?.toString()).toContain('trainedAlgorithmicMedia')
})
