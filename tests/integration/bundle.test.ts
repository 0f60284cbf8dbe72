import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Asset, User } from '#db/schema'
import { createAsset, updateAsset } from '~/domain/catalogue/assets.server'
import { deliveredFolder } from '~/domain/downloads/download-variants.server'
import { prepareDownloads } from '~/domain/downloads/prepare-downloads.server'
import { sweepStorage } from '~/platform/storage-cleanup.server'
import { type BundleGrant, grantBundle } from '~/domain/downloads/bundle.server'
import { downloadsToday } from '~/domain/downloads/downloads.server'
import { grantDownload } from '~/domain/downloads/grant.server'
import { LICENCE_TERMS } from '~/lib/licence-terms'
import { readStoredFile, type Storage } from '~/platform/storage.server'
import { createTestContext, type TestContext } from '../support/context'
import { makeAsset, makeUser } from '../support/factories'
import { readAll, unzip } from '../support/unzip'

const SITE_URL = 'http://localhost:3000'
let t: TestContext
let assets: Asset[]
let audio: Asset

beforeAll(async () => {
  t = await createTestContext()
  assets = []
  for (let i = 0; i < 8; i++) {
    assets.push(
      await makeAsset(t.db, t.storage, { title: `Kit Asset ${i}`, assetType: i % 2 ? 'image' : '3d', size: 64 }),
    )
  }
  audio = await makeAsset(t.db, t.storage, { title: 'Kit Tone', assetType: 'audio' })
  // The delivered files made once, so the parallel tests below race on the quota, not on making files.
  const maker = await makeUser(t.db, { plan: 'pro' })
  const warm = await bundle(maker, [...assets, audio])
  if (warm.ok) await readAll(warm.stream)
}, 120_000)
afterAll(() => t.close())

const bundle = (
  user: User,
  list: Asset[],
  more: { format?: string; now?: Date; storage?: Storage; ids?: number[] } = {},
): Promise<BundleGrant> =>
  grantBundle(t.db, more.storage ?? t.storage, {
    user,
    assetIds: more.ids ?? list.map((a) => a.id),
    format: more.format,
    name: 'My kit',
    siteUrl: SITE_URL,
    now: more.now,
  })

const single = (user: User, asset: Asset) =>
  grantDownload(t.db, t.storage, { user, assetId: asset.id, options: {}, secret: 'x'.repeat(32), siteUrl: SITE_URL })

async function rowsOf(user: User) {
  const [history, licences] = await Promise.all([
    t.db.selectFrom('downloads').select(['asset_id', 'licence_id']).where('user_id', '=', user.id).execute(),
    t.db.selectFrom('licences').select(['id', 'asset_id', 'variant']).where('user_id', '=', user.id).execute(),
  ])
  return { history, licences, used: await downloadsToday(t.db, user.id) }
}

const countOf = async (asset: Asset) =>
  (await t.db.selectFrom('assets').select('download_count').where('id', '=', asset.id).executeTakeFirstOrThrow())
    .download_count

