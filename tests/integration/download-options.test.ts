import { createHash } from 'node:crypto'
import { parseBuffer } from 'music-metadata'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAsset } from '~/domain/catalogue/assets.server'
import { makeAsset, makeUser } from '../support/factories'
import type { Asset } from '#db/schema'
import { createSession } from '~/domain/accounts/sessions.server'
import { downloadsToday } from '~/domain/downloads/downloads.server'
import { deliveredStats } from '~/domain/downloads/delivered-files.server'
import { action as webDownload } from '~/routes/asset-download'
import { MP3_VARIANT, parseDownloadOptions } from '~/lib/download-options'
import { action as apiDownload } from '~/routes/api/assets-download'
import { action as adminApiAsset } from '~/routes/api/admin/assets-id'
import { action as adminAssetsPage } from '~/routes/admin/assets'
import { openDownloadLink } from '../support/download-link'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

let t: TestContext
let render: Asset
let picture: Asset
let sound: Asset

beforeAll(async () => {
  t = await createTestContext()
  // 1024x1024 transparent render; an 'image' asset; an audio asset (its original is whatever was stored).
  render = await makeAsset(t.db, t.storage, { title: 'Glass Robot', size: 1024 })
  picture = await makeAsset(t.db, t.storage, { title: 'Sunset Field', assetType: 'image', size: 1024 })
  sound = await makeAsset(t.db, t.storage, { title: 'Rain Loop', assetType: 'audio', size: 64 })
}, 60_000)
afterAll(() => t.close())

async function apiUser(plan: 'free' | 'pro' = 'free') {
  const user = await makeUser(t.db, { plan })
  const { token } = await createSession(t.db, user.id)
  return { user, headers: { authorization: `Bearer ${token}` }, cookie: { cookie: `__session=${token}` } }
}

const api = async (asset: Asset, headers: Record<string, string>, json?: unknown) =>
  (await callRoute(apiDownload, {
    request: makeRequest(`/api/assets/download/${asset.id}`, { method: 'POST', headers, json }),
    params: { id: String(asset.id) },
    context: t.routerContext(),
  })) as Response

const fetchFile = (downloadUrl: string) => openDownloadLink(t, downloadUrl)

async function corner(bytes: Buffer) {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { r: data[0], g: data[1], b: data[2], a: data[3], width: info.width, height: info.height }
}

