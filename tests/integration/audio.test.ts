import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseBuffer } from 'music-metadata'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import { encodeWav } from '#seed/sounds'
import { uploadBatch } from '~/domain/uploads/asset-upload.server'
import { createAsset } from '~/domain/catalogue/assets.server'
import { NotAnImageError } from '~/platform/images.server'
import { CsvMetadataError, parseCsvMetadata } from '~/domain/uploads/csv-metadata.server'
import { grantDownload } from '~/domain/downloads/grant.server'
import { action as assetsAction } from '~/routes/api/admin/assets'
import { action as assetAction, loader as assetLoader } from '~/routes/api/admin/assets-id'
import { loader as fileRoute } from '~/routes/download-file'
import express from 'express'
import type { AddressInfo } from 'node:net'
import type { Storage } from '~/platform/storage.server'
import { imagesMiddleware } from '../../server/images'
import { adminAndUser, bearer, multipart, png } from '../support/admin'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

const SECRET = 'test-secret-test-secret-test-secret-123'
const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path

let t: TestContext
let adminId: string
let adminToken: string
let work: string

/** 1.5 s of a stereo chord as WAV, or converted by ffmpeg to the other formats. */
function audioFile(format: 'wav' | 'mp3' | 'opus' | 'vorbis' | 'flac', seconds = 1.5): Buffer {
  const rate = 44_100
  const n = Math.round(seconds * rate)
  const samples = new Float32Array(n * 2)
  for (let i = 0; i < n; i++) {
    const env = Math.min(1, (n - i) / rate)
    samples[2 * i] = 0.4 * env * Math.sin((2 * Math.PI * 440 * i) / rate)
    samples[2 * i + 1] = 0.4 * env * Math.sin((2 * Math.PI * 660 * i) / rate)
  }
  const wav = encodeWav(samples, 2, rate)
  if (format === 'wav') return wav
  const input = path.join(work, 'in.wav')
  writeFileSync(input, wav)
  const out = path.join(work, `out.${format === 'mp3' ? 'mp3' : format === 'flac' ? 'flac' : 'ogg'}`)
  const codec = {
    mp3: ['-c:a', 'libmp3lame', '-b:a', '128k'],
    opus: ['-c:a', 'libopus', '-b:a', '64k'],
    vorbis: ['-c:a', 'libvorbis', '-q:a', '3'],
    flac: ['-c:a', 'flac'],
  }[format]
  const run = spawnSync(ffmpeg, ['-y', '-v', 'error', '-i', input, ...codec, out])
  expect(run.status, run.stderr.toString()).toBe(0)
  return readFileSync(out)
}

