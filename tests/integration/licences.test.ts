import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseBuffer } from 'music-metadata'
import { PDFParse } from 'pdf-parse'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Asset } from '#db/schema'
import { encodeWav } from '#seed/sounds'
import { createSession } from '~/domain/accounts/sessions.server'
import { createAsset, updateAsset } from '~/domain/catalogue/assets.server'
import { editAsset } from '~/domain/catalogue/scheduled-publishing.server'
import { sweepStorage } from '~/platform/storage-cleanup.server'
import { REPLACED } from '~/routes/download-file'
import { deliveredFile, openDeliveredFile, selectDeliverable } from '~/domain/downloads/delivered-files.server'
import { prepareDownloadsJob } from '~/domain/downloads/prepare-downloads.server'
import { readStoredFile, type Storage } from '~/platform/storage.server'
import { LICENCE_TERMS } from '~/lib/licence-terms'
import { PROVENANCE_SOURCE_TYPE } from '~/platform/provenance.server'
import { loader as root } from '~/root'
import { loader as historyApi } from '~/routes/api/assets-downloads-history'
import { action as apiDownload } from '~/routes/api/assets-download'
import { loader as licenceApi } from '~/routes/api/licenses-id'
import { action as webDownload } from '~/routes/asset-download'
import { loader as licencePage } from '~/routes/licence'
import { loader as certificate } from '~/routes/licence-certificate'
import { loader as licencesPage } from '~/routes/profile-licences'
import { action as adminAssetsForm, loader as adminAssets } from '~/routes/admin/assets'
import { action as adminAssetApi } from '~/routes/api/admin/assets-id'
import { loader as adminLicences } from '~/routes/admin/licences'
import { openDownloadLink } from '../support/download-link'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { makeAsset, makeUser } from '../support/factories'

const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path

let t: TestContext
let work: string
let render: Asset
let picture: Asset

beforeAll(async () => {
  t = await createTestContext()
  work = mkdtempSync(path.join(tmpdir(), 'licences-'))
  render = await makeAsset(t.db, t.storage, { title: 'Licensed Robot', size: 512 })
  picture = await makeAsset(t.db, t.storage, { title: 'Licensed Meadow', assetType: 'image', size: 512 })
}, 60_000)
afterAll(async () => {
  rmSync(work, { recursive: true, force: true })
  await t.close()
})

async function signedIn(input: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(t.db, input)
  const { token } = await createSession(t.db, user.id)
  return { user, bearer: { authorization: `Bearer ${token}` }, cookie: { cookie: `__session=${token}` } }
}

type ApiGrant = { downloadUrl: string; filename: string; licenseId: string; licenseUrl: string }

async function apiGrant(asset: Asset, headers: Record<string, string>, options?: Record<string, unknown>) {
  const res = (await callRoute(apiDownload, {
    request: makeRequest(`/api/assets/download/${asset.id}`, { method: 'POST', headers, json: options }),
    params: { id: String(asset.id) },
    context: t.routerContext(),
  })) as Response
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as ApiGrant
}

async function fetchFile(downloadUrl: string): Promise<{ bytes: Buffer; type: string | null }> {
  const { res, bytes } = await openDownloadLink(t, downloadUrl)
  expect(res.status).toBe(200)
  return { bytes, type: res.headers.get('content-type') }
}

