import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { createAsset, deleteAssets } from '~/domain/catalogue/assets.server'
import { removeFiles, reserveUploadKeys, scheduleDeletion, sweepStorage } from '~/platform/storage-cleanup.server'
import { openDeliveredFile } from '~/domain/downloads/delivered-files.server'
import { DEFAULT_VARIANT, type DownloadVariant } from '~/lib/download-options'
import { createLocalStorage, createS3Storage, type Storage } from '~/platform/storage.server'
import { startLocalS3, type LocalS3 } from '../support/s3'
import { testDb } from '../support/context'

const SITE_URL = 'http://localhost:3000'

// One contract, two backends: the local folder and an S3 bucket (s3rver, a real S3 protocol
// server on 127.0.0.1). Whatever the app relies on from Storage holds on both.

const S3_PORT = Number(process.env.S3_TEST_PORT ?? 3442)

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function png(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 64, channels: 3, background: { r: seed % 255, g: 90, b: 160 } } })
    .png()
    .toBuffer()
}

/** Fails every put after the first `allowed` ones, or every delete: a bucket that breaks halfway. */
function failing(storage: Storage, mode: { putsAllowed?: number; deletes?: boolean }): Storage {
  let puts = 0
  return {
    ...storage,
    async put(key, data, options) {
      if (mode.putsAllowed !== undefined && puts++ >= mode.putsAllowed) throw new Error('storage is full')
      return storage.put(key, data, options)
    },
    async delete(key) {
      if (mode.deletes) throw new Error('storage refused the delete')
      return storage.delete(key)
    },
  }
}

const backends: { name: string; open(): Promise<{ storage: Storage; close(): Promise<void> }> }[] = [
  {
    name: 'local folder',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'storage-contract-'))
      return { storage: createLocalStorage(dir), close: async () => rmSync(dir, { recursive: true, force: true }) }
    },
  },
  {
    name: 'S3 (s3rver)',
    async open() {
      const s3: LocalS3 = await startLocalS3(S3_PORT)
      const storage = createS3Storage({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      })
      return { storage, close: () => s3.close() }
    },
  },
]