describe('a ZIP of several assets', () => {
  it('holds each delivered file byte for byte and a README with the licence terms and each licence id', async () => {
    const user = await makeUser(t.db, { fullName: 'Zip Reader' })
    const chosen = [assets[0], assets[1], audio]
    const before = await Promise.all(chosen.map(countOf))
    const result = await bundle(user, chosen)
    if (!result.ok) throw new Error(result.error)
    expect(result.filename).toBe('My kit.zip')
    const entries = await unzip(await readAll(result.stream))
    expect(entries.map((e) => e.name)).toEqual(['README.txt', 'Kit Asset 0.png', 'Kit Asset 1.png', 'Kit Tone.wav'])

    const { history, licences, used } = await rowsOf(user)
    expect(used).toBe(3)
    expect(history).toHaveLength(3)
    expect(licences).toHaveLength(3)
    // Each entry is the file a single download delivers: the kept file whose digest its licence names.
    for (const asset of chosen) {
      const kept = await t.db
        .selectFrom('asset_variants')
        .select(['key', 'sha256'])
        .where('asset_id', '=', asset.id)
        .where('variant', '=', 'original')
        .executeTakeFirstOrThrow()
      const stored = await readStoredFile((await t.storage.get(kept.key))!)
      const entry = entries.find((e) => e.name.startsWith(asset.title))!
      expect(entry.data.equals(stored)).toBe(true)
      const licence = await t.db
        .selectFrom('licences')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('asset_id', '=', asset.id)
        .executeTakeFirstOrThrow()
      expect(licence.sha256).toBe(kept.sha256)
      expect(history.find((h) => h.asset_id === asset.id)?.licence_id).toBe(licence.id)
    }
    expect(await Promise.all(chosen.map(countOf))).toEqual(before.map((n) => n + 1))

    const readme = entries[0].data.toString('utf8')
    expect(readme).toContain('My kit')
    expect(readme).toContain('Zip Reader')
    expect(readme).toContain(`${LICENCE_TERMS.label}): ${SITE_URL}${LICENCE_TERMS.url}`)
    expect(readme).toContain('No attribution required')
    expect(readme).toContain('AI training')
    for (const licence of licences) {
      expect(readme).toContain(`Licence: ${licence.id}, ${SITE_URL}/licenses/${licence.id}`)
    }
    expect(readme).toContain(`Asset: Kit Tone, ${SITE_URL}/assets/${audio.id}`)
    expect(result.files.map((f) => f.licenceId).sort()).toEqual(licences.map((l) => l.id).sort())
  })

  it('gives each asset the format asked for where its type offers it, the original otherwise', async () => {
    const user = await makeUser(t.db, { plan: 'pro' })
    const result = await bundle(user, [assets[0], assets[1], audio], { format: 'jpg' })
    if (!result.ok) throw new Error(result.error)
    const entries = await unzip(await readAll(result.stream))
    // JPEG for the picture; the 3D render (transparent) and the sound stay originals.
    expect(entries.map((e) => e.name)).toEqual(['README.txt', 'Kit Asset 0.png', 'Kit Asset 1-64.jpg', 'Kit Tone.wav'])
    expect(entries[2].data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true)
    const webp = await bundle(user, [assets[0]], { format: 'webp' })
    if (!webp.ok) throw new Error(webp.error)
    const [, file] = await unzip(await readAll(webp.stream))
    expect(file.name).toBe('Kit Asset 0-64.webp')
    expect(file.data.subarray(8, 12).toString()).toBe('WEBP')
    const { licences } = await rowsOf(user)
    expect(licences.map((l) => l.variant).sort()).toEqual(['original', 'original', 'original.jpg', 'original.webp'])
  })

  it('leaves out what is not published, and refuses a ZIP with nothing published or an unknown format', async () => {
    const user = await makeUser(t.db)
    const draft = await makeAsset(t.db, t.storage, { title: 'Kit Draft', isActive: false })
    const result = await bundle(user, [draft, assets[2]], { ids: [draft.id, assets[2].id, 99_999_999] })
    if (!result.ok) throw new Error(result.error)
    expect(result.skipped).toBe(2)
    const entries = await unzip(await readAll(result.stream))
    expect(entries.map((e) => e.name)).toEqual(['README.txt', 'Kit Asset 2.png'])
    expect(entries[0].data.toString()).toContain('2 assets are no longer available and not included.')
    expect(await bundle(user, [draft])).toEqual({
      ok: false,
      reason: 'bundle-empty',
      error: 'No published assets to download',
    })
    expect(await bundle(user, [assets[3]], { format: 'gif' })).toMatchObject({ ok: false, reason: 'invalid-option' })
    expect((await rowsOf(user)).used).toBe(1)
  })
})

