import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import type { Asset, User } from '#db/schema'
import { createSession } from '~/domain/accounts/sessions.server'
import {
  contentDisposition,
  downloadFilename,
  downloadHistory,
  downloadsToday,
  readDownloadLink,
} from '~/domain/downloads/downloads.server'
import { grantDownload } from '~/domain/downloads/grant.server'
import { sign } from '~/platform/signing.server'
import { action as webDownload, loader as webDownloadGet } from '~/routes/asset-download'
import { loader as fileRoute } from '~/routes/download-file'
import { action as apiDownload } from '~/routes/api/assets-download'
import { loader as historyApi } from '~/routes/api/assets-downloads-history'
import { loader as explore } from '~/routes/explore'
import { loader as pricingLoader } from '~/routes/pricing'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

const SECRET = 'test-secret-test-secret-test-secret-123'
const SITE_URL = 'http://localhost:3000'
let t: TestContext
let assets: Asset[]

beforeAll(async () => {
  t = await createTestContext()
  assets = []
  for (let i = 0; i < 8; i++) assets.push(await makeAsset(t.db, t.storage, { title: `Quota Asset ${i}` }))
}, 60_000)
afterAll(() => t.close())

const grant = (user: User, asset: Asset, plan: 'free' | 'pro' = 'free', now?: Date) =>
  grantDownload(t.db, t.storage, {
    user: { ...user, plan },
    assetId: asset.id,
    options: {},
    secret: SECRET,
    siteUrl: SITE_URL,
    now,
  })

describe('the daily quota', () => {
  it('grants exactly 5 of 200 parallel requests for different assets', async () => {
    const user = await makeUser(t.db)
    // 200 requests over 8 assets: at most 8 distinct, and only 5 may pass.
    const requests = Array.from({ length: 200 }, (_, i) => grant(user, assets[i % assets.length]))
    const results = await Promise.all(requests)
    const grantedAssets = new Set(results.filter((r) => r.ok).map((r) => (r.ok ? r.asset.id : 0)))
    expect(grantedAssets.size).toBe(5)
    expect(
      results
        .filter((r) => !r.ok)
        .every((r) => !r.ok && r.reason === 'quota-exceeded' && r.error === 'Download quota exceeded'),
    ).toBe(true)
    expect(await downloadsToday(t.db, user.id)).toBe(5)
    const history = await t.db.selectFrom('downloads').select('asset_id').where('user_id', '=', user.id).execute()
    expect(history).toHaveLength(5)
  })

  it('a repeat of the same asset that day is free', async () => {
    const user = await makeUser(t.db)
    const before = (
      await t.db.selectFrom('assets').select('download_count').where('id', '=', assets[0].id).executeTakeFirstOrThrow()
    ).download_count
    for (let i = 0; i < 5; i++) expect((await grant(user, assets[i])).ok).toBe(true)
    const again = await grant(user, assets[0])
    expect(again.ok && again.repeat).toBe(true)
    expect((await grant(user, assets[5])).ok).toBe(false)
    const after = (
      await t.db.selectFrom('assets').select('download_count').where('id', '=', assets[0].id).executeTakeFirstOrThrow()
    ).download_count
    expect(after).toBe(before + 1)
  })

  it('starts again on the next UTC day', async () => {
    const user = await makeUser(t.db)
    const lateToday = new Date('2030-03-01T23:59:30Z')
    const tomorrow = new Date('2030-03-02T00:00:10Z')
    for (let i = 0; i < 5; i++) expect((await grant(user, assets[i], 'free', lateToday)).ok).toBe(true)
    expect((await grant(user, assets[5], 'free', lateToday)).ok).toBe(false)
    expect((await grant(user, assets[5], 'free', tomorrow)).ok).toBe(true)
    expect(await downloadsToday(t.db, user.id, tomorrow)).toBe(1)
  })

  it('Pro has no limit', async () => {
    const user = await makeUser(t.db, { plan: 'pro' })
    const results = await Promise.all(assets.map((a) => grant(user, a, 'pro')))
    expect(results.every((r) => r.ok)).toBe(true)
    expect(await downloadsToday(t.db, user.id)).toBe(8)
  })

  it('a missing or draft asset is a 404 and costs nothing', async () => {
    const user = await makeUser(t.db)
    const draft = await makeAsset(t.db, t.storage, { isActive: false })
    expect(await grant(user, draft)).toEqual({ ok: false, reason: 'asset-not-found', error: 'Asset not found' })
    expect(await downloadsToday(t.db, user.id)).toBe(0)
  })
})