async function call(
  fn: (args: never) => unknown,
  url: string,
  init: RequestInit & { json?: unknown } = {},
  params: Record<string, string> = {},
) {
  const res = (await callRoute(fn, { request: makeRequest(url, init), params, context: t.routerContext() })) as Response
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

const upload = (name: string, data: Buffer, type: string, fields: Record<string, string> = {}) =>
  call(assetsAction, '/api/admin/assets', {
    method: 'POST',
    body: multipart(fields, [{ field: 'file', name, type, data }]),
    headers: bearer(adminToken),
  })

/**
 * The upload answers at once, before the decode (decision 087); the job 'process-upload' decodes,
 * encodes the preview and draws the waveform. Answers the upload, and the asset once processed.
 */
async function uploadAndProcess(name: string, data: Buffer, type: string, fields: Record<string, string> = {}) {
  const res = await upload(name, data, type, fields)
  if (res.status !== 201) return { res, ready: res }
  expect(res.body.processing.state).toBe('processing')
  expect(res.body.audio).toBeNull()
  await t.services.jobs.runDue()
  const ready = await call(
    assetLoader,
    `/api/admin/assets/${res.body.id}`,
    { headers: bearer(adminToken) },
    { id: String(res.body.id) },
  )
  return { res, ready }
}

beforeAll(async () => {
  t = await createTestContext()
  work = mkdtempSync(path.join(tmpdir(), 'audio-test-'))
  const people = await adminAndUser(t.db)
  adminId = people.admin.id
  adminToken = people.adminToken
})
afterAll(async () => {
  rmSync(work, { recursive: true, force: true })
  await t.close()
})

describe('audio upload', () => {
  const cases = [
    { format: 'wav', name: 'tone.wav', type: 'audio/wav', mime: 'audio/wav', ext: 'wav', label: 'WAV' },
    { format: 'mp3', name: 'tone.mp3', type: 'audio/mpeg', mime: 'audio/mpeg', ext: 'mp3', label: 'MP3' },
    { format: 'opus', name: 'tone.opus', type: 'audio/ogg', mime: 'audio/ogg', ext: 'opus', label: 'OPUS' },
    { format: 'vorbis', name: 'tone.ogg', type: 'audio/ogg', mime: 'audio/ogg', ext: 'ogg', label: 'OGG' },
    { format: 'flac', name: 'tone.flac', type: 'audio/flac', mime: 'audio/flac', ext: 'flac', label: 'FLAC' },
  ] as const

  for (const c of cases) {
    it(`takes ${c.label}: decoded, with duration, channels, peaks and an MP3 preview; downloads as the original, tagged`, async () => {
      const original = audioFile(c.format)
      // The admin's 'image' choice does not matter: the file is audio.
      const { res: answered, ready: res } = await uploadAndProcess(c.name, original, c.type, {
        title: `Chord ${c.label}`,
        asset_type: 'image',
      })
      expect(answered.status, JSON.stringify(answered.body)).toBe(201)
      expect(answered.body.asset_type).toBe('audio')
      expect(res.body.processing).toEqual({ state: 'ready', error: null, step: null, retryable: true })
      expect(res.body.asset_type).toBe('audio')
      expect(res.body.file_format).toBe(c.label)
      expect(Math.abs(res.body.audio.duration_ms - 1500)).toBeLessThan(80)
      expect(res.body.audio.channels).toBe(2)
      expect(res.body.audio.waveform).toHaveLength(120)
      expect(Math.max(...res.body.audio.waveform)).toBe(1)
      const row = await t.db.selectFrom('assets').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow()
      expect(row.mime_type).toBe(c.mime)
      expect(row.original_key).toMatch(new RegExp(`\\.${c.ext}$`))
      expect(row.duration_ms).toBe(res.body.audio.duration_ms)
      expect(row.waveform).toEqual(res.body.audio.waveform)

      // The preview is a public MP3, about 96 kbit/s: well under 1 MB a minute.
      const preview = await fetchPublic(t.storage, res.body.audio.preview_url)
      expect(preview.status).toBe(200)
      expect(preview.headers.get('content-type')).toBe('audio/mpeg')
      const mp3 = Buffer.from(await preview.arrayBuffer())
      expect(mp3.subarray(0, 3).toString('latin1') === 'ID3' || (mp3[0] === 0xff && (mp3[1] & 0xe0) === 0xe0)).toBe(
        true,
      )
      expect(mp3.length).toBeLessThan((1_100_000 / 60) * 1.5)

      // Published and downloaded: the same bytes, its own type and extension.
      await t.db.updateTable('assets').set({ is_active: true }).where('id', '=', row.id).execute()
      const user = await makeUser(t.db)
      const granted = await grantDownload(t.db, t.storage, {
        user: { ...user, plan: 'pro' },
        siteUrl: 'http://localhost:3000',
        assetId: row.id,
        options: {},
        secret: SECRET,
      })
      if (!granted.ok) throw new Error('expected a grant')
      expect(granted.filename).toBe(`Chord ${c.label}.${c.ext}`)
      const token = granted.downloadUrl.replace('/downloads/', '')
      const file = (await callRoute(fileRoute, {
        request: makeRequest(granted.downloadUrl),
        params: { token },
        context: t.routerContext(),
      })) as Response
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe(c.mime)
      expect(file.headers.get('content-disposition')).toContain(`filename="Chord ${c.label}.${c.ext}"`)
      // The original's audio, in its own container, with the asset's facts in its tags.
      const delivered = Buffer.from(await file.arrayBuffer())
      const [before, after] = await Promise.all([parseBuffer(original), parseBuffer(delivered)])
      expect(after.format.container).toBe(before.format.container)
      expect(after.format.numberOfSamples ?? after.format.duration).toBe(
        before.format.numberOfSamples ?? before.format.duration,
      )
      expect(after.common.title).toBe(`Chord ${c.label}`)
    })
  }

  it('refuses a file renamed to .wav that is not audio, and one that only starts like a WAV', async () => {
    const text = await upload(
      'notes.wav',
      Buffer.from('These are my notes, not a recording.\n'.repeat(50)),
      'audio/wav',
    )
    expect(text.status).toBe(400)
    expect(text.body.error).toBe('The file is not audio we can decode: upload WAV, MP3, OGG/Opus or FLAC.')
    // Its first bytes say WAV: taken at once, then its job finds it does not decode.
    const fake = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), Buffer.alloc(2000, 7)])
    const { res, ready } = await uploadAndProcess('fake.wav', fake, 'audio/wav')
    expect(res.status).toBe(201)
    expect(ready.body.processing).toEqual({
      state: 'failed',
      error: 'The file is not audio we can decode: upload WAV, MP3, OGG/Opus or FLAC.',
      step: null,
      retryable: false,
    })
    const image = await upload('picture.png', await png(), 'image/png', { asset_type: 'audio' })
    expect(image.status).toBe(400)
  })

  it('takes audio above the image limit and refuses audio over 50MB with a 413', async () => {
    const twelveMb = audioFile('wav', 72)
    expect(twelveMb.length).toBeGreaterThan(10 * 1024 * 1024)
    const { res: answered, ready: ok } = await uploadAndProcess('long.wav', twelveMb, 'audio/wav')
    expect(answered.status, JSON.stringify(answered.body)).toBe(201)
    expect(Math.round(ok.body.audio.duration_ms / 1000)).toBe(72)

    const header = audioFile('wav', 0.1).subarray(0, 44)
    const huge = Buffer.concat([header, Buffer.alloc(51 * 1024 * 1024)])
    const res = await upload('huge.wav', huge, 'audio/wav')
    expect(res.status).toBe(413)
    expect(res.body.error).toContain('50MB')
  }, 120_000)
})