async function licenceJson(id: string) {
  const res = (await callRoute(licenceApi, {
    request: makeRequest(`/api/licenses/${id}`),
    params: { licenseId: id },
    context: t.routerContext(),
  })) as Response
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const licenceRows = (userId: string) =>
  t.db.selectFrom('licences').selectAll().where('user_id', '=', userId).orderBy('issued_at').execute()

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe('a licence for every granted download', () => {
  it('the JSON door names the licence; the file delivered is the one whose SHA-256 it records', async () => {
    const { user, bearer } = await signedIn({ fullName: 'Ada Lovelace', plan: 'pro' })
    const grant = await apiGrant(render, bearer)
    expect(grant.licenseId).toMatch(/^LIC-[A-Z2-7]{20}$/)
    expect(grant.licenseUrl).toBe(new URL(`/licenses/${grant.licenseId}`, t.config.appUrl || 'http://localhost').href)
    const [row] = await licenceRows(user.id)
    expect(row).toMatchObject({
      id: grant.licenseId,
      asset_id: render.id,
      asset_title: 'Licensed Robot',
      variant: 'original',
      licensee: 'Ada Lovelace',
      plan: 'pro',
      terms_version: LICENCE_TERMS.version,
    })
    const file = await fetchFile(grant.downloadUrl)
    expect(sha256(file.bytes)).toBe(row.sha256)
    // The history names it, through the JSON door too.
    const history = (await callRoute(historyApi, {
      request: makeRequest('/api/assets/downloads/history', { headers: bearer }),
      context: t.routerContext(),
    })) as Response
    const { history: items } = (await history.json()) as { history: Array<{ asset_id: number; licenseId: string }> }
    expect(items.find((i) => i.asset_id === render.id)?.licenseId).toBe(grant.licenseId)
  })

  it('the same file again names the same licence; another size or format is another licence', async () => {
    const { user, bearer } = await signedIn()
    const first = await apiGrant(render, bearer)
    const again = await apiGrant(render, bearer)
    expect(again.licenseId).toBe(first.licenseId)
    const variant = await apiGrant(render, bearer, { size: '512', format: 'webp' })
    expect(variant.licenseId).not.toBe(first.licenseId)
    expect((await licenceRows(user.id)).map((r) => r.variant).sort()).toEqual(['512.webp', 'original'])
    // One history row for the day, which names the latest licence.
    const rows = await t.db.selectFrom('downloads').selectAll().where('user_id', '=', user.id).execute()
    expect(rows).toHaveLength(1)
    expect(rows[0].licence_id).toBe(variant.licenseId)
  })

  it('200 parallel downloads of one asset by one user make one licence and spend one unit', async () => {
    const { user, bearer } = await signedIn()
    const asset = await makeAsset(t.db, t.storage, { title: 'Crowded Teapot' })
    const answers = await Promise.all(Array.from({ length: 200 }, () => apiGrant(asset, bearer)))
    expect(new Set(answers.map((a) => a.licenseId)).size).toBe(1)
    expect(await licenceRows(user.id)).toHaveLength(1)
    const used = await t.db.selectFrom('download_quota_usage').select('used').where('user_id', '=', user.id).execute()
    expect(used.map((u) => u.used)).toEqual([1])
    // The delivered file, made by whichever requests came first, is kept: one row, its object
    // in storage, and no reservation left that the sweep would remove it by.
    const kept = await t.db.selectFrom('asset_variants').select('key').where('asset_id', '=', asset.id).execute()
    expect(kept).toHaveLength(1)
    expect(await t.storage.exists(kept[0]!.key)).toBe(true)
    const reserved = await t.db.selectFrom('storage_cleanup').select('key').where('key', '=', kept[0]!.key).execute()
    expect(reserved).toEqual([])
  })

  it('a refused download (quota spent) leaves no licence', async () => {
    const { user, bearer } = await signedIn()
    const five = await Promise.all(
      Array.from({ length: 5 }, (_, i) => makeAsset(t.db, t.storage, { title: `Quota Licence ${i}` })),
    )
    for (const asset of five) await apiGrant(asset, bearer)
    const sixth = await makeAsset(t.db, t.storage, { title: 'One Too Many' })
    const res = (await callRoute(apiDownload, {
      request: makeRequest(`/api/assets/download/${sixth.id}`, { method: 'POST', headers: bearer }),
      params: { id: String(sixth.id) },
      context: t.routerContext(),
    })) as Response
    expect(res.status).toBe(403)
    const rows = await licenceRows(user.id)
    expect(rows).toHaveLength(5)
    expect(rows.some((r) => r.asset_id === sixth.id)).toBe(false)
  })

  it('the web form names the licence: the fetcher gets it, a plain post comes back to its page with it', async () => {
    const { user, cookie } = await signedIn()
    const viaFetcher = await callRoute(webDownload, {
      request: makeRequest(`/assets/${picture.id}/download.data`, { method: 'POST', headers: cookie }),
      params: { id: String(picture.id) },
      context: t.routerContext(),
    })
    const [row] = await licenceRows(user.id)
    expect(viaFetcher).toMatchObject({ ok: true, licenseId: row.id })

    const plain = (await callRoute(webDownload, {
      request: makeRequest(`/assets/${picture.id}/download`, {
        method: 'POST',
        headers: cookie,
        form: { return_to: `/explore?assetId=${picture.id}` },
      }),
      params: { id: String(picture.id) },
      context: t.routerContext(),
    })) as Response
    expect(plain.status).toBe(303)
    const back = new URL(plain.headers.get('location')!, 'http://localhost')
    expect(back.pathname).toBe('/explore')
    expect(back.searchParams.get('assetId')).toBe(String(picture.id))
    expect(back.searchParams.get('licence')).toBe(row.id)
    // That page starts the file and says which licence it is under.
    const page = (await callRoute(root, {
      request: makeRequest(`${back.pathname}${back.search}`, { headers: cookie }),
      context: t.routerContext(),
    })) as { downloadStarted: { fileUrl: string; licenceId: string } }
    expect(page.downloadStarted.licenceId).toBe(row.id)
    const file = await fetchFile(page.downloadStarted.fileUrl)
    expect(sha256(file.bytes)).toBe(row.sha256)

    // A return address on another site is not followed.
    const offsite = (await callRoute(webDownload, {
      request: makeRequest(`/assets/${picture.id}/download`, {
        method: 'POST',
        headers: cookie,
        form: { return_to: '//evil.example/x' },
      }),
      params: { id: String(picture.id) },
      context: t.routerContext(),
    })) as Response
    expect(offsite.headers.get('location')).toMatch(new RegExp(`^/assets/${picture.id}\\?download=`))
  })
})

describe('anyone can check a licence', () => {
  it('the page and the JSON show the facts and never the email; the PDF says the same', async () => {
    const { user, bearer } = await signedIn({ fullName: '', email: 'jane.doe@example.com' })
    const grant = await apiGrant(picture, bearer)
    const [row] = await licenceRows(user.id)

    const page = (await callRoute(licencePage, {
      request: makeRequest(`/licenses/${grant.licenseId}`),
      params: { licenseId: grant.licenseId },
      context: t.routerContext(),
    })) as unknown as { licence: Record<string, unknown> }
    expect(page.licence).toMatchObject({
      licenseId: grant.licenseId,
      status: 'valid',
      licensee: 'j***@example.com',
      plan: 'free',
      sha256: row.sha256,
      asset: { id: picture.id, title: 'Licensed Meadow', url: `/assets/${picture.id}` },
    })
    expect(JSON.stringify(page)).not.toContain('jane.doe')

    const json = await licenceJson(grant.licenseId)
    expect(json.status).toBe(200)
    expect(json.body).toMatchObject({
      licenseId: grant.licenseId,
      status: 'valid',
      licensee: 'j***@example.com',
      plan: 'free',
      termsVersion: LICENCE_TERMS.version,
      sha256: row.sha256,
      asset: { id: picture.id, title: 'Licensed Meadow' },
    })
    expect(JSON.stringify(json.body)).not.toContain('jane.doe')
    expect(json.body.issuedAt).toBe(row.issued_at.toISOString())

    const pdf = (await callRoute(certificate, {
      request: makeRequest(`/licenses/${grant.licenseId}.pdf`),
      params: { licenseId: grant.licenseId },
      context: t.routerContext(),
    })) as Response
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const bytes = new Uint8Array(await pdf.arrayBuffer())
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    const parser = new PDFParse({ data: bytes })
    const text = (await parser.getText()).text
    await parser.destroy()
    expect(text).toContain(grant.licenseId)
    expect(text).toContain('Licensed Meadow')
    expect(text).toContain('j***@example.com')
    expect(text.replace(/\s+/g, '')).toContain(row.sha256)
    expect(text).not.toContain('jane.doe')
  })

  it('an unknown or malformed id answers 404 on the page, the PDF and the API', async () => {
    for (const id of ['LIC-AAAAAAAAAAAAAAAAAAAA', 'LIC-aaaa', 'nope', 'LIC-AAAAAAAAAAAAAAAAAAAA1', '1']) {
      for (const [suffix, route] of [
        ['', licencePage],
        ['.pdf', certificate],
      ] as const) {
        const res = (await callRoute(route as (args: never) => unknown, {
          request: makeRequest(`/licenses/${id}${suffix}`),
          params: { licenseId: id },
          context: t.routerContext(),
        })) as { thrown: { init?: { status?: number } } }
        expect((res.thrown as { init: { status: number } }).init.status, `${id}${suffix}`).toBe(404)
      }
      const json = await licenceJson(id)
      expect(json.status).toBe(404)
      expect(json.body).toEqual({ error: 'Licence not found', reason: 'licence-not-found' })
    }
  })

  it('the licence stands after the asset leaves the library; the page no longer links it', async () => {
    const { bearer } = await signedIn()
    const doomed = await makeAsset(t.db, t.storage, { title: 'Retired Lamp' })
    const grant = await apiGrant(doomed, bearer)
    await t.db.deleteFrom('assets').where('id', '=', doomed.id).execute()
    const json = await licenceJson(grant.licenseId)
    expect(json.status).toBe(200)
    expect(json.body.asset).toEqual({ id: null, title: 'Retired Lamp', url: null })
  })

  it('/profile/licences lists all of them, newest first, a page at a time', async () => {
    const { user, cookie, bearer } = await signedIn({ plan: 'pro' })
    const assets = await Promise.all(
      Array.from({ length: 22 }, (_, i) => makeAsset(t.db, t.storage, { title: `Listed ${i}` })),
    )
    for (const asset of assets) await apiGrant(asset, bearer)
    const first = (await callRoute(licencesPage, {
      request: makeRequest('/profile/licences', { headers: cookie }),
      context: t.routerContext(),
    })) as { licences: Array<{ asset: { title: string } }>; total: number; pages: number }
    expect(first.total).toBe(22)
    expect(first.pages).toBe(2)
    expect(first.licences).toHaveLength(20)
    expect(first.licences[0].asset.title).toBe('Listed 21')
    const second = (await callRoute(licencesPage, {
      request: makeRequest('/profile/licences?page=2', { headers: cookie }),
      context: t.routerContext(),
    })) as { licences: unknown[] }
    expect(second.licences).toHaveLength(2)
    for (const bad of ['3', '0', '01', 'x']) {
      const res = (await callRoute(licencesPage, {
        request: makeRequest(`/profile/licences?page=${bad}`, { headers: cookie }),
        context: t.routerContext(),
      })) as { thrown: { init: { status: number } } }
      expect(res.thrown.init.status, bad).toBe(404)
    }
    expect(user.id).toBeTruthy()
  })
})

describe('provenance inside every delivered file', () => {
  async function xmpOf(bytes: Buffer): Promise<string> {
    const meta = await sharp(bytes).metadata()
    expect(meta.xmp, 'the file carries XMP').toBeTruthy()
    return meta.xmp!.toString('utf8')
  }

  it('every image format carries the XMP, and each licence names the exact bytes delivered', async () => {
    const { user, bearer } = await signedIn({ plan: 'pro' })
    const cases: Array<[Asset, Record<string, unknown> | undefined, string]> = [
      [render, undefined, 'png'],
      [render, { size: '512', format: 'png', background: '#ffffff' }, 'png'],
      [render, { size: '512', format: 'webp' }, 'webp'],
      [render, { size: '512', format: 'avif' }, 'heif'],
      [picture, { size: '512', format: 'jpeg' }, 'jpeg'],
    ]
    for (const [asset, options, format] of cases) {
      const grant = await apiGrant(asset, bearer, options)
      const file = await fetchFile(grant.downloadUrl)
      expect((await sharp(file.bytes).metadata()).format).toBe(format)
      const xmp = await xmpOf(file.bytes)
      expect(xmp).toContain(PROVENANCE_SOURCE_TYPE)
      expect(xmp).toContain(`/assets/${asset.id}`)
      expect(xmp).toContain('/license')
      expect(xmp).toContain('AI Stock Library')
      const row = await t.db
        .selectFrom('licences')
        .selectAll()
        .where('id', '=', grant.licenseId)
        .executeTakeFirstOrThrow()
      expect(sha256(file.bytes), JSON.stringify(options)).toBe(row.sha256)
      expect(row.user_id).toBe(user.id)
    }
  })

  function audioClip(format: 'wav' | 'mp3' | 'ogg' | 'flac'): Buffer {
    const rate = 44_100
    const samples = new Float32Array(rate).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / rate))
    const wav = encodeWav(samples, 1, rate)
    if (format === 'wav') return wav
    const input = path.join(work, 'in.wav')
    const out = path.join(work, `out.${format}`)
    writeFileSync(input, wav)
    const codec = { mp3: ['-c:a', 'libmp3lame'], ogg: ['-c:a', 'libvorbis'], flac: ['-c:a', 'flac'] }[format]
    const run = spawnSync(ffmpeg, ['-y', '-v', 'error', '-i', input, ...codec, out])
    expect(run.status, run.stderr.toString()).toBe(0)
    return readFileSync(out)
  }

  it('every audio format carries the same facts in its own tags', async () => {
    const { bearer } = await signedIn({ plan: 'pro' })
    for (const format of ['wav', 'mp3', 'ogg', 'flac'] as const) {
      const asset = await createAsset(t.db, t.storage, {
        original: audioClip(format),
        originalFilename: `Tagged Tune.${format}`,
        title: `Tagged Tune ${format}`,
        tags: ['tune'],
        category: 'Music',
        assetType: 'audio',
        isActive: true,
      })
      const grant = await apiGrant(asset, bearer)
      const file = await fetchFile(grant.downloadUrl)
      const tags = await parseBuffer(file.bytes)
      expect(tags.common.title, format).toBe(`Tagged Tune ${format}`)
      expect(tags.common.artist, format).toBe('AI Stock Library')
      expect(JSON.stringify(tags.native), format).toContain(`/assets/${asset.id}`)
      expect(tags.format.duration, format).toBeGreaterThan(0.9)
      const row = await t.db
        .selectFrom('licences')
        .selectAll()
        .where('id', '=', grant.licenseId)
        .executeTakeFirstOrThrow()
      expect(sha256(file.bytes), format).toBe(row.sha256)
    }
  })
})

