import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type DB, migrateToLatest } from '#db/client'
import type { Asset } from '#db/schema'
import { createAsset, toAssetView } from '~/domain/catalogue/assets.server'
import { addToCollection, createCollection } from '~/domain/collections/collections.server'
import { createLocalStorage, publicFileKey, readStoredFile, type Storage } from '~/platform/storage.server'
import { loader as oembedLoader } from '~/routes/oembed'
import { type BuiltServerProcess, startBuiltServer, waitForStatus } from '../support/built-server'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { createScratchDatabase, isReachable, serverUrl } from '../support/database-url'
import { makeAsset, makeUser } from '../support/factories'

const ORIGIN = 'http://localhost:3000'

async function wideImage(db: DB, storage: Storage, title: string): Promise<Asset> {
  const original = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer()
  return createAsset(db, storage, {
    original,
    originalFilename: `${title}.png`,
    title,
    tags: ['wide'],
    category: 'Abstract',
    assetType: 'image',
    isActive: true,
  })
}

describe('GET /oembed', () => {
  let t: TestContext
  let wide: Asset
  let render: Asset
  let sound: Asset
  let draft: Asset

  beforeAll(async () => {
    t = await createTestContext({ APP_URL: ORIGIN })
    wide = await wideImage(t.db, t.storage, 'Wide Red Field')
    render = await makeAsset(t.db, t.storage, { title: 'Blue Disc', assetType: '3d', size: 300 })
    sound = await makeAsset(t.db, t.storage, { title: 'Gentle <Tone> & "Hum"', assetType: 'audio' })
    draft = await makeAsset(t.db, t.storage, { title: 'Draft Disc', isActive: false })
  }, 60_000)
  afterAll(() => t.close())

  const ask = async (query: Record<string, string>) => {
    const res = (await callRoute(oembedLoader, {
      request: makeRequest(`/oembed?${new URLSearchParams(query)}`),
      context: t.routerContext(),
    })) as Response
    return { res, body: (await res.json()) as Record<string, unknown> }
  }

  it("answers an image's page as a photo: the preview's URL and its real width and height", async () => {
    const { res, body } = await ask({ url: `${ORIGIN}/assets/${wide.id}`, format: 'json' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(body).toMatchObject({
      version: '1.0',
      type: 'photo',
      title: 'Wide Red Field',
      provider_name: 'AI Stock Library',
      provider_url: `${ORIGIN}/`,
      url: `${ORIGIN}${toAssetView(wide).image}`,
      width: 1400,
      height: 700,
      thumbnail_width: 480,
      thumbnail_height: 240,
    })
    // The dimensions are those of the picture the URL serves.
    const stored = await t.storage.get(publicFileKey(new URL(body.url as string).pathname)!)
    const meta = await sharp(await readStoredFile(stored!)).metadata()
    expect([meta.width, meta.height]).toEqual([1400, 700])
    const thumb = await t.storage.get(publicFileKey(new URL(body.thumbnail_url as string).pathname)!)
    const thumbMeta = await sharp(await readStoredFile(thumb!)).metadata()
    expect([thumbMeta.width, thumbMeta.height]).toEqual([480, 240])
  })

  it('honours maxwidth and maxheight: the thumbnail when the preview is too large, smaller still if asked', async () => {
    const fits = await ask({ url: `${ORIGIN}/assets/${wide.id}`, maxwidth: '600' })
    expect(fits.body).toMatchObject({ url: `${ORIGIN}${new URL(fits.body.thumbnail_url as string).pathname}` })
    expect([fits.body.width, fits.body.height]).toEqual([480, 240])
    const small = await ask({ url: `${ORIGIN}/assets/${wide.id}`, maxwidth: '300', maxheight: '100' })
    expect([small.body.width, small.body.height]).toEqual([200, 100])
    const square = await ask({ url: `${ORIGIN}/assets/${render.id}`, maxheight: '2000' })
    expect(square.body).toMatchObject({ type: 'photo', width: 300, height: 300, title: 'Blue Disc' })
  })

  it('answers an audio page as rich: the embeddable player in an iframe, within maxwidth', async () => {
    const { res, body } = await ask({ url: `${ORIGIN}/assets/${sound.id}` })
    expect(res.status).toBe(200)
    expect(body).toMatchObject({ type: 'rich', width: 480, height: 152, title: 'Gentle <Tone> & "Hum"' })
    expect(body.html).toBe(
      `<iframe src="${ORIGIN}/embed/assets/${sound.id}" width="480" height="152" title="Gentle &lt;Tone&gt; &amp; &quot;Hum&quot;" loading="lazy" style="border:0;max-width:100%" allow="autoplay; encrypted-media"></iframe>`,
    )
    const narrow = await ask({ url: `${ORIGIN}/assets/${sound.id}`, maxwidth: '320', maxheight: '120' })
    expect([narrow.body.width, narrow.body.height]).toEqual([320, 120])
    expect(narrow.body.html).toContain('width="320" height="120"')
  })

  it('knows the dialog address and the player address of an asset too', async () => {
    expect((await ask({ url: `${ORIGIN}/explore?q=red&assetId=${wide.id}` })).body.type).toBe('photo')
    expect((await ask({ url: `${ORIGIN}/embed/assets/${sound.id}` })).body.type).toBe('rich')
  })

  it('answers a public collection as a link with its owner and its first picture; a private one is 404', async () => {
    const owner = await makeUser(t.db, { fullName: 'Ada Collector' })
    const viewer = { id: owner.id, role: owner.role }
    const made = await createCollection(t.db, viewer, { name: 'Warm things', isPublic: true })
    const hidden = await createCollection(t.db, viewer, { name: 'Secret things', isPublic: false })
    if (!made.ok || !hidden.ok) throw new Error('collections not made')
    for (const asset of [wide, render]) await addToCollection(t.db, viewer, made.value.id, asset.id)
    await addToCollection(t.db, viewer, hidden.value.id, wide.id)
    const { res, body } = await ask({ url: `${ORIGIN}/collections/${made.value.id}` })
    expect(res.status).toBe(200)
    expect(body).toEqual({
      version: '1.0',
      type: 'link',
      title: 'Warm things',
      author_name: 'Ada Collector',
      author_url: `${ORIGIN}/collections/${made.value.id}`,
      provider_name: 'AI Stock Library',
      provider_url: `${ORIGIN}/`,
      cache_age: 3600,
      thumbnail_url: `${ORIGIN}${toAssetView(wide).thumbnail}`,
      thumbnail_width: 480,
      thumbnail_height: 240,
    })
    const secret = await ask({ url: `${ORIGIN}/collections/${hidden.value.id}` })
    expect(secret.res.status).toBe(404)
    expect((await ask({ url: `${ORIGIN}/collections/99999999` })).res.status).toBe(404)
  })

  it('answers 404 for a draft, an unknown asset, another site or a page with nothing to embed', async () => {
    for (const url of [
      `${ORIGIN}/assets/${draft.id}`,
      `${ORIGIN}/assets/99999999`,
      `https://elsewhere.example/assets/${wide.id}`,
      `${ORIGIN}/explore`,
      `${ORIGIN}/assets/${wide.id}/download`,
      'not a url',
      `javascript:alert(1)`,
    ]) {
      const { res, body } = await ask({ url })
      expect(res.status, url).toBe(404)
      expect(body).toEqual({ error: 'Nothing to embed at this URL', reason: 'not-embeddable' })
    }
  })

  it('answers 501 for XML and 400 for a missing url or a maxwidth that is not a number', async () => {
    const xml = await ask({ url: `${ORIGIN}/assets/${wide.id}`, format: 'xml' })
    expect(xml.res.status).toBe(501)
    expect(xml.body.reason).toBe('format-not-implemented')
    expect((await ask({})).res.status).toBe(400)
    expect((await ask({ url: `${ORIGIN}/assets/${wide.id}`, maxwidth: 'wide' })).res.status).toBe(400)
  })
})

const usePostgres = await isReachable(serverUrl())

describe.skipIf(!usePostgres)('the built server: discovery, the embeddable player and frames', () => {
  let server: BuiltServerProcess
  let db: DB
  let storageDir: string
  let dropDb: () => Promise<void>
  let image: Asset
  let sound: Asset

  beforeAll(async () => {
    const scratch = await createScratchDatabase('stock_oembed')
    dropDb = scratch.drop
    db = createDatabase({ url: scratch.url })
    await migrateToLatest(db)
    storageDir = mkdtempSync(path.join(tmpdir(), 'stock-oembed-'))
    const storage = createLocalStorage(storageDir)
    image = await makeAsset(db, storage, { title: 'Framed Orange', assetType: 'image', colour: '#f08c00' })
    sound = await makeAsset(db, storage, { title: 'Framed Chime', assetType: 'audio' })
    server = startBuiltServer({
      NODE_ENV: 'production',
      SESSION_SECRET: 'oembed-secret-oembed-secret-oembed',
      DATABASE_URL: scratch.url,
    })
    await waitForStatus(`${server.base}/readyz`, 200)
  }, 90_000)
  afterAll(async () => {
    await server?.stop()
    await db?.destroy()
    await dropDb?.()
    if (storageDir) rmSync(storageDir, { recursive: true, force: true })
  })

  it('an asset page and a public collection name their oEmbed answer in a <link>, and that address answers', async () => {
    const owner = await makeUser(db)
    const made = await createCollection(db, { id: owner.id, role: owner.role }, { name: 'Framed set', isPublic: true })
    if (!made.ok) throw new Error(made.error)
    await addToCollection(db, { id: owner.id, role: owner.role }, made.value.id, image.id)
    for (const [page, type] of [
      [`/assets/${image.id}`, 'photo'],
      [`/assets/${sound.id}`, 'rich'],
      [`/collections/${made.value.id}`, 'link'],
    ]) {
      const html = await (await fetch(`${server.base}${page}`)).text()
      const tag = /<link[^>]*type="application\/json\+oembed"[^>]*>/.exec(html)?.[0]
      expect(tag, page).toBeDefined()
      expect(tag).toContain('rel="alternate"')
      const href = /href="([^"]+)"/.exec(tag!)![1].replaceAll('&amp;', '&')
      const address = new URL(href)
      expect(address.pathname).toBe('/oembed')
      expect(address.searchParams.get('format')).toBe('json')
      expect(new URL(address.searchParams.get('url')!).pathname).toBe(page)
      const res = await fetch(`${server.base}/oembed${address.search}`)
      expect(res.status).toBe(200)
      expect((await res.json()).type).toBe(type)
    }
  })

  it('lets any site frame the audio player, and nothing else', async () => {
    const player = await fetch(`${server.base}/embed/assets/${sound.id}`)
    expect(player.status).toBe(200)
    expect(player.headers.get('x-frame-options')).toBeNull()
    expect(player.headers.get('content-security-policy')).toContain('frame-ancestors *')
    expect(player.headers.get('content-security-policy')).not.toContain("frame-ancestors 'none'")
    const html = await player.text()
    expect(html).toContain('Framed Chime')
    expect(html).toMatch(/<audio controls preload="none"[^>]*><source src="\/images\/[^"]+\.mp3"/)
    expect(html).not.toContain('<script')

    // An image has no player: 404.
    expect((await fetch(`${server.base}/embed/assets/${image.id}`)).status).toBe(404)
    for (const page of [
      `/assets/${sound.id}`,
      `/assets/${image.id}`,
      '/',
      '/explore',
      '/oembed',
      '/embed/assets/1/x',
    ]) {
      const res = await fetch(`${server.base}${page}`)
      expect(res.headers.get('x-frame-options'), page).toBe('DENY')
      expect(res.headers.get('content-security-policy'), page).toContain("frame-ancestors 'none'")
    }
  })
})