describe('one sniff per upload', () => {
  it('createAsset goes by the container it is handed and does not look again', async () => {
    const wav = audioFile('wav', 0.2)
    // Handed 'not audio', a WAV takes the image way, where it is no image.
    await expect(
      createAsset(t.db, t.storage, { original: wav, originalFilename: 'x.wav', title: 'Handed', audioContainer: null }),
    ).rejects.toBeInstanceOf(NotAnImageError)
    const asset = await createAsset(t.db, t.storage, {
      original: wav,
      originalFilename: 'x.wav',
      title: 'Handed',
      audioContainer: 'wav',
    })
    expect(asset.asset_type).toBe('audio')
  })
})

describe('asset type', () => {
  it('an image upload is 3D unless the admin says image', async () => {
    const three = await upload('a.png', await png(), 'image/png')
    expect(three.body.asset_type).toBe('3d')
    const flat = await upload('b.png', await png('#00ff00'), 'image/png', { asset_type: 'image' })
    expect(flat.body.asset_type).toBe('image')
  })

  it('the CSV column asset_type sets it per file; a wrong value stops the upload', async () => {
    const rows = parseCsvMetadata(
      'filename,title,keywords,category,releases,asset_type\nflat.png,Flat,"a,b",Textures,,image\nrender.png,Render,,Space,,3d\n',
    )
    expect(rows.map((r) => r.assetType)).toEqual(['image', '3d'])
    // Without the column, the five positional columns read as before.
    expect(parseCsvMetadata('filename,title,keywords,category,releases\nx.png,X,,,\n')[0].assetType).toBeUndefined()
    expect(() => parseCsvMetadata('filename,asset_type\nx.png,video\n')).toThrow(CsvMetadataError)

    const file = (name: string, data: Buffer) => ({
      name,
      type: 'image/png',
      size: data.length,
      read: async () => data,
    })
    const items = await uploadBatch(
      t.db,
      t.storage,
      t.services.jobs,
      adminId,
      [file('flat.png', await png()), file('render.png', await png()), file('other.png', await png())],
      rows,
      'image',
    )
    const types = await t.db
      .selectFrom('assets')
      .select(['title', 'asset_type'])
      .where(
        'id',
        'in',
        items.map((i) => i.id!),
      )
      .execute()
    expect(Object.fromEntries(types.map((r) => [r.title, r.asset_type]))).toEqual({
      Flat: 'image',
      Render: '3d',
      other: 'image',
    })
  })

  it('inline edit changes an image between 3D and image; audio stays audio', async () => {
    const put = (id: number, json: unknown) =>
      call(
        assetAction,
        `/api/admin/assets/${id}`,
        { method: 'PUT', json, headers: bearer(adminToken) },
        { id: String(id) },
      )
    const image = await makeAsset(t.db, t.storage)
    const changed = await put(image.id, { asset_type: 'image' })
    expect(changed.status).toBe(200)
    expect(changed.body.asset_type).toBe('image')
    expect((await put(image.id, { asset_type: 'audio' })).status).toBe(400)
    const audio = await makeAsset(t.db, t.storage, { assetType: 'audio' })
    const refused = await put(audio.id, { asset_type: '3d' })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe('An audio file is always an audio asset.')
  })
})

/** A public file as /images/* serves it (server/images.ts), through real HTTP. */
async function fetchPublic(storage: Storage, url: string): Promise<Response> {
  const app = express()
  app.use(
    '/images',
    imagesMiddleware(() => storage),
  )
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`)
    const body = await res.arrayBuffer()
    return new Response(body, { status: res.status, headers: res.headers })
  } finally {
    server.close()
  }
}
