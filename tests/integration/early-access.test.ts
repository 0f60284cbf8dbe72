import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import type { Asset, User } from '#db/schema'
import { makeAsset, makeUser } from '../support/factories'
import { createSession } from '~/domain/accounts/sessions.server'
import { setPublished } from '~/domain/catalogue/assets.server'
import { loader as assetPage } from '~/routes/asset'
import { action as webDownload } from '~/routes/asset-download'
import { action as apiDownload } from '~/routes/api/assets-download'
import { loader as fileRoute } from '~/routes/download-file'
import { loader as earlyAccessPage } from '~/routes/early-access'
import { loader as explorePage } from '~/routes/explore'
import { loader as homePage } from '~/routes/home'
import { loader as licencePage } from '~/routes/licence'
import { loader as licencesPage } from '~/routes/profile-licences'
import { loader as earlyAccessApi } from '~/routes/api/assets-early-access'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

// Early access: a draft scheduled to go live within 7 days, its processing done, opens and
// downloads for Pro members and administrators, through every door; for no one else, and not
// one scheduled further out, one not scheduled, or one still processing.
let t: TestContext
let soon: Asset
let later: Asset
let unscheduled: Asset
let processing: Asset
const users: Record<'free' | 'pro' | 'admin', User> = {} as never
const cookies: Record<string, string> = {}

const schedule = (asset: Asset, inDays: number | null, state = 'ready') =>
  t.db
    .updateTable('assets')
    .set({
      publish_at: inDays === null ? null : sql<Date>`now() + ${`${inDays} days`}::interval`,
      processing_state: state as never,
    })
    .where('id', '=', asset.id)
    .execute()

beforeAll(async () => {
  t = await createTestContext()
  soon = await makeAsset(t.db, t.storage, { title: 'Early Comet', isActive: false })
  later = await makeAsset(t.db, t.storage, { title: 'Far Comet', isActive: false })
  unscheduled = await makeAsset(t.db, t.storage, { title: 'Plain Draft Comet', isActive: false })
  processing = await makeAsset(t.db, t.storage, { title: 'Busy Comet', isActive: false })
  await schedule(soon, 2)
  await schedule(later, 10)
  await schedule(unscheduled, null)
  await schedule(processing, 1, 'processing')
  users.free = await makeUser(t.db)
  users.pro = await makeUser(t.db, { plan: 'pro' })
  users.admin = await makeUser(t.db, { role: 'admin' })
  for (const [who, user] of Object.entries(users)) cookies[who] = (await createSession(t.db, user.id)).token
}, 60_000)
afterAll(() => t.close())

const page = async (asset: Asset, who?: keyof typeof users) => {
  const res = await callRoute(assetPage, {
    request: makeRequest(`/assets/${asset.id}`, { headers: who ? { cookie: `__session=${cookies[who]}` } : {} }),
    params: { id: String(asset.id) },
    context: t.routerContext(),
  })
  // A 404 is thrown as data with its status.
  if (res && typeof res === 'object' && 'thrown' in res)
    return { status: (res as { thrown: { init: { status: number } } }).thrown.init.status, publicAt: undefined }
  return { status: 200, publicAt: (res as { preview: { publicAt?: string } }).preview.publicAt }
}

/** The status of an answer: a Response, or data with its status (200 without one). */
const statusOf = (res: unknown) =>
  res instanceof Response ? res.status : ((res as { init?: { status?: number } | null }).init?.status ?? 200)

const webGrant = async (asset: Asset, who: keyof typeof users) =>
  (await callRoute(webDownload, {
    request: makeRequest(`/assets/${asset.id}/download`, {
      method: 'POST',
      headers: { cookie: `__session=${cookies[who]}` },
    }),
    params: { id: String(asset.id) },
    context: t.routerContext(),
  })) as Response

const apiGrant = async (asset: Asset, who: keyof typeof users) =>
  (await callRoute(apiDownload, {
    request: makeRequest(`/api/assets/download/${asset.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cookies[who]}` },
    }),
    params: { id: String(asset.id) },
    context: t.routerContext(),
  })) as Response