describe('the quota of a ZIP', () => {
  it('a Free ZIP spends one download per asset not taken today; those taken today are free', async () => {
    const user = await makeUser(t.db)
    for (const asset of assets.slice(0, 2)) expect((await single(user, asset)).ok).toBe(true)
    // Five assets, two already taken today: three more downloads, five in all.
    const result = await bundle(user, assets.slice(0, 5))
    expect(result.ok).toBe(true)
    const { history, licences, used } = await rowsOf(user)
    expect(used).toBe(5)
    expect(history).toHaveLength(5)
    expect(licences).toHaveLength(5)
    // Everything taken today: a ZIP of them costs nothing more.
    expect((await bundle(user, assets.slice(0, 5))).ok).toBe(true)
    expect((await rowsOf(user)).used).toBe(5)
  })

  it('refuses a Free ZIP whole, with the quota message, when fewer downloads are left than it needs', async () => {
    const user = await makeUser(t.db)
    for (const asset of assets.slice(0, 3)) expect((await single(user, asset)).ok).toBe(true)
    const before = await Promise.all(assets.map(countOf))
    expect(await bundle(user, assets.slice(2, 6))).toEqual({
      ok: false,
      reason: 'quota-exceeded',
      error: 'Download quota exceeded: this ZIP needs 3 of today’s downloads and 2 are left',
      needed: 3,
      left: 2,
    })
    const { history, licences, used } = await rowsOf(user)
    expect(used).toBe(3)
    expect(history.map((h) => h.asset_id).sort()).toEqual(
      assets
        .slice(0, 3)
        .map((a) => a.id)
        .sort(),
    )
    expect(licences).toHaveLength(3)
    expect(await Promise.all(assets.map(countOf))).toEqual(before)
    // Two fit.
    expect((await bundle(user, assets.slice(2, 5))).ok).toBe(true)
    expect((await rowsOf(user)).used).toBe(5)
  })

  it('200 parallel requests by one Free user, ZIPs and single downloads mixed, spend exactly 5 downloads', async () => {
    const user = await makeUser(t.db)
    const requests = Array.from({ length: 200 }, (_, i) => {
      if (i % 3 === 0) return single(user, assets[i % 8])
      const size = 1 + (i % 3)
      return bundle(
        user,
        Array.from({ length: size }, (_, k) => assets[(i + k) % 8]),
      )
    })
    const results = await Promise.all(requests)
    for (const r of results) {
      if (r.ok && 'stream' in r) await r.stream.cancel()
      if (!r.ok) expect(r.reason).toBe('quota-exceeded')
    }
    const { history, licences, used } = await rowsOf(user)
    expect(used).toBe(5)
    expect(history).toHaveLength(5)
    expect(licences).toHaveLength(5)
    // Every ZIP granted holds only assets in the user's history.
    const taken = new Set(history.map((h) => h.asset_id))
    for (const r of results) if (r.ok && 'files' in r) for (const f of r.files) expect(taken.has(f.assetId)).toBe(true)
  })

  it('200 parallel requests for the same ZIP spend it once', async () => {
    const user = await makeUser(t.db)
    const results = await Promise.all(Array.from({ length: 200 }, () => bundle(user, assets.slice(0, 4))))
    expect(results.every((r) => r.ok)).toBe(true)
    for (const r of results) if (r.ok) await r.stream.cancel()
    expect((await rowsOf(user)).used).toBe(4)
  })

  it('Pro takes any ZIP of up to 100 assets, and none larger', async () => {
    const user = await makeUser(t.db, { plan: 'pro' })
    const many: Asset[] = []
    for (let i = 0; i < 101; i++) many.push(await makeAsset(t.db, t.storage, { title: `Pro Kit ${i}`, size: 16 }))
    expect(await bundle(user, many)).toEqual({
      ok: false,
      reason: 'bundle-too-large',
      error: 'A ZIP holds at most 100 assets; this one has 101',
    })
    expect((await rowsOf(user)).used).toBe(0)
    const result = await bundle(user, many.slice(0, 100))
    if (!result.ok) throw new Error(result.error)
    const entries = await unzip(await readAll(result.stream))
    expect(entries).toHaveLength(101)
    expect(entries[100].name).toBe('Pro Kit 99.png')
    expect((await rowsOf(user)).used).toBe(100)
  }, 120_000)
})