describe('download links', () => {
  it('carry the asset, expire after a few minutes and resist tampering', async () => {
    const user = await makeUser(t.db)
    const result = await grant(user, assets[1])
    if (!result.ok) throw new Error('expected a grant')
    const token = result.downloadUrl.replace('/downloads/', '')
    // It names the file granted by its digest, the one its licence names.
    const licence = await t.db
      .selectFrom('licences')
      .select('sha256')
      .where('id', '=', result.licenceId)
      .executeTakeFirstOrThrow()
    expect(readDownloadLink(SECRET, token)).toEqual({ assetId: assets[1].id, digest: licence.sha256.slice(0, 16) })
    // The payload is readable: it must not carry who downloaded.
    expect(Buffer.from(token.split('.')[0], 'base64url').toString()).not.toContain(user.id)
    expect(readDownloadLink(SECRET, token, Date.now() + 6 * 60_000)).toBeNull()
    expect(readDownloadLink('another-secret-another-secret-12345', token)).toBeNull()
    const [payload, sig] = token.split('.')
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), a: assets[2].id }),
    ).toString('base64url')
    expect(readDownloadLink(SECRET, `${forged}.${sig}`)).toBeNull()
    expect(readDownloadLink(SECRET, 'garbage')).toBeNull()
  })

  it('the file route streams the original as {title}.png and refuses bad links', async () => {
    const user = await makeUser(t.db)
    const result = await grant(user, assets[2])
    if (!result.ok) throw new Error('expected a grant')
    const token = result.downloadUrl.replace('/downloads/', '')
    const res = (await callRoute(fileRoute, {
      request: makeRequest(result.downloadUrl),
      params: { token },
      context: t.routerContext(),
    })) as Response
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Quota Asset 2.png"; filename*=UTF-8''Quota%20Asset%202.png`,
    )
    expect(res.headers.get('content-type')).toBe('image/png')
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(bytes.subarray(1, 4).toString()).toBe('PNG')
    const expired = sign(SECRET, { a: assets[2].id, e: Date.now() - 1 })
    for (const bad of [expired, `${token}x`, 'nope']) {
      const r = (await callRoute(fileRoute, {
        request: makeRequest(`/downloads/${bad}`),
        params: { token: bad },
        context: t.routerContext(),
      })) as Response
      expect(r.status, bad).toBe(403)
    }
  })

  it('file names are safe', () => {
    expect(downloadFilename('Glass "Orb" / v2: final?')).toBe('Glass Orb v2 final.png')
    expect(downloadFilename('   ')).toBe('asset.png')
    expect(contentDisposition('Café Ñu.png')).toBe(
      `attachment; filename="Caf_ _u.png"; filename*=UTF-8''Caf%C3%A9%20%C3%91u.png`,
    )
  })
})