describe('early access', () => {
  it('the asset page of a draft going live within 7 days opens for Pro and administrators only, saying when', async () => {
    expect(await page(soon)).toEqual({ status: 404, publicAt: undefined })
    expect((await page(soon, 'free')).status).toBe(404)
    for (const who of ['pro', 'admin'] as const) {
      const shown = await page(soon, who)
      expect(shown.status, who).toBe(200)
      const hours = (new Date(shown.publicAt!).getTime() - Date.now()) / 3_600_000
      expect(hours).toBeGreaterThan(47)
      expect(hours).toBeLessThan(49)
    }
  })

  it('opens in the preview dialog of a page (?assetId=) for Pro and administrators only', async () => {
    const dialog = async (loader: (args: never) => unknown, path: string, who?: keyof typeof users) =>
      (
        (await callRoute<unknown>(loader, {
          request: makeRequest(`${path}?assetId=${soon.id}`, {
            headers: who ? { cookie: `__session=${cookies[who]}` } : {},
          }),
          context: t.routerContext(),
        })) as { preview: { asset: { id: number }; publicAt?: string } | null }
      ).preview
    for (const [loader, path] of [
      [explorePage, '/explore'],
      [homePage, '/'],
    ] as const) {
      for (const who of ['pro', 'admin'] as const) {
        const shown = await dialog(loader, path, who)
        expect(shown?.asset.id, `${path} ${who}`).toBe(soon.id)
        expect(shown?.publicAt, `${path} ${who}`).toBeTruthy()
      }
      for (const who of [undefined, 'free'] as const)
        expect(await dialog(loader, path, who), `${path} ${who}`).toBeNull()
    }
  })

  it('not a draft scheduled further out, one with no schedule, nor one still processing', async () => {
    for (const asset of [later, unscheduled, processing])
      expect((await page(asset, 'pro')).status, asset.title).toBe(404)
    for (const asset of [later, unscheduled, processing]) {
      expect(statusOf(await webGrant(asset, 'pro')), asset.title).toBe(404)
      expect((await apiGrant(asset, 'pro')).status, asset.title).toBe(404)
    }
  })

  it('Pro downloads it through the page form and the API, and the link delivers the file', async () => {
    const viaForm = await webGrant(soon, 'pro')
    expect(viaForm.status).toBe(303)
    expect(viaForm.headers.get('location')).toMatch(new RegExp(`^/assets/${soon.id}\\?download=[\\w.-]+&licence=LIC-`))
    const viaApi = await apiGrant(soon, 'pro')
    expect(viaApi.status).toBe(200)
    const { downloadUrl } = (await viaApi.json()) as { downloadUrl: string }
    const token = downloadUrl.replace('/downloads/', '')
    const file = (await callRoute(fileRoute, {
      request: makeRequest(downloadUrl),
      params: { token },
      context: t.routerContext(),
    })) as Response
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toContain('Early Comet.png')
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG')
  })

  it('a Free member gets 404 through both doors, as for any draft, and spends no quota', async () => {
    expect(statusOf(await webGrant(soon, 'free'))).toBe(404)
    expect((await apiGrant(soon, 'free')).status).toBe(404)
    const spent = await t.db
      .selectFrom('download_quota_usage')
      .select('used')
      .where('user_id', '=', users.free.id)
      .executeTakeFirst()
    expect(spent).toBeUndefined()
  })

  it('/early-access lists what is coming, soonest first, to everyone; it opens only for Pro and administrators', async () => {
    await schedule(processing, 1, 'ready')
    try {
      const as = async (who?: keyof typeof users) =>
        (await callRoute(earlyAccessPage, {
          request: makeRequest('/early-access', { headers: who ? { cookie: `__session=${cookies[who]}` } : {} }),
          context: t.routerContext(),
        })) as unknown as { coming: Record<string, unknown>[]; total: number; open: boolean }
      // The JSON call lists the same, for a bearer token as for the cookie.
      const asJson = async (who?: keyof typeof users) => {
        const res = (await callRoute(earlyAccessApi, {
          request: makeRequest('/api/assets/early-access', {
            headers: who ? { authorization: `Bearer ${cookies[who]}` } : {},
          }),
          context: t.routerContext(),
        })) as Response
        expect(res.status).toBe(200)
        expect(res.headers.get('cache-control'), String(who)).toBe(who ? null : 'public, max-age=60')
        const { assets, total, open } = (await res.json()) as {
          assets: Record<string, unknown>[]
          total: number
          open: boolean
        }
        return { coming: assets, total, open }
      }
      for (const [who, door] of [undefined, 'free', 'pro', 'admin'].flatMap((who) =>
        [as, asJson].map((door) => [who as keyof typeof users | undefined, door] as const),
      )) {
        const shown = await door(who)
        const comets = shown.coming.filter((c) => String(c.title).endsWith('Comet'))
        expect(
          comets.map((c) => c.title),
          String(who),
        ).toEqual(['Busy Comet', 'Early Comet'])
        expect(shown.open, String(who)).toBe(who === 'pro' || who === 'admin')
        expect(shown.total).toBe(shown.coming.length)
        // Its name, thumbnail and date only: the preview and the audio stay with its page.
        for (const c of comets) expect(Object.keys(c).sort()).toEqual(['id', 'publicAt', 'thumbnail', 'title'])
        expect(JSON.stringify(shown)).not.toMatch(/preview/)
      }
    } finally {
      await schedule(processing, 1, 'processing')
    }
  })

  it('stays open to Pro from its time until the schedule has published it', async () => {
    await schedule(soon, -0.01)
    try {
      expect((await page(soon, 'pro')).status).toBe(200)
      expect((await page(soon, 'free')).status).toBe(404)
    } finally {
      await schedule(soon, 2)
    }
  })

  it('a download link granted in early access stops working once the schedule is withdrawn', async () => {
    const granted = await apiGrant(soon, 'pro')
    const { downloadUrl } = (await granted.json()) as { downloadUrl: string }
    const fetchFile = async () =>
      (await callRoute(fileRoute, {
        request: makeRequest(downloadUrl),
        params: { token: downloadUrl.replace('/downloads/', '') },
        context: t.routerContext(),
      })) as Response
    expect((await fetchFile()).status).toBe(200)
    await schedule(soon, null)
    try {
      expect((await fetchFile()).status).toBe(404)
      expect((await page(soon, 'pro')).status).toBe(404)
    } finally {
      await schedule(soon, 2)
    }
  })

  it('its licence says it is in early access until it goes live, then links to its page', async () => {
    const { licenseId } = (await (await apiGrant(soon, 'pro')).json()) as { licenseId: string }
    const asset = async () =>
      (
        (await callRoute(licencePage, {
          request: makeRequest(`/licenses/${licenseId}`),
          params: { licenseId },
          context: t.routerContext(),
        })) as { licence: { asset: { url: string | null; thumbnail: string | null; publicAt: string | null } } }
      ).licence.asset
    const early = await asset()
    // Not 'no longer in the library': its page is Pro's until it goes live, its thumbnail anyone's.
    expect(early.url).toBeNull()
    expect(early.thumbnail).toMatch(/^\/images\//)
    expect((new Date(early.publicAt!).getTime() - Date.now()) / 3_600_000).toBeGreaterThan(47)
    // The member's own list links its page while it opens for them.
    const listed = async (who: keyof typeof users) => {
      const { licences } = (await callRoute(licencesPage, {
        request: makeRequest('/profile/licences', { headers: { cookie: `__session=${cookies[who]}` } }),
        context: t.routerContext(),
      })) as { licences: { licenseId: string; asset: { url: string | null } }[] }
      return licences.find((l) => l.licenseId === licenseId)?.asset.url
    }
    expect(await listed('pro')).toBe(`/assets/${soon.id}`)
    await t.db.updateTable('users').set({ plan: 'free' }).where('id', '=', users.pro.id).execute()
    try {
      expect(await listed('pro')).toBeNull()
    } finally {
      await t.db.updateTable('users').set({ plan: 'pro' }).where('id', '=', users.pro.id).execute()
    }
    await setPublished(t.db, [soon.id], true, null, { scheduled: true })
    try {
      expect(await asset()).toMatchObject({ url: `/assets/${soon.id}`, publicAt: null })
    } finally {
      await setPublished(t.db, [soon.id], false, null)
      await schedule(soon, 2)
    }
    await schedule(soon, null)
    try {
      expect(await asset()).toMatchObject({ url: null, thumbnail: null, publicAt: null })
    } finally {
      await schedule(soon, 2)
    }
  })

  it('once it goes live it is everyone’s, and early access is over', async () => {
    // Published the way the schedule publishes it.
    await setPublished(t.db, [soon.id], true, null, { scheduled: true })
    try {
      expect((await page(soon)).status).toBe(200)
      expect((await page(soon, 'pro')).publicAt).toBeUndefined()
    } finally {
      await setPublished(t.db, [soon.id], false, null)
      await schedule(soon, 2)
    }
  })
})
