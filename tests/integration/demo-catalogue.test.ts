import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Asset } from '#db/schema'
import { demoAssets, type DemoAsset } from '#seed/catalogue'
import { seedDemoContent } from '#seed/index'
import { inspectAudio } from '~/platform/audio.server'
import { loader as assetsApi } from '~/routes/api/assets'
import { loader as explore } from '~/routes/explore'
import { callRoute, createTestContext, emptyCatalogue, makeRequest, type TestContext } from '../support/context'

// Walks the whole demo catalogue, seeded at its real sizes: every file is what its type says,
// as large as promised, and the words describe it.
describe('the demo catalogue tells the truth', () => {
  let t: TestContext
  let rows: Asset[]
  const demos = new Map<string, DemoAsset>(demoAssets().map((d) => [d.title, d]))

  async function original(asset: Asset): Promise<Buffer> {
    const file = await t.storage.get(asset.original_key)
    const chunks: Buffer[] = []
    for await (const c of file!.stream) chunks.push(c as Buffer)
    return Buffer.concat(chunks)
  }

  beforeAll(async () => {
    t = await createTestContext()
    await emptyCatalogue(t.db)
    // The default size: what a first start makes.
    await seedDemoContent(t.db, t.storage)
    rows = await t.db.selectFrom('assets').selectAll().orderBy('id').execute()
  }, 900_000)
  afterAll(() => t.close())

  it('has 64 3D renders of at least 40 distinct subjects, 32 images and 24 audio clips, titles unique', () => {
    const count = (type: string) => rows.filter((r) => r.asset_type === type).length
    expect([count('3d'), count('image'), count('audio')]).toEqual([64, 32, 24])
    const subjects = new Set(demoAssets().flatMap((d) => (d.assetType === '3d' ? [d.subject.noun] : [])))
    expect(subjects.size).toBeGreaterThanOrEqual(40)
    expect(new Set(rows.map((r) => r.title)).size).toBe(rows.length)
  })

  it('every audio asset decodes as audio, with its duration, waveform and an MP3 preview', async () => {
    for (const asset of rows.filter((r) => r.asset_type === 'audio')) {
      const info = await inspectAudio(await original(asset))
      expect(asset.mime_type, asset.title).toBe('audio/wav')
      expect(asset.original_key).toMatch(/\.wav$/)
      const demo = demos.get(asset.title)!
      expect(demo.assetType).toBe('audio')
      if (demo.assetType !== 'audio') continue
      // The description's duration is the file's.
      expect(Math.abs(info.durationMs - demo.sound.seconds * 1000), asset.title).toBeLessThan(30)
      expect(asset.duration_ms).toBe(info.durationMs)
      expect(asset.channels).toBe(demo.sound.channels)
      expect(asset.waveform).toHaveLength(120)
      expect(Math.max(...asset.waveform!)).toBe(1)
      expect(await t.storage.exists(asset.audio_preview_key!)).toBe(true)
    }
  })

  it('every loop lasts exactly its bars at the BPM its title gives', () => {
    for (const demo of demoAssets()) {
      if (demo.assetType !== 'audio' || demo.category !== 'Music Loops') continue
      const bpm = Number(/(\d+) BPM/.exec(demo.title)![1])
      const bars = Number(/(\d+)-bar/.exec(demo.description)![1])
      expect(demo.sound.seconds).toBeCloseTo((bars * 4 * 60) / bpm, 6)
    }
  })

  it('every image asset is a full-bleed picture without a transparent pixel', async () => {
    for (const asset of rows.filter((r) => r.asset_type === 'image')) {
      const stats = await sharp(await original(asset)).stats()
      expect(stats.isOpaque, asset.title).toBe(true)
      expect(asset.mime_type).toMatch(/^image\/(jpeg|png)$/)
    }
  })

  it('every 3D asset is a render on a transparent background', async () => {
    for (const asset of rows.filter((r) => r.asset_type === '3d')) {
      const { data, info } = await sharp(await original(asset))
        .raw()
        .toBuffer({ resolveWithObject: true })
      expect(info.channels, asset.title).toBe(4)
      expect(data[3], `${asset.title}: corner`).toBe(0)
      let opaque = 0
      for (let i = 3; i < data.length; i += 4) if (data[i] === 255) opaque++
      // The object covers a good part of the frame.
      expect(opaque / (info.width * info.height), asset.title).toBeGreaterThan(0.05)
    }
  })

  it("every picture is full size, and its stored width and height are the stored file's", async () => {
    const shapes = new Set<string>()
    for (const asset of rows.filter((r) => r.asset_type !== 'audio')) {
      // The file's own pixels, not the row: the row must agree with them.
      const { width, height } = await sharp(await original(asset)).metadata()
      expect([asset.width, asset.height], asset.title).toEqual([width, height])
      const demo = demos.get(asset.title)!
      if (demo.assetType === '3d') {
        expect([width, height], asset.title).toEqual([2048, 2048])
        continue
      }
      if (demo.assetType !== 'image') throw new Error(`${asset.title} is not a picture`)
      expect(Math.max(width, height), asset.title).toBeGreaterThanOrEqual(2400)
      const [w, h] = demo.image.ratio.split(':').map(Number)
      // The shape its spec gives, to the pixel's rounding.
      expect(Math.abs(width / height - w / h), asset.title).toBeLessThan(0.002)
      shapes.add(demo.image.ratio)
    }
    expect([...shapes].sort()).toEqual(['16:9', '1:1', '2:3', '3:2', '9:16'])
  })

  it('each orientation filter finds pictures of that shape, through GET /api/assets and /explore', async () => {
    const byId = new Map(rows.map((r) => [r.id, r]))
    const shapeOf = (r: Asset) =>
      Math.abs(r.width! - r.height!) * 20 <= Math.max(r.width!, r.height!)
        ? 'square'
        : r.width! > r.height!
          ? 'landscape'
          : 'portrait'
    for (const orientation of ['landscape', 'portrait', 'square'] as const) {
      const expected = rows.filter((r) => r.asset_type !== 'audio' && shapeOf(r) === orientation)
      expect(expected.length, orientation).toBeGreaterThanOrEqual(4)
      const api = (await callRoute(assetsApi, {
        request: makeRequest(`/api/assets?orientation=${orientation}&limit=100`),
        context: t.routerContext(),
      })) as Response
      expect(api.status).toBe(200)
      const body = (await api.json()) as { total: number; assets: { id: number }[] }
      const page = (await callRoute(explore, {
        request: makeRequest(`/explore?orientation=${orientation}`),
        context: t.routerContext(),
      })) as { result: { total: number; assets: { id: number }[] } }
      for (const [door, found] of [
        ['api', body.assets],
        ['explore', page.result.assets],
      ] as const) {
        // Other test files may add assets meanwhile: the demo's must be there, each of the shape asked.
        const demo = found.filter((a) => byId.has(a.id))
        expect(demo.length, `${door} ${orientation}`).toBeGreaterThan(0)
        for (const a of demo) expect(shapeOf(byId.get(a.id)!), `${door}: ${byId.get(a.id)!.title}`).toBe(orientation)
      }
      expect(body.total, orientation).toBeGreaterThanOrEqual(expected.length)
      expect(page.result.total, orientation).toBeGreaterThanOrEqual(expected.length)
    }
  })

  it('every word of every title finds its asset', async () => {
    for (const asset of rows) {
      for (const word of asset.title.toLowerCase().match(/[a-z0-9]+/g)!) {
        const hit = await sql<{
          id: number
        }>`select id from assets where id = ${asset.id} and search @@ to_tsquery('english', ${word})`.execute(t.db)
        expect(hit.rows, `'${word}' in '${asset.title}'`).toHaveLength(1)
      }
    }
  })

  it('a 3D subject word finds only assets that show or sound like it', async () => {
    const words = new Set(demoAssets().flatMap((d) => (d.assetType === '3d' ? d.subjects : [])))
    expect(words.size).toBeGreaterThan(60)
    const wrong: string[] = []
    for (const word of words) {
      const found = await sql<{
        title: string
      }>`select title from assets where search @@ to_tsquery('english', ${word})`.execute(t.db)
      expect(found.rows.length, word).toBeGreaterThan(0)
      for (const { title } of found.rows) {
        const shown = demos.get(title)!.subjects.join(' ')
        const ok = await sql<{
          ok: boolean
        }>`select to_tsvector('english', ${shown}) @@ to_tsquery('english', ${word}) as ok`.execute(t.db)
        if (!ok.rows[0].ok) wrong.push(`searching '${word}' finds '${title}', which shows ${shown}`)
      }
    }
    expect(wrong).toEqual([])
  })
})