describe('the admin', () => {
  it('sees how many licences an asset has, and any licence by id with its holder; others get 404', async () => {
    const asset = await makeAsset(t.db, t.storage, { title: 'Admin Counted', size: 512 })
    const a = await signedIn({ email: 'first.holder@example.com', fullName: 'First Holder' })
    const b = await signedIn()
    const first = await apiGrant(asset, a.bearer)
    await apiGrant(asset, b.bearer)
    await apiGrant(asset, a.bearer, { size: '512', format: 'webp' })
    const admin = await signedIn({ role: 'admin' })

    const view = (await callRoute(adminAssets, {
      request: makeRequest(`/admin/assets?preview=${asset.id}`, { headers: admin.cookie }),
      context: t.routerContext(),
    })) as { previewAsset: { id: number }; previewFigures: { licences: number; downloads: number } }
    expect(view.previewAsset.id).toBe(asset.id)
    expect(view.previewFigures.licences).toBe(3)
    expect(view.previewFigures.downloads).toBe(2)

    const found = (await callRoute(adminLicences, {
      request: makeRequest(`/admin/licences?id=${first.licenseId.toLowerCase()}`, { headers: admin.cookie }),
      context: t.routerContext(),
    })) as { found: { licence: { licenseId: string }; holder: { email: string } } }
    expect(found.found.licence.licenseId).toBe(first.licenseId)
    expect(found.found.holder.email).toBe('first.holder@example.com')
    const missing = (await callRoute(adminLicences, {
      request: makeRequest('/admin/licences?id=LIC-AAAAAAAAAAAAAAAAAAAA', { headers: admin.cookie }),
      context: t.routerContext(),
    })) as { missing: boolean }
    expect(missing.missing).toBe(true)

    const refused = (await callRoute(adminLicences, {
      request: makeRequest(`/admin/licences?id=${first.licenseId}`, { headers: a.cookie }),
      context: t.routerContext(),
    })) as { thrown: { init: { status: number } } }
    expect(refused.thrown.init.status).toBe(404)
  })
})