describe('download options through the API', () => {
  it('a size, format and background give that file, named {title}-{size}.{ext}', async () => {
    const { headers } = await apiUser()
    const res = await api(render, headers, { size: '512', format: 'webp', background: '#ff0000', padding: 10 })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { downloadUrl: string; filename: string }
    expect(body.filename).toBe('Glass Robot-512.webp')
    const { res: file, bytes } = await fetchFile(body.downloadUrl)
    expect(file.headers.get('content-type')).toBe('image/webp')
    expect(file.headers.get('content-disposition')).toContain('Glass Robot-512.webp')
    const meta = await sharp(bytes).metadata()
    expect(meta.format).toBe('webp')
    expect(Math.max(meta.width!, meta.height!)).toBe(512)
    // The padding is the baked-in background: the corner is red and opaque.
    const px = await corner(bytes)
    expect(px.r).toBeGreaterThan(240)
    expect(px.g).toBeLessThan(15)
    expect(px.a).toBe(255)
  })

  // Changed meaning on purpose: a size larger than the original used to be granted and
  // quietly delivered at the original's size under a name saying 2048; now it is refused, and
  // a file's name says the long side it really has.
  it('refuses a size larger than the original, names files by their real size; the default stays {title}.png', async () => {
    const { user, headers } = await apiUser()
    const big = await api(render, headers, { size: 2048, format: 'avif' })
    expect(big.status).toBe(400)
    expect(((await big.json()) as { error: string }).error).toBe('size 2048 is larger than the original (1024 × 1024)')
    expect(await downloadsToday(t.db, user.id)).toBe(0)
    const full = (await (await api(render, headers, { size: 'original', format: 'avif' })).json()) as {
      downloadUrl: string
      filename: string
    }
    expect(full.filename).toBe('Glass Robot-1024.avif')
    const { res, bytes } = await fetchFile(full.downloadUrl)
    expect(res.headers.get('content-type')).toBe('image/avif')
    expect(res.headers.get('content-disposition')).toContain('Glass Robot-1024.avif')
    const meta = await sharp(bytes).metadata()
    expect([meta.width, meta.height]).toEqual([1024, 1024])
    const plain = (await (await api(render, headers)).json()) as { downloadUrl: string; filename: string }
    expect(plain.filename).toBe('Glass Robot.png')
    const original = await fetchFile(plain.downloadUrl)
    const stored = Buffer.from(
      await (await t.storage.get(render.original_key))!.stream.toArray().then((c) => Buffer.concat(c)),
    )
    // The original itself, its pixels untouched, with its provenance added (XMP).
    const pixels = (b: Buffer) => sharp(b).raw().toBuffer()
    expect((await pixels(original.bytes)).equals(await pixels(stored))).toBe(true)
    expect((await sharp(original.bytes).metadata()).xmp).toBeTruthy()
    // Transparent stays transparent unless a background is chosen.
    const transparent = (await (await api(render, headers, { size: '1024', format: 'png' })).json()) as {
      downloadUrl: string
    }
    expect((await corner((await fetchFile(transparent.downloadUrl)).bytes)).a).toBe(0)
  })

  it('JPEG is for image assets, background for 3D renders, nothing for audio: clear 400s', async () => {
    const { user, headers } = await apiUser()
    const cases: [Asset, unknown, RegExp][] = [
      [render, { size: '300' }, /size must be one of original, 2048, 1024, 512/],
      [picture, { size: '2048', format: 'jpeg' }, /^size 2048 is larger than the original \(1024 × 1024\)$/],
      [render, { format: 'gif' }, /format must be one of png, webp, avif/],
      [render, { format: 'jpeg' }, /format must be one of png, webp, avif for this asset/],
      [render, { background: 'red' }, /background must be transparent, white, black or a colour as #rrggbb/],
      [render, { background: '#12345' }, /background must be/],
      [render, { padding: 40 }, /padding must be a whole percentage from 0 to 25/],
      [render, { padding: '-1' }, /padding must be/],
      [render, { size: true }, /size must be one of/],
      [picture, { background: 'white' }, /background and padding apply to 3D renders only/],
      [sound, { size: '512' }, /^Audio downloads take a format only: mp3 or original/],
      [sound, { format: 'flac' }, /^format must be mp3 or original \(wav\) for audio$/],
      [render, { format: 'mp3' }, /format must be one of png, webp, avif for this asset/],
    ]
    for (const [asset, body, message] of cases) {
      const res = await api(asset, headers, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(((await res.json()) as { error: string }).error).toMatch(message)
    }
    // A refused option costs no quota.
    expect(await downloadsToday(t.db, user.id)).toBe(0)
    // JPEG for a picture is fine, and flat.
    const ok = (await (await api(picture, headers, { format: 'jpeg', size: '512' })).json()) as {
      downloadUrl: string
      filename: string
    }
    expect(ok.filename).toBe('Sunset Field-512.jpg')
    const { res, bytes } = await fetchFile(ok.downloadUrl)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect((await sharp(bytes).metadata()).format).toBe('jpeg')
    // Audio keeps its original download.
    expect((await api(sound, headers)).status).toBe(200)
  })

  it('counts an asset once per UTC day whatever the variants', async () => {
    const { user, headers } = await apiUser()
    for (const body of [
      undefined,
      { size: '512' },
      { format: 'webp' },
      { size: '1024', background: 'black', padding: 5 },
    ]) {
      expect((await api(render, headers, body)).status).toBe(200)
    }
    expect(await downloadsToday(t.db, user.id)).toBe(1)
    const rows = await t.db.selectFrom('downloads').select('asset_id').where('user_id', '=', user.id).execute()
    expect(rows).toHaveLength(1)
  })

  it('a variant is made once and then read from storage', async () => {
    const { headers } = await apiUser()
    const body = { size: '1024', format: 'png', background: '#00ff00' }
    const before = deliveredStats.made
    const first = (await (await api(render, headers, body)).json()) as { downloadUrl: string }
    const a = await fetchFile(first.downloadUrl)
    expect(deliveredStats.made).toBe(before + 1)
    const second = (await (await api(render, headers, body)).json()) as { downloadUrl: string }
    const b = await fetchFile(second.downloadUrl)
    expect(deliveredStats.made).toBe(before + 1)
    expect(a.bytes.equals(b.bytes)).toBe(true)
    // Kept beside the asset's other files, named by its variant and its digest.
    const digest = createHash('sha256').update(a.bytes).digest('hex').slice(0, 16)
    const stem = render.original_key.replace(/^originals\//, '').replace(/\.png$/, '')
    expect(await t.storage.exists(`variants/${stem}/1024-00ff00-${digest}.png`)).toBe(true)
  })
})

/** An MPEG-1 Layer III frame header: 11 sync bits, then version 1 and layer III (0xFB with no CRC). */
function firstMp3Frame(bytes: Buffer): number {
  let at = 0
  // An ID3v2 tag first ('ID3', version, flags, then a 28-bit size in four 7-bit bytes).
  if (bytes.toString('latin1', 0, 3) === 'ID3')
    at = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!)
  while (at < bytes.length - 1 && !(bytes[at] === 0xff && (bytes[at + 1]! & 0xfe) === 0xfa)) at++
  return at < bytes.length - 1 ? at : -1
}

describe('MP3 beside an audio original', () => {
  it('the API gives {title}.mp3: real MP3 bytes, audio/mpeg, its own licence, one quota unit with the WAV', async () => {
    const { user, headers } = await apiUser()
    const res = await api(sound, headers, { format: 'mp3' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { downloadUrl: string; filename: string; licenseId: string }
    expect(body.filename).toBe('Rain Loop.mp3')
    const { res: file, bytes } = await fetchFile(body.downloadUrl)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('audio/mpeg')
    expect(file.headers.get('content-disposition')).toContain('filename="Rain Loop.mp3"')
    // Magic bytes: the provenance's ID3 tag, then MPEG-1 Layer III frames (not the WAV's 'RIFF').
    expect(bytes.toString('latin1', 0, 3)).toBe('ID3')
    const frame = firstMp3Frame(bytes)
    expect(frame).toBeGreaterThan(9)
    expect(bytes.toString('latin1', frame + 4, frame + 8)).not.toBe('RIFF')
    const meta = await parseBuffer(bytes, { mimeType: 'audio/mpeg' })
    expect(meta.format.codec).toMatch(/MPEG 1 Layer 3/)
    expect(meta.format.bitrate).toBe(320_000)
    expect(meta.format.duration).toBeGreaterThan(0.9)
    expect(meta.common.title).toBe('Rain Loop')
    // Its licence names this file by its digest.
    const licence = await t.db.selectFrom('licences').selectAll().where('id', '=', body.licenseId).executeTakeFirst()
    expect(licence).toMatchObject({ variant: 'original.mp3', variant_label: 'MP3, 320 kbit/s' })
    expect(licence!.sha256).toBe(createHash('sha256').update(bytes).digest('hex'))
    // The WAV the same day is the same asset: one unit in all.
    const wav = (await (await api(sound, headers)).json()) as { downloadUrl: string; filename: string }
    expect(wav.filename).toBe('Rain Loop.wav')
    const original = await fetchFile(wav.downloadUrl)
    expect(original.res.headers.get('content-type')).toBe('audio/wav')
    expect(original.bytes.toString('latin1', 0, 4)).toBe('RIFF')
    expect(await downloadsToday(t.db, user.id)).toBe(1)
  })

  it('is encoded once per asset and then read from storage; an MP3 original is its own MP3', async () => {
    const { headers } = await apiUser()
    const fresh = await makeAsset(t.db, t.storage, { title: 'Wind Chime', assetType: 'audio' })
    const before = deliveredStats.made
    const first = (await (await api(fresh, headers, { format: 'MP3' })).json()) as { downloadUrl: string }
    const a = await fetchFile(first.downloadUrl)
    const second = (await (await api(fresh, headers, { format: 'mp3' })).json()) as { downloadUrl: string }
    const b = await fetchFile(second.downloadUrl)
    expect(deliveredStats.made).toBe(before + 1)
    expect(a.bytes.equals(b.bytes)).toBe(true)
    const stem = fresh.original_key.replace(/^originals\//, '').replace(/\.wav$/, '')
    const digest = createHash('sha256').update(a.bytes).digest('hex').slice(0, 16)
    expect(await t.storage.exists(`variants/${stem}/original-${digest}.mp3`)).toBe(true)
    // An original that is an MP3 already is what 'mp3' gives: no second encoding.
    const mp3Original = { asset_type: 'audio' as const, width: null, height: null, original_key: 'originals/x.mp3' }
    expect(parseDownloadOptions({ format: 'mp3' }, mp3Original)).toEqual({ ok: true, variant: null })
    expect(parseDownloadOptions({ format: 'mp3' }, { ...mp3Original, original_key: 'originals/x.wav' })).toEqual({
      ok: true,
      variant: MP3_VARIANT,
    })
  })

  it('the page form offers it too: no JS comes back to the page that starts it, a fetcher gets its name', async () => {
    const { user, cookie } = await apiUser()
    const plain = (await callRoute(webDownload, {
      request: makeRequest(`/assets/${sound.id}/download`, {
        method: 'POST',
        headers: cookie,
        form: { format: 'mp3', return_to: `/assets/${sound.id}` },
      }),
      params: { id: String(sound.id) },
      context: t.routerContext(),
    })) as Response
    expect(plain.status).toBe(303)
    const back = new URL(plain.headers.get('location')!, 'http://localhost')
    expect(back.pathname).toBe(`/assets/${sound.id}`)
    const { res, bytes } = await fetchFile(`/downloads/${back.searchParams.get('download')}`)
    expect(res.headers.get('content-type')).toBe('audio/mpeg')
    expect(res.headers.get('content-disposition')).toContain('Rain Loop.mp3')
    expect(firstMp3Frame(bytes)).toBeGreaterThan(0)
    const fetched = await callRoute(webDownload, {
      request: makeRequest(`/assets/${sound.id}/download.data`, {
        method: 'POST',
        headers: cookie,
        form: { format: 'mp3' },
      }),
      params: { id: String(sound.id) },
      context: t.routerContext(),
    })
    expect(fetched).toMatchObject({ ok: true, filename: 'Rain Loop.mp3' })
    expect(await downloadsToday(t.db, user.id)).toBe(1)
  })
})

describe('download options through the page form', () => {
  const post = (
    asset: Asset,
    cookie: Record<string, string>,
    form: Record<string, string>,
    path = `/assets/${asset.id}/download`,
  ) =>
    callRoute(webDownload, {
      request: makeRequest(path, { method: 'POST', headers: cookie, form }),
      params: { id: String(asset.id) },
      context: t.routerContext(),
    })

  it('the options form starts the variant from its page (no JS) or answers its link (fetcher)', async () => {
    const { cookie } = await apiUser()
    const plain = (await post(render, cookie, {
      size: '512',
      format: 'png',
      background: 'custom',
      background_colour: '#0000ff',
      padding: '0',
    })) as Response
    expect(plain.status).toBe(303)
    // Back to the page, which starts the variant's file.
    const back = new URL(plain.headers.get('location')!, 'http://localhost')
    const { res, bytes } = await fetchFile(`/downloads/${back.searchParams.get('download')}`)
    expect(res.headers.get('content-disposition')).toContain('Glass Robot-512.png')
    const px = await corner(bytes)
    expect([px.width, px.b, px.a]).toEqual([512, 255, 255])
    const fetched = (await post(
      render,
      cookie,
      { size: '1024', format: 'webp', background: 'white', padding: '10' },
      `/assets/${render.id}/download.data`,
    )) as { ok: boolean; filename: string }
    expect(fetched).toMatchObject({ ok: true, filename: 'Glass Robot-1024.webp' })
  })

  it('a size larger than the original is a 400 that says so, and costs nothing', async () => {
    const { user, cookie } = await apiUser()
    const small = await makeAsset(t.db, t.storage, { title: 'Silver Robot', size: 512 })
    const res = (await post(small, cookie, { size: '2048', format: 'webp' })) as {
      data: { error: string }
      init: { status: number }
    }
    expect(res.init.status).toBe(400)
    expect(res.data.error).toBe('size 2048 is larger than the original (512 × 512)')
    expect(await downloadsToday(t.db, user.id)).toBe(0)
    // Its own size is offered as 'original', and the file's name says what it is.
    const fetched = (await post(
      small,
      cookie,
      { size: 'original', format: 'webp' },
      `/assets/${small.id}/download.data`,
    )) as { ok: boolean; filename: string }
    expect(fetched).toMatchObject({ ok: true, filename: 'Silver Robot-512.webp' })
  })

  it('a JPG original: PNG asked for is a PNG, its own format at its own size is the original itself', async () => {
    const photo = await createAsset(t.db, t.storage, {
      original: await sharp({ create: { width: 640, height: 400, channels: 3, background: '#d2691e' } })
        .jpeg()
        .toBuffer(),
      originalFilename: 'Clay Photo.jpg',
      title: 'Clay Photo',
      tags: ['clay'],
      category: 'Abstract',
      assetType: 'image',
      isActive: true,
    })
    const { cookie, headers } = await apiUser('pro')
    const viaForm = async (form: Record<string, string>) => {
      const back = (await post(photo, cookie, form)) as Response
      expect(back.status).toBe(303)
      const link = new URL(back.headers.get('location')!, 'http://localhost').searchParams.get('download')
      return fetchFile(`/downloads/${link}`)
    }
    const viaApi = async (json?: Record<string, string>) => {
      const res = await api(photo, headers, json)
      expect(res.status).toBe(200)
      return fetchFile(((await res.json()) as { downloadUrl: string }).downloadUrl)
    }
    const labelOf = async (licenseId: string) =>
      (await t.db.selectFrom('licences').select('variant_label').where('id', '=', licenseId).executeTakeFirstOrThrow())
        .variant_label
    const plain = await viaApi()
    expect((await sharp(plain.bytes).metadata()).format).toBe('jpeg')
    // Its licence names the file as the site names formats: JPG, with its pixels.
    const granted = (await (await api(photo, headers)).json()) as { licenseId: string }
    expect(await labelOf(granted.licenseId)).toBe('Original JPG, 640 × 400')
    for (const [door, take] of [
      ['form', viaForm],
      ['api', viaApi],
    ] as const) {
      // The options' first choices (its own size, its own format) are the plain download.
      const firstChoices: Record<string, string>[] = [
        { size: 'original', format: 'jpeg' },
        { size: 'original' },
        { format: 'jpg' },
      ]
      for (const options of firstChoices) {
        const same = await take(options)
        expect(same.bytes.equals(plain.bytes), `${door} ${JSON.stringify(options)}`).toBe(true)
        expect(same.res.headers.get('content-disposition')).toContain('Clay Photo.jpg')
      }
      // PNG asked for: a PNG, never the JPG under another name.
      const png = await take({ size: 'original', format: 'png' })
      expect(png.res.headers.get('content-type'), door).toBe('image/png')
      expect(png.res.headers.get('content-disposition')).toContain('Clay Photo-640.png')
      const meta = await sharp(png.bytes).metadata()
      expect([meta.format, meta.width, meta.height], door).toEqual(['png', 640, 400])
    }
    // A smaller size stays in the original's format, and its licence names it as the site does.
    const small = (await (await api(photo, headers, { size: '512' })).json()) as { filename: string; licenseId: string }
    expect(small.filename).toBe('Clay Photo-512.jpg')
    expect(await labelOf(small.licenseId)).toBe('512 px JPG')
  })

  it('options the API cannot read as JSON or a form are a 415, not ignored for the original; none at all is the original', async () => {
    const { user, headers } = await apiUser()
    const asset = await makeAsset(t.db, t.storage, { title: 'Untyped Robot', size: 64 })
    const send = async (body: BodyInit, extra: Record<string, string> = {}) =>
      (await callRoute(apiDownload, {
        request: makeRequest(`/api/assets/download/${asset.id}`, {
          method: 'POST',
          headers: { ...headers, ...extra },
          body,
          duplex: 'half',
        } as RequestInit),
        params: { id: String(asset.id) },
        context: t.routerContext(),
      })) as Response
    // curl --data-binary sends no type: the size asked for must not turn silently into the original.
    const untyped = await send(new Blob(['{"size":"512","format":"webp"}']))
    expect(untyped.status).toBe(415)
    expect(await downloadsToday(t.db, user.id)).toBe(0)
    // A JSON body that ends before a byte (chunked) asks for nothing: the original.
    const empty = await send(new ReadableStream({ start: (controller) => controller.close() }), {
      'content-type': 'application/json',
    })
    expect(empty.status).toBe(200)
    expect(((await empty.json()) as { filename: string }).filename).toBe('Untyped Robot.png')
  })

  it('a bad option is a 400 and costs nothing', async () => {
    const { user, cookie } = await apiUser()
    const res = (await post(render, cookie, { size: 'huge' })) as { data: { error: string }; init: { status: number } }
    expect(res.init.status).toBe(400)
    expect(res.data.error).toMatch(/size must be one of/)
    expect(await downloadsToday(t.db, user.id)).toBe(0)
  })
})

describe('stored variants go with their asset (decision 59)', () => {
  /** Takes two variants of the asset through the API and fetches them, so both are stored. */
  async function storedVariants(asset: Asset): Promise<string[]> {
    const { headers } = await apiUser('pro')
    const options =
      asset.asset_type === '3d'
        ? [
            { size: '512', format: 'webp' },
            { size: '1024', format: 'png', background: '#123456', padding: 5 },
          ]
        : [
            { size: '512', format: 'webp' },
            { size: '1024', format: 'jpeg' },
          ]
    for (const body of options) {
      const { downloadUrl } = (await (await api(asset, headers, body)).json()) as { downloadUrl: string }
      expect((await fetchFile(downloadUrl)).res.status).toBe(200)
    }
    const keys = (
      await t.db.selectFrom('asset_variants').select('key').where('asset_id', '=', asset.id).orderBy('key').execute()
    ).map((r) => r.key)
    expect(keys).toHaveLength(2)
    for (const key of keys) {
      expect(key.startsWith(`variants/${asset.original_key.replace(/^originals\//, '').replace(/\.png$/, '')}/`)).toBe(
        true,
      )
      expect(await t.storage.exists(key)).toBe(true)
    }
    expect(await t.db.selectFrom('storage_cleanup').select('key').where('key', 'in', keys).execute()).toEqual([])
    return keys
  }

  async function expectGone(keys: string[]) {
    for (const key of keys) expect(await t.storage.exists(key)).toBe(false)
    expect(await t.db.selectFrom('asset_variants').select('key').where('key', 'in', keys).execute()).toEqual([])
    expect(await t.db.selectFrom('storage_cleanup').select('key').where('key', 'in', keys).execute()).toEqual([])
  }

  it('DELETE /api/admin/assets/{id} removes the variant objects from storage', async () => {
    const asset = await makeAsset(t.db, t.storage, { title: 'Doomed Robot', size: 1024 })
    const keys = await storedVariants(asset)
    const admin = await makeUser(t.db, { role: 'admin' })
    const { token } = await createSession(t.db, admin.id)
    const res = (await callRoute(adminApiAsset, {
      request: makeRequest(`/api/admin/assets/${asset.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      }),
      params: { id: String(asset.id) },
      context: t.routerContext(),
    })) as Response
    expect(res.status).toBe(200)
    await expectGone(keys)
  })

  it("the admin list's Delete removes them too", async () => {
    const asset = await makeAsset(t.db, t.storage, { title: 'Doomed Picture', assetType: 'image', size: 1024 })
    const keys = await storedVariants(asset)
    const admin = await makeUser(t.db, { role: 'admin' })
    const { token } = await createSession(t.db, admin.id)
    const res = (await callRoute(adminAssetsPage, {
      request: makeRequest(`/admin/assets?confirmDelete=${asset.id}`, {
        method: 'POST',
        headers: { cookie: `__session=${token}` },
        form: { intent: 'delete', id: String(asset.id) },
      }),
      context: t.routerContext(),
    })) as Response
    expect(res.headers.get('location')).toBe('/admin/assets?deleted=1')
    await expectGone(keys)
  })
})