describe('a ZIP is written while it is read', () => {
  it('reads from storage only as far as the reader has taken, and stops when it goes away', async () => {
    const user = await makeUser(t.db, { plan: 'pro' })
    const noisy: Asset[] = []
    for (let i = 0; i < 3; i++) {
      const noise = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
        .png()
        .toBuffer()
      noisy.push(
        await createAsset(t.db, t.storage, {
          original: noise,
          originalFilename: `noise-${i}.png`,
          title: `Noise ${i}`,
          tags: ['noise'],
          category: 'Abstract',
          assetType: 'image',
          isActive: true,
        }),
      )
    }
    let read = 0
    const opened: Readable[] = []
    const counting: Storage = {
      ...t.storage,
      async get(key) {
        const stored = await t.storage.get(key)
        if (!stored) return stored
        stored.stream.on('data', (chunk: Buffer) => {
          read += chunk.length
        })
        opened.push(stored.stream)
        return stored
      },
    }
    const result = await bundle(user, noisy, { storage: counting })
    if (!result.ok) throw new Error(result.error)
    read = 0
    const reader = result.stream.getReader()
    let received = 0
    while (received < 200_000) received += (await reader.read()).value!.length
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve))
    // Three files of about 3 MB each: what was read is what was sent, plus the few 64 KB chunks
    // the streams between storage and the reader hold; never the archive.
    expect(read).toBeLessThan(received + 1024 * 1024)
    expect(opened.length).toBeGreaterThan(0)
    await reader.cancel()
    expect(opened.at(-1)!.destroyed).toBe(true)
  })

  it('holds the bytes its README licenses, or stops: a file replaced by a title edit and gone is never swapped', async () => {
    const user = await makeUser(t.db, { plan: 'pro' })
    const renamed = await makeAsset(t.db, t.storage, { title: 'Zip Before', size: 256 })
    // The reader reaches the file only once the edit below is done.
    let reach: () => void = () => {}
    const reached = new Promise<void>((resolve) => {
      reach = resolve
    })
    const slowReader: Storage = {
      ...t.storage,
      async get(key) {
        if (key.startsWith('variants/')) await reached
        return t.storage.get(key)
      },
    }
    const granted = await bundle(user, [renamed], { storage: slowReader })
    if (!granted.ok) throw new Error(granted.error)
    const reading = readAll(granted.stream)
    // Meanwhile: a new title, its file made again, and the replaced one swept.
    await updateAsset(t.db, renamed.id, { title: 'Zip After' }, null)
    await prepareDownloads(t.db, t.storage, renamed.id, SITE_URL)
    const replaced = await t.db
      .updateTable('storage_cleanup')
      .set({ not_before: new Date(Date.now() - 1000) })
      .where('key', 'like', `${deliveredFolder(renamed.original_key)}/%`)
      .where('not_before', '>', new Date())
      .returning('key')
      .execute()
    expect(replaced).toHaveLength(1)
    await sweepStorage(t.db, t.storage)
    reach()
    await expect(reading).rejects.toThrow(/is gone/)
  })

  it('writes nothing when a file cannot be made', async () => {
    const user = await makeUser(t.db)
    const fresh = await makeAsset(t.db, t.storage, { title: 'Kit Unmakeable' })
    const failing: Storage = {
      ...t.storage,
      async put(key, data, options) {
        if (key.startsWith('variants/')) throw new Error('disk full')
        return t.storage.put(key, data, options)
      },
    }
    await expect(bundle(user, [assets[6], fresh], { storage: failing })).rejects.toThrow('disk full')
    const { history, licences, used } = await rowsOf(user)
    expect([history.length, licences.length, used]).toEqual([0, 0, 0])
  })
})