describe('a title edit', () => {
  /** The title an image's XMP carries (dc:title). */
  async function titleInside(bytes: Buffer): Promise<string | undefined> {
    const xmp = (await sharp(bytes).metadata()).xmp?.toString('utf8') ?? ''
    return /<dc:title>\s*<rdf:Alt>\s*<rdf:li xml:lang=["']x-default["']>([^<]*)</.exec(xmp)?.[1]
  }

  const licence = (id: string) => t.db.selectFrom('licences').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  /** The asset's kept original: the key and digest its row names. */
  const keptOriginal = (asset: Pick<Asset, 'id'>) =>
    t.db
      .selectFrom('asset_variants')
      .select(['key', 'sha256'])
      .where('asset_id', '=', asset.id)
      .where('variant', '=', 'original')
      .executeTakeFirstOrThrow()
  const digests = async (asset: Asset) =>
    (await t.db.selectFrom('asset_variants').select('sha256').where('asset_id', '=', asset.id).execute()).map(
      (row) => row.sha256,
    )

  async function retitle(door: 'api' | 'form', asset: Asset, title: string) {
    const admin = await signedIn({ role: 'admin' })
    if (door === 'api') {
      const res = (await callRoute(adminAssetApi, {
        request: makeRequest(`/api/admin/assets/${asset.id}`, {
          method: 'PUT',
          headers: admin.bearer,
          json: { title },
        }),
        params: { id: String(asset.id) },
        context: t.routerContext(),
      })) as Response
      expect(res.status, await res.clone().text()).toBe(200)
    } else {
      const res = (await callRoute(adminAssetsForm, {
        request: makeRequest('/admin/assets', {
          method: 'POST',
          headers: admin.cookie,
          form: { intent: 'update', id: String(asset.id), title, description: '', category: 'Abstract', tags: 'test' },
        }),
        context: t.routerContext(),
      })) as Response
      expect(res.status).toBe(302)
    }
  }

  for (const door of ['api', 'form'] as const) {
    it(`(${door === 'api' ? 'PUT /api/admin/assets/{id}' : 'the admin list’s form'}) makes the delivered files again with the new title; the earlier licence still names the bytes it was granted with`, async () => {
      const asset = await makeAsset(t.db, t.storage, { title: `Before Edit ${door}`, size: 1024 })
      const { bearer } = await signedIn({ plan: 'pro' })
      const before = await apiGrant(asset, bearer)
      const beforeFile = await fetchFile(before.downloadUrl)
      const beforeSmall = await fetchFile((await apiGrant(asset, bearer, { size: '512', format: 'webp' })).downloadUrl)
      expect(await titleInside(beforeFile.bytes)).toBe(`Before Edit ${door}`)
      await t.services.jobs.runDue({ names: [prepareDownloadsJob.name] })

      await retitle(door, asset, `After Edit ${door}`)
      // The files kept with the old title (the two taken and those made ahead) are no longer
      // what a download delivers.
      const cleared = await digests(asset)
      expect(cleared.length).toBeGreaterThanOrEqual(2)
      expect(cleared.every((digest) => digest === null)).toBe(true)
      // A live asset's files are made again ahead, as when it was published.
      expect(await t.services.jobs.runDue({ names: [prepareDownloadsJob.name] })).toBe(1)
      expect((await digests(asset)).filter(Boolean).length).toBeGreaterThanOrEqual(1)

      const after = await apiGrant(asset, bearer)
      const afterFile = await fetchFile(after.downloadUrl)
      expect(await titleInside(afterFile.bytes)).toBe(`After Edit ${door}`)
      expect(sha256(afterFile.bytes)).not.toBe(sha256(beforeFile.bytes))
      expect(after.filename).toBe(`After Edit ${door}.png`)
      // Other bytes, another licence; the same bytes again, the same licence.
      expect(after.licenseId).not.toBe(before.licenseId)
      expect(await licence(after.licenseId)).toMatchObject({
        asset_title: `After Edit ${door}`,
        sha256: sha256(afterFile.bytes),
      })
      expect((await apiGrant(asset, bearer)).licenseId).toBe(after.licenseId)
      expect(await licence(before.licenseId)).toMatchObject({
        asset_title: `Before Edit ${door}`,
        sha256: sha256(beforeFile.bytes),
      })
      expect((await licenceJson(before.licenseId)).status).toBe(200)
      // A variant too.
      const small = await fetchFile((await apiGrant(asset, bearer, { size: '512', format: 'webp' })).downloadUrl)
      expect(await titleInside(small.bytes)).toBe(`After Edit ${door}`)
      expect(await titleInside(beforeSmall.bytes)).toBe(`Before Edit ${door}`)
    })
  }

  it('an edit that keeps the title keeps the files; a draft retitled is made again when next published', async () => {
    const asset = await makeAsset(t.db, t.storage, { title: 'Kept Title', size: 512 })
    const { bearer } = await signedIn({ plan: 'pro' })
    await apiGrant(asset, bearer)
    const kept = await digests(asset)
    expect(kept).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)])
    await t.services.jobs.runDue({ names: [prepareDownloadsJob.name] })
    expect((await updateAsset(t.db, asset.id, { title: 'Kept Title', description: 'Now described' }, null)).ok).toBe(
      true,
    )
    expect(await digests(asset)).toEqual(kept)

    const draft = await makeAsset(t.db, t.storage, { title: 'Draft Before', size: 512 })
    await apiGrant(draft, bearer)
    await updateAsset(t.db, draft.id, { is_active: false }, null)
    await retitle('api', draft, 'Draft After')
    expect(await digests(draft)).toEqual([null])
    // Not live: nothing is made ahead for it, until it is published again.
    expect(await t.services.jobs.runDue({ names: [prepareDownloadsJob.name] })).toBe(0)
    await retitle('api', draft, 'Draft After')
    await editAsset(t.services, draft.id, { is_active: true }, null)
    expect(await t.services.jobs.runDue({ names: [prepareDownloadsJob.name] })).toBe(1)
    const original = await keptOriginal(draft)
    const remade = await readStoredFile((await t.storage.get(original.key))!)
    expect(sha256(remade)).toBe(original.sha256)
    expect(await titleInside(remade)).toBe('Draft After')
  })

  it('a link granted before the edit still gives the bytes its licence names, while they are kept', async () => {
    const asset = await makeAsset(t.db, t.storage, { title: 'Linked Before', size: 512 })
    const { bearer } = await signedIn({ plan: 'pro' })
    const before = await apiGrant(asset, bearer)
    await retitle('api', asset, 'Linked After')
    await t.services.jobs.runDue({ names: [prepareDownloadsJob.name] })
    const after = await fetchFile((await apiGrant(asset, bearer)).downloadUrl)
    expect(await titleInside(after.bytes)).toBe('Linked After')
    // The link granted first still delivers the file its licence names, not the new one.
    const old = await fetchFile(before.downloadUrl)
    expect(sha256(old.bytes)).toBe((await licence(before.licenseId)).sha256)
    expect(await titleInside(old.bytes)).toBe('Linked Before')
    // Once the replaced file is gone (the sweep, an hour on), the link says so: never other bytes.
    const due = await t.db
      .updateTable('storage_cleanup')
      .set({ not_before: new Date(Date.now() - 1000) })
      .where('key', 'like', `%-${(await licence(before.licenseId)).sha256.slice(0, 16)}.%`)
      .returning('key')
      .execute()
    expect(due).toHaveLength(1)
    await sweepStorage(t.db, t.storage)
    const { res, bytes } = await openDownloadLink(t, before.downloadUrl)
    expect(res.status).toBe(410)
    expect(bytes.toString('utf8')).toBe(REPLACED)
  })

  it('two files made at once for one name: one becomes the asset’s, the other is retired, none is left behind', async () => {
    // Made with two site addresses, so their bytes differ (an encoder that differed would do the same).
    const asset = await makeAsset(t.db, t.storage, { title: 'Twice Made', size: 512 })
    const read = await selectDeliverable(t.db, asset.id, 'original').executeTakeFirstOrThrow()
    const [a, b] = await Promise.all([
      deliveredFile(t.db, t.storage, read, null, 'http://one.example'),
      deliveredFile(t.db, t.storage, read, null, 'http://two.example'),
    ])
    expect(a!.key).not.toBe(b!.key)
    const row = await keptOriginal(asset)
    const other = row.key === a!.key ? b!.key : a!.key
    expect([a!.key, b!.key]).toContain(row.key)
    // Both still readable for the downloads they were made for; the other one goes in an hour.
    for (const file of [a!, b!])
      expect(sha256(await readStoredFile((await t.storage.get(file.key))!))).toBe(file.sha256)
    const cleanup = await t.db
      .selectFrom('storage_cleanup')
      .select(['key', 'not_before'])
      .where('key', 'in', [a!.key, b!.key])
      .execute()
    expect(cleanup.map((c) => c.key)).toEqual([other])
    expect(cleanup[0]!.not_before.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000)
  })

  it('a write that fails never removes the file another request kept under the same key', async () => {
    const asset = await makeAsset(t.db, t.storage, { title: 'Kept Once', size: 256 })
    const read = await selectDeliverable(t.db, asset.id, 'original').executeTakeFirstOrThrow()
    const kept = await deliveredFile(t.db, t.storage, read, null, t.config.appUrl)
    const failing: Storage = Object.assign(Object.create(t.storage) as Storage, {
      put: async () => {
        throw new Error('bucket refused the write')
      },
    })
    // The same bytes made again (a read that missed the digest), whose write fails.
    await expect(deliveredFile(t.db, failing, read, null, t.config.appUrl)).rejects.toThrow(/refused/)
    expect(await t.storage.exists(kept!.key)).toBe(true)
    expect(await t.db.selectFrom('storage_cleanup').select('key').where('key', '=', kept!.key).execute()).toEqual([])
  })

  it('a link whose file is made again while the title changes answers replaced, never other bytes', async () => {
    const asset = await makeAsset(t.db, t.storage, { title: 'Remade Before', size: 256 })
    const { bearer } = await signedIn({ plan: 'pro' })
    const grant = await apiGrant(asset, bearer)
    const digest = (await licence(grant.licenseId)).sha256.slice(0, 16)
    const row = await keptOriginal(asset)
    // The kept file is lost; the link's reader makes it again, and the title changes meanwhile.
    await t.storage.delete(row.key)
    let resume: () => void = () => {}
    const resumed = new Promise<void>((resolve) => {
      resume = resolve
    })
    const paused: Storage = Object.assign(Object.create(t.storage) as Storage, {
      get: async (key: string) => {
        if (key === asset.original_key) await resumed
        return t.storage.get(key)
      },
    })
    const opening = openDeliveredFile(t.db, paused, asset.id, null, t.config.appUrl, digest)
    await updateAsset(t.db, asset.id, { title: 'Remade After' }, null)
    resume()
    expect(await opening).toBe('replaced')
  })

  it('a file made with the old title never becomes the asset’s file, whenever its write lands', async () => {
    const asset = await makeAsset(t.db, t.storage, { title: 'Racing Old', size: 512 })
    const stale = await selectDeliverable(t.db, asset.id, 'original').executeTakeFirstOrThrow()
    // Made from a read taken before the edit: made again with the title as it is now.
    await updateAsset(t.db, asset.id, { title: 'Racing New' }, null)
    const made = await deliveredFile(t.db, t.storage, stale, null, t.config.appUrl)
    expect(made?.title).toBe('Racing New')
    const bytes = await readStoredFile((await t.storage.get(made!.key))!)
    expect(await titleInside(bytes)).toBe('Racing New')
    expect(await digests(asset)).toEqual([sha256(bytes)])

    // A file made before an edit whose write lands after the new one was kept: the row keeps
    // naming the new file, whose bytes are what its digest says.
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let writing: () => void = () => {}
    const started = new Promise<void>((resolve) => {
      writing = resolve
    })
    const slow: Storage = Object.assign(Object.create(t.storage) as Storage, {
      put: async (...args: Parameters<Storage['put']>) => {
        writing()
        await gate
        return t.storage.put(...args)
      },
    })
    await t.db.updateTable('asset_variants').set({ sha256: null }).where('asset_id', '=', asset.id).execute()
    const current = await selectDeliverable(t.db, asset.id, 'original').executeTakeFirstOrThrow()
    const making = deliveredFile(t.db, slow, current, null, t.config.appUrl)
    await started
    await updateAsset(t.db, asset.id, { title: 'Racing Newer' }, null)
    const newer = await selectDeliverable(t.db, asset.id, 'original').executeTakeFirstOrThrow()
    const fresh = await deliveredFile(t.db, t.storage, newer, null, t.config.appUrl)
    release()
    expect((await making)?.title).toBe('Racing Newer')
    const row = await keptOriginal(asset)
    expect(row.key).toBe(fresh!.key)
    const kept = await readStoredFile((await t.storage.get(row.key))!)
    expect(sha256(kept)).toBe(row.sha256)
    expect(await titleInside(kept)).toBe('Racing Newer')
    const { bearer } = await signedIn({ plan: 'pro' })
    const file = await fetchFile((await apiGrant(asset, bearer)).downloadUrl)
    expect(await titleInside(file.bytes)).toBe('Racing Newer')
  })
})
