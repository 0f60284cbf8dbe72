import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset } from '../support/factories'
import {
  NOT_AN_IMAGE,
  NOT_AUDIO,
  THUMBNAIL_NOT_AN_IMAGE,
  uploadAsset,
  uploadBatch,
} from '~/domain/uploads/asset-upload.server'
import { AUDIO_STAYS_AUDIO, IMAGE_NOT_AUDIO, updateAsset } from '~/domain/catalogue/assets.server'
import { BLOG_NOT_AN_IMAGE, storeBlogImage } from '~/domain/blog/blog.server'
import { readCsvMetadata } from '~/domain/uploads/csv-metadata.server'
import { AUDIO_UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_BYTES } from '~/lib/constants'
import { fileTooLargeMessage } from '~/lib/upload-limits'
import { REFUSAL_STATUS } from '~/web/refusals.server'
import { adminAndUser, png, storedFiles } from '../support/admin'
import { createTestContext, type TestContext } from '../support/context'

// The upload path returns its refusals ({ ok: false, reason, error }); it does
// not throw them. Each refusal here leaves no file and no row behind.
const uid = () => randomUUID().slice(0, 8)
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
)

let t: TestContext
let adminId: string
beforeAll(async () => {
  t = await createTestContext()
  adminId = (await adminAndUser(t.db)).admin.id
})
afterAll(() => t.close())

describe('uploadAsset returns its refusals', () => {
  const wavHeader = (size: number) => {
    const data = Buffer.alloc(size)
    data.write('RIFF', 0, 'latin1')
    data.write('WAVE', 8, 'latin1')
    return data
  }
  const cases: [string, () => Promise<Parameters<typeof uploadAsset>[4]>, string, string][] = [
    [
      'an image over its limit',
      async () => ({ original: Buffer.alloc(UPLOAD_LIMIT_BYTES + 1, 1), filename: 'big.png' }),
      'file-too-large',
      fileTooLargeMessage(UPLOAD_LIMIT_BYTES, 'big.png'),
    ],
    [
      'audio over its limit',
      async () => ({ original: wavHeader(AUDIO_UPLOAD_LIMIT_BYTES + 1), filename: 'long.wav' }),
      'file-too-large',
      fileTooLargeMessage(AUDIO_UPLOAD_LIMIT_BYTES, 'long.wav'),
    ],
    [
      'a thumbnail over the limit',
      async () => ({ original: await png(), filename: 'a.png', thumbnail: Buffer.alloc(UPLOAD_LIMIT_BYTES + 1, 1) }),
      'file-too-large',
      fileTooLargeMessage(UPLOAD_LIMIT_BYTES, 'The thumbnail'),
    ],
    [
      'an empty file',
      async () => ({ original: Buffer.alloc(0), filename: 'empty.png' }),
      'empty-file',
      'The file is empty.',
    ],
    [
      'a thumbnail that is no image',
      async () => ({ original: await png(), filename: 'a.png', thumbnail: SVG }),
      'not-an-image',
      THUMBNAIL_NOT_AN_IMAGE,
    ],
    ['an SVG named .png', async () => ({ original: SVG, filename: 'logo.png' }), 'not-an-image', NOT_AN_IMAGE],
    [
      'a file named .mp3 that is not audio',
      async () => ({ original: SVG, filename: 'song.mp3' }),
      'not-audio',
      NOT_AUDIO,
    ],
    [
      'an image sent as audio',
      async () => ({ original: await png(), filename: 'a.png', assetType: 'audio' as const }),
      'not-audio',
      NOT_AUDIO,
    ],
  ]
  for (const [what, input, reason, error] of cases) {
    it(`${what}: { ok: false, reason: '${reason}' }, nothing stored`, async () => {
      const before = storedFiles(t.storageDir)
      const title = `Refused ${uid()}`
      const result = await uploadAsset(t.db, t.storage, t.services.jobs, adminId, { ...(await input()), title })
      expect(result).toEqual({ ok: false, reason, error })
      expect(storedFiles(t.storageDir)).toEqual(before)
      expect(await t.db.selectFrom('assets').select('id').where('title', '=', title).execute()).toEqual([])
    })
  }

  it('a WAV header over noise is taken at once (its first bytes say audio); its job fails it with the reason', async () => {
    const title = `Noise ${uid()}`
    const result = await uploadAsset(t.db, t.storage, t.services.jobs, adminId, {
      original: wavHeader(4096),
      filename: 'broken.wav',
      title,
    })
    expect(result).toMatchObject({ ok: true, asset: { processing: { state: 'processing' } } })
    await t.services.jobs.runDue()
    const row = await t.db
      .selectFrom('assets')
      .select(['processing_state', 'processing_error'])
      .where('title', '=', title)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ processing_state: 'failed', processing_error: NOT_AUDIO })
  })

  it('a good file: { ok: true, asset }', async () => {
    const result = await uploadAsset(t.db, t.storage, t.services.jobs, adminId, {
      original: await png(),
      filename: 'fine.png',
      title: `Fine ${uid()}`,
    })
    expect(result.ok).toBe(true)
    if (result.ok) expect(result.asset.original_url).toBe(result.asset.image)
    if (result.ok) expect(result.asset.processing.state).toBe('processing')
  })

  it("the batch reports a refused file's words and stores the others", async () => {
    const file = (name: string, data: Buffer) => ({
      name,
      type: 'image/png',
      size: data.byteLength,
      read: async () => data,
    })
    const items = await uploadBatch(
      t.db,
      t.storage,
      t.services.jobs,
      adminId,
      [file(`bad-${uid()}.png`, SVG), file(`good-${uid()}.png`, await png())],
      [],
    )
    expect(items.map((item) => item.error)).toEqual([NOT_AN_IMAGE, null])
    expect(items[1].id).not.toBeNull()
  })
})