describe('download doors', () => {
  it('web: signed out goes to login with the spec URL; signed in gets the file and its licence; over quota goes to pricing', async () => {
    const signedOut = (await callRoute(webDownload, {
      request: makeRequest(`/assets/${assets[3].id}/download`, { method: 'POST' }),
      params: { id: String(assets[3].id) },
      context: t.routerContext(),
    })) as Response
    // Back to the asset's page afterwards, with the download offered.
    expect(signedOut.headers.get('location')).toBe(
      `/login?redirect=/assets/${assets[3].id}&intent=download&assetId=${assets[3].id}`,
    )
    const user = await makeUser(t.db)
    const { token } = await createSession(t.db, user.id)
    const headers = { cookie: `__session=${token}` }
    const ok = (await callRoute(webDownload, {
      request: makeRequest(`/assets/${assets[3].id}/download`, { method: 'POST', headers }),
      params: { id: String(assets[3].id) },
      context: t.routerContext(),
    })) as Response
    expect(ok.status).toBe(303)
    // Back to the asset's page, which starts the file and names its licence.
    expect(ok.headers.get('location')).toMatch(
      new RegExp(`^/assets/${assets[3].id}\\?download=[\\w-]+\\.[\\w-]+&licence=LIC-[A-Z2-7]{20}$`),
    )
    const viaFetcher = await callRoute(webDownload, {
      request: makeRequest(`/assets/${assets[4].id}/download.data`, { method: 'POST', headers }),
      params: { id: String(assets[4].id) },
      context: t.routerContext(),
    })
    expect(viaFetcher).toMatchObject({ ok: true, filename: 'Quota Asset 4.png' })
    for (const a of assets.slice(5, 8))
      await callRoute(webDownload, {
        request: makeRequest(`/assets/${a.id}/download`, { method: 'POST', headers }),
        params: { id: String(a.id) },
        context: t.routerContext(),
      })
    const over = (await callRoute(webDownload, {
      request: makeRequest(`/assets/${assets[0].id}/download`, { method: 'POST', headers }),
      params: { id: String(assets[0].id) },
      context: t.routerContext(),
    })) as Response
    expect(over.headers.get('location')).toBe('/pricing?alert=upgrade_required')
    // Where it leads says when the free downloads come back.
    const pricing = (await callRoute(pricingLoader, {
      request: makeRequest('/pricing?alert=upgrade_required', { headers }),
      context: t.routerContext(),
    })) as { upgradeRequired: boolean; quotaResets: string | null }
    expect(pricing.upgradeRequired).toBe(true)
    expect(pricing.quotaResets).toMatch(/^Resets at midnight UTC, in (\d+ h)?( ?\d+ min)?$/)
  })

  it('API: 401 without a token, 403 with the spec error over quota, 404 for an id that is not one, history lists downloads', async () => {
    const anonymous = (await callRoute(apiDownload, {
      request: makeRequest(`/api/assets/download/${assets[0].id}`, { method: 'POST' }),
      params: { id: String(assets[0].id) },
      context: t.routerContext(),
    })) as Response
    expect(anonymous.status).toBe(401)
    const user = await makeUser(t.db)
    const { token } = await createSession(t.db, user.id)
    const headers = { authorization: `Bearer ${token}` }
    const call = async (id: string) =>
      (await callRoute(apiDownload, {
        request: makeRequest(`/api/assets/download/${id}`, { method: 'POST', headers }),
        params: { id },
        context: t.routerContext(),
      })) as Response
    const first = await call(String(assets[0].id))
    expect(first.status).toBe(200)
    expect((await first.json()).downloadUrl).toMatch(/^\/downloads\//)
    for (const a of assets.slice(1, 5)) expect((await call(String(a.id))).status).toBe(200)
    const over = await call(String(assets[5].id))
    expect(over.status).toBe(403)
    expect(await over.json()).toEqual({ error: 'Download quota exceeded', reason: 'quota-exceeded' })
    for (const id of ['abc', '0x10', '0001']) expect((await call(id)).status).toBe(404)
    expect((await call('99999999')).status).toBe(404)
    const history = (await callRoute(historyApi, {
      request: makeRequest('/api/assets/downloads/history', { headers }),
      context: t.routerContext(),
    })) as Response
    const body = await history.json()
    expect(body.history).toHaveLength(5)
    expect(body.history[0]).toMatchObject({ title: 'Quota Asset 4' })
    expect(Object.keys(body.history[0]).sort()).toEqual([
      'asset_id',
      'downloaded_at',
      'id',
      'image',
      'licenseId',
      'preview_urls',
      'removed',
      'title',
    ])
    expect(await downloadHistory(t.db, user.id, 2)).toHaveLength(2)
  })

  it('no GET spends quota: the explore page back from sign-in grants nothing by itself', async () => {
    const user = await makeUser(t.db)
    const { token } = await createSession(t.db, user.id)
    // As if followed from another site with the visitor's cookie.
    const headers = { cookie: `__session=${token}`, referer: 'https://evil.example/' }
    const page = await callRoute(explore, {
      request: makeRequest(`/explore?assetId=${assets[6].id}&download=1`, { headers }),
      context: t.routerContext(),
    })
    expect(page).toMatchObject({ preview: { asset: { id: assets[6].id } } })
    expect(await downloadsToday(t.db, user.id)).toBe(0)
    // The GET of the download door itself grants nothing either.
    const get = (await callRoute(webDownloadGet, {
      request: makeRequest(`/assets/${assets[6].id}/download`, { headers }),
      params: { id: String(assets[6].id) },
      context: t.routerContext(),
    })) as Response
    expect(get.headers.get('location')).toBe(`/assets/${assets[6].id}`)
    expect(await downloadsToday(t.db, user.id)).toBe(0)
  })

  it('a link stops working once its asset is unpublished', async () => {
    const user = await makeUser(t.db)
    const asset = await makeAsset(t.db, t.storage, { title: 'Soon Unpublished' })
    const result = await grant(user, asset)
    if (!result.ok) throw new Error('expected a grant')
    const token = result.downloadUrl.replace('/downloads/', '')
    const fetchLink = async () =>
      (
        (await callRoute(fileRoute, {
          request: makeRequest(result.downloadUrl),
          params: { token },
          context: t.routerContext(),
        })) as Response
      ).status
    expect(await fetchLink()).toBe(200)
    await t.db.updateTable('assets').set({ is_active: false }).where('id', '=', asset.id).execute()
    expect(await fetchLink()).toBe(404)
  })
})