describe.each(backends)('storage contract: $name', (backend) => {
  let storage: Storage
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ storage, close } = await backend.open())
  })
  afterAll(() => close())

  it('stores bytes and streams them back with size, type and a validator', async () => {
    const data = randomBytes(300_000)
    await storage.put('originals/contract-a.png', data)
    expect(await storage.exists('originals/contract-a.png')).toBe(true)
    const file = await storage.get('originals/contract-a.png')
    expect(file).not.toBeNull()
    expect(file!.size).toBe(data.byteLength)
    expect(await storage.size('originals/contract-a.png')).toBe(data.byteLength)
    expect(file!.contentType).toBe('image/png')
    expect(file!.etag).toMatch(/^"[^"]+"$/)
    expect((await read(file!.stream)).equals(data)).toBe(true)
  })

  it('knows the type of a derivative and of other files by their key', async () => {
    await storage.put('public/contract-b/thumb.webp', Buffer.from('RIFF....WEBP'))
    expect((await storage.get('public/contract-b/thumb.webp'))!.contentType).toBe('image/webp')
    await storage.put('originals/contract-b.mp3', Buffer.from('ID3'), { contentType: 'audio/mpeg' })
    const audio = await storage.get('originals/contract-b.mp3')
    expect(audio!.contentType).toBe('audio/mpeg')
    await read(audio!.stream)
  })

  it('replaces an object written again under the same key, and changes its validator', async () => {
    await storage.put('public/contract-c/file.txt', Buffer.from('first'))
    const first = await storage.get('public/contract-c/file.txt')
    await read(first!.stream)
    await new Promise((resolve) => setTimeout(resolve, 20))
    await storage.put('public/contract-c/file.txt', Buffer.from('second version'))
    const second = await storage.get('public/contract-c/file.txt')
    expect((await read(second!.stream)).toString()).toBe('second version')
    expect(second!.etag).not.toBe(first!.etag)
  })

  it('answers null or false for a missing key, and deleting one is no error', async () => {
    expect(await storage.get('originals/never-written.png')).toBeNull()
    expect(await storage.exists('originals/never-written.png')).toBe(false)
    expect(await storage.size('originals/never-written.png')).toBeNull()
    await expect(storage.delete('originals/never-written.png')).resolves.toBeUndefined()
  })

  it('deletes', async () => {
    await storage.put('public/contract-d/x.png', Buffer.from('x'))
    await storage.delete('public/contract-d/x.png')
    expect(await storage.exists('public/contract-d/x.png')).toBe(false)
    expect(await storage.get('public/contract-d/x.png')).toBeNull()
  })

  it('refuses keys that escape or carry odd characters', async () => {
    await expect(storage.put('../outside.png', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/)
    await expect(storage.put('public/a b.png', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/)
    expect(await storage.get('public/../originals/contract-a.png')).toBeNull()
    expect(await storage.exists('/etc/passwd')).toBe(false)
  })

  it('reports that it can be written', async () => {
    expect((await storage.check()).writable).toBe(true)
  })

  describe('with the database: an asset and its files live and die together', () => {
    const keysOf = (a: {
      original_key: string
      thumb_key: string | null
      thumb_png_key: string | null
      preview_key: string | null
      preview_png_key: string | null
    }) =>
      [a.original_key, a.thumb_key, a.thumb_png_key, a.preview_key, a.preview_png_key].filter((k): k is string =>
        Boolean(k),
      )

    it('an upload writes the original and four derivatives; deleting the asset removes them all', async () => {
      const db = await testDb()
      const asset = await createAsset(db, storage, {
        original: await png(1),
        originalFilename: 'a.png',
        title: `Contract ${backend.name}`,
      })
      const keys = keysOf(asset)
      expect(keys).toHaveLength(5)
      for (const key of keys) expect(await storage.exists(key)).toBe(true)
      const thumb = await storage.get(asset.thumb_key!)
      expect((await sharp(await read(thumb!.stream)).metadata()).format).toBe('webp')
      expect(await db.selectFrom('storage_cleanup').select('key').where('key', 'in', keys).execute()).toEqual([])

      expect(await deleteAssets(db, storage, [asset.id])).toBe(1)
      for (const key of keys) expect(await storage.exists(key)).toBe(false)
      expect(await db.selectFrom('storage_cleanup').select('key').where('key', 'in', keys).execute()).toEqual([])
    })

    it('storage failing halfway through an upload leaves no object and no row', async () => {
      const db = await testDb()
      const title = `Half upload ${backend.name} ${Date.now()}`
      const broken = failing(storage, { putsAllowed: 2 })
      await expect(
        createAsset(db, broken, { original: await png(2), originalFilename: 'b.png', title }),
      ).rejects.toThrow(/storage is full/)
      expect(await db.selectFrom('assets').select('id').where('title', '=', title).execute()).toEqual([])
      const left = await db.selectFrom('storage_cleanup').select('key').where('key', 'like', 'originals/%').execute()
      for (const { key } of left) expect(await storage.exists(key)).toBe(false)
    })

    it('the database refusing the row removes the objects already written', async () => {
      const db = await testDb()
      const written: string[] = []
      const watching: Storage = {
        ...storage,
        put: async (key, data, o) => (written.push(key), storage.put(key, data, o)),
      }
      // An asset type the schema refuses: the insert fails after every file is written.
      await expect(
        createAsset(db, watching, {
          original: await png(3),
          originalFilename: 'c.png',
          title: 'Refused',
          assetType: 'video' as never,
        }),
      ).rejects.toThrow()
      expect(written).toHaveLength(5)
      for (const key of written) expect(await storage.exists(key)).toBe(false)
    })

    it('a delete the bucket refuses removes the row at once and the objects at the next sweep', async () => {
      const db = await testDb()
      const asset = await createAsset(db, storage, {
        original: await png(4),
        originalFilename: 'd.png',
        title: 'Sticky',
      })
      const keys = keysOf(asset)
      expect(await deleteAssets(db, failing(storage, { deletes: true }), [asset.id])).toBe(1)
      expect(await db.selectFrom('assets').select('id').where('id', '=', asset.id).execute()).toEqual([])
      for (const key of keys) expect(await storage.exists(key)).toBe(true)
      const pending = await db.selectFrom('storage_cleanup').select('key').where('key', 'in', keys).execute()
      expect(pending.map((r) => r.key).sort()).toEqual([...keys].sort())

      expect(await sweepStorage(db, storage)).toBeGreaterThanOrEqual(5)
      for (const key of keys) expect(await storage.exists(key)).toBe(false)
      expect(await db.selectFrom('storage_cleanup').select('key').where('key', 'in', keys).execute()).toEqual([])
    })

    describe('download variants (decision 59)', () => {
      const variants: DownloadVariant[] = [
        { ...DEFAULT_VARIANT, size: '512', format: 'webp' },
        { ...DEFAULT_VARIANT, size: 'original', format: 'png', background: '#336699', padding: 10 },
      ]
      const publishedRender = async (db: Awaited<ReturnType<typeof testDb>>, seed: number) =>
        createAsset(db, storage, {
          original: await png(seed),
          originalFilename: `v${seed}.png`,
          title: `Variants ${backend.name} ${seed}`,
          isActive: true,
        })
      /** The delivered file of a published asset, opened to read. */
      const opened = async (db: Awaited<ReturnType<typeof testDb>>, assetId: number, variant: DownloadVariant) => {
        const found = await openDeliveredFile(db, storage, assetId, variant, SITE_URL)
        if (!found || found === 'replaced') throw new Error(`no file for asset ${assetId}: ${found}`)
        return found
      }
      const variantKeys = async (db: Awaited<ReturnType<typeof testDb>>, assetId: number) =>
        (await db.selectFrom('asset_variants').select('key').where('asset_id', '=', assetId).execute()).map(
          (r) => r.key,
        )

      it('each stored variant is recorded with its asset, and deleting the asset removes the objects', async () => {
        const db = await testDb()
        const asset = await publishedRender(db, 10)
        for (const variant of variants) {
          await read((await opened(db, asset.id, variant)).stored.stream)
        }
        const keys = await variantKeys(db, asset.id)
        expect(keys).toHaveLength(2)
        for (const key of keys) expect(await storage.exists(key)).toBe(true)
        expect(await db.selectFrom('storage_cleanup').select('key').where('key', 'in', keys).execute()).toEqual([])

        expect(await deleteAssets(db, storage, [asset.id])).toBe(1)
        for (const key of [...keys, ...keysOf(asset)]) expect(await storage.exists(key)).toBe(false)
        expect(await variantKeys(db, asset.id)).toEqual([])
        expect(await db.selectFrom('storage_cleanup').select('key').where('key', 'in', keys).execute()).toEqual([])
      })

      it('a variant finished while its asset is being deleted is not left behind', async () => {
        const db = await testDb()
        const asset = await publishedRender(db, 11)
        // Another instance deletes the asset between the variant's making and its write.
        const racing: Storage = {
          ...storage,
          async put(key, data, o) {
            if (key.startsWith('variants/')) await deleteAssets(db, storage, [asset.id])
            return storage.put(key, data, o)
          },
        }
        const written: string[] = []
        const watching: Storage = {
          ...racing,
          put: async (key, data, o) => (written.push(key), racing.put(key, data, o)),
        }
        expect(await openDeliveredFile(db, watching, asset.id, variants[0], SITE_URL)).toBeNull()
        expect(written).toHaveLength(1)
        expect(await storage.exists(written[0])).toBe(false)
        expect(await db.selectFrom('storage_cleanup').select('key').where('key', 'in', written).execute()).toEqual([])
      })

      it('a key reserved again is put off, and the sweep leaves a record put off while it ran', async () => {
        const db = await testDb()
        const key = `variants/put-off-${randomBytes(4).toString('hex')}/original-0123456789abcdef.png`
        await storage.put(key, Buffer.from('kept'))
        await scheduleDeletion(db, [key], new Date(Date.now() - 1000))
        await reserveUploadKeys(db, [key])
        const record = await db
          .selectFrom('storage_cleanup')
          .select('not_before')
          .where('key', '=', key)
          .executeTakeFirstOrThrow()
        expect(record.not_before.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000)
        // A sweep that had picked the key while it was due: the object goes, the put-off record stays.
        await removeFiles(db, storage, [key], { onlyDue: true })
        expect(await db.selectFrom('storage_cleanup').select('key').where('key', '=', key).execute()).toEqual([{ key }])
      })

      it('whatever deletes an asset row, its variants are recorded for the sweep (the cascade and its trigger)', async () => {
        const db = await testDb()
        const asset = await publishedRender(db, 13)
        await read((await opened(db, asset.id, variants[0])).stored.stream)
        const keys = await variantKeys(db, asset.id)
        // A variant kept while a deletion was in progress reaches only the cascade.
        await db.deleteFrom('assets').where('id', '=', asset.id).execute()
        expect(
          (await db.selectFrom('storage_cleanup').select('key').where('key', 'in', keys).execute()).map((r) => r.key),
        ).toEqual(keys)
        await sweepStorage(db, storage)
        expect(await storage.exists(keys[0])).toBe(false)
        expect(await db.selectFrom('storage_cleanup').select('key').where('key', 'in', keys).execute()).toEqual([])
      })

      it('variants the bucket refuses to delete stay recorded and go at the next sweep', async () => {
        const db = await testDb()
        const asset = await publishedRender(db, 12)
        for (const variant of variants) await read((await opened(db, asset.id, variant)).stored.stream)
        const keys = await variantKeys(db, asset.id)
        expect(keys).toHaveLength(2)
        expect(await deleteAssets(db, failing(storage, { deletes: true }), [asset.id])).toBe(1)
        for (const key of keys) expect(await storage.exists(key)).toBe(true)
        const pending = await db.selectFrom('storage_cleanup').select('key').where('key', 'in', keys).execute()
        expect(pending.map((r) => r.key).sort()).toEqual([...keys].sort())
        await sweepStorage(db, storage)
        for (const key of keys) expect(await storage.exists(key)).toBe(false)
      })
    })

    it('an upload that never committed its row (a crash) is swept once its hour is up', async () => {
      const db = await testDb()
      await db
        .insertInto('storage_cleanup')
        .values({ key: 'originals/crashed-upload.png', not_before: new Date(Date.now() - 1000) })
        .execute()
      await storage.put('originals/crashed-upload.png', Buffer.from('half'))
      await sweepStorage(db, storage)
      expect(await storage.exists('originals/crashed-upload.png')).toBe(false)
    })
  })
})