describe('the CSV, the edit and the blog image return theirs', () => {
  it("readCsvMetadata: 'bad-csv' with the admin's words, or the rows", () => {
    expect(readCsvMetadata('filename,asset_type\nx.png,video\n')).toEqual({
      ok: false,
      reason: 'bad-csv',
      error: "Line 2: asset_type must be 3d, image or audio, not 'video'.",
    })
    expect(readCsvMetadata('filename,title\na.png,"unclosed')).toMatchObject({
      ok: false,
      reason: 'bad-csv',
      error: expect.stringMatching(/^The CSV file could not be read/),
    })
    expect(readCsvMetadata(`filename\n${'x'.repeat(1024 * 1024)}`)).toEqual({
      ok: false,
      reason: 'bad-csv',
      error: 'The CSV file is larger than 1MB.',
    })
    // A header alone, or rows without a file name: nothing it could apply, said as such.
    for (const input of [
      'filename,title\n',
      ',title\n,Orphan title\n',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]),
    ])
      expect(readCsvMetadata(input)).toEqual({
        ok: false,
        reason: 'bad-csv',
        error: 'The CSV file names no files: its first row is a header, and each row after it starts with a file name.',
      })
    // A picture chosen as the CSV: binary, not text.
    expect(readCsvMetadata(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]))).toEqual({
      ok: false,
      reason: 'bad-csv',
      error: 'The CSV file is not text: choose the .csv file with the titles and keywords.',
    })
    expect(readCsvMetadata('filename,title\na.png,A\n')).toEqual({
      ok: true,
      rows: [expect.objectContaining({ filename: 'a.png', title: 'A' })],
    })
  })

  it("updateAsset: 'asset-not-found', and 'asset-type-not-allowed' that changes nothing", async () => {
    expect(await updateAsset(t.db, 2_000_000_000, { title: 'Nobody' }, adminId)).toEqual({
      ok: false,
      reason: 'asset-not-found',
      error: 'Asset not found',
    })
    const image = await makeAsset(t.db, t.storage, { title: `Still Image ${uid()}`, assetType: 'image', size: 32 })
    expect(await updateAsset(t.db, image.id, { title: 'Renamed', asset_type: 'audio' }, adminId)).toEqual({
      ok: false,
      reason: 'asset-type-not-allowed',
      error: IMAGE_NOT_AUDIO,
    })
    const sound = await makeAsset(t.db, t.storage, { title: `Still Sound ${uid()}`, assetType: 'audio' })
    expect(await updateAsset(t.db, sound.id, { asset_type: '3d' }, adminId)).toEqual({
      ok: false,
      reason: 'asset-type-not-allowed',
      error: AUDIO_STAYS_AUDIO,
    })
    const rows = await t.db
      .selectFrom('assets')
      .select(['id', 'title', 'asset_type'])
      .where('id', 'in', [image.id, sound.id])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      { id: image.id, title: image.title, asset_type: 'image' },
      { id: sound.id, title: sound.title, asset_type: 'audio' },
    ])
    const edited = await updateAsset(t.db, image.id, { asset_type: '3d' }, adminId)
    expect(edited.ok && edited.asset.asset_type).toBe('3d')
  })

  it("storeBlogImage: 'not-an-image', nothing stored", async () => {
    const before = storedFiles(t.storageDir)
    expect(await storeBlogImage(t.db, t.storage, SVG)).toEqual({
      ok: false,
      reason: 'not-an-image',
      error: BLOG_NOT_AN_IMAGE,
    })
    expect(storedFiles(t.storageDir)).toEqual(before)
    const stored = await storeBlogImage(t.db, t.storage, await png())
    expect(stored.ok && stored.url).toMatch(/^\/images\/blog\/.+\.webp$/)
  })

  it('each door says a reason with the status it always had', () => {
    expect(REFUSAL_STATUS).toMatchObject({
      'file-too-large': 413,
      'empty-file': 400,
      'not-an-image': 400,
      'not-audio': 400,
      'bad-csv': 400,
      'asset-type-not-allowed': 400,
      'asset-not-found': 404,
    })
  })
})
