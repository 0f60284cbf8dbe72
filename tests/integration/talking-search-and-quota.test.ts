import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import type { Asset } from '#db/schema'
import { deleteAssets } from '~/domain/catalogue/assets.server'
import { downloadHistory, utcDay } from '~/domain/downloads/downloads.server'
import { grantDownload } from '~/domain/downloads/grant.server'
import { nearestTerms, searchAssets, suggestSearches } from '~/domain/catalogue/search.server'
import { loader as suggestApi, action as suggestPost } from '~/routes/api/assets-suggest'
import { action as colorScheme } from '~/routes/color-scheme'
import { loader as ogImage } from '~/routes/og-image'
import { loader as explore } from '~/routes/explore'
import { canonicalPath } from '~/lib/sharing'
import { jsonForScript } from '~/components/JsonLd/JsonLd'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { quotaAsShown } from '../support/quota'

let t: TestContext
let orb: Asset
beforeAll(async () => {
  t = await createTestContext()
  orb = await makeAsset(t.db, t.storage, { title: 'Glass Orb', tags: ['sphere', 'glass'], category: 'Shapes' })
  await makeAsset(t.db, t.storage, { title: 'Spiral Staircase', tags: ['spiral'], category: 'Architecture' })
  await makeAsset(t.db, t.storage, { title: 'Friendly Robot Head', tags: ['robot'], category: 'Robots' })
}, 60_000)
afterAll(() => t.close())

describe('search that talks back', () => {
  it('a corrected search can be run exactly as typed', async () => {
    const corrected = await searchAssets(t.db, { q: 'shpere' })
    expect(corrected.correctedQuery).toBe('sphere')
    // Other test files share the database: the orb is among the results, and each result says sphere.
    expect(corrected.assets.map((a) => a.id)).toContain(orb.id)
    expect(
      corrected.assets.every((a) =>
        `${a.title} ${a.tags.join(' ')} ${a.category} ${a.description}`.toLowerCase().includes('spher'),
      ),
    ).toBe(true)
    const exact = await searchAssets(t.db, { q: 'shpere', exact: true })
    expect(exact.correctedQuery).toBeNull()
    expect(exact.total).toBe(0)
  })

  it('the explore page keeps ?exact=1 and offers nearest terms when nothing is found', async () => {
    const data = (await callRoute(explore, {
      request: makeRequest('/explore?q=shpere&exact=1'),
      context: t.routerContext(),
    })) as {
      result: { total: number; correctedQuery: string | null }
      nearest: string[]
      params: { exact: boolean }
    }
    expect(data.params.exact).toBe(true)
    expect(data.result.total).toBe(0)
    expect(data.result.correctedQuery).toBeNull()
    expect(data.nearest).toContain('sphere')
  })

  it('a search of several words that found nothing says what each word finds alone', async () => {
    type Empty = {
      result: { total: number }
      nearest: string[]
      eachWord: { word: string; total: number }[]
    }
    const page = async (search: string) =>
      (await callRoute(explore, { request: makeRequest(`/explore?${search}`), context: t.routerContext() })) as Empty
    const both = await page('q=spiral+robot')
    expect(both.result.total).toBe(0)
    expect(both.eachWord.map((w) => w.word)).toEqual(['spiral', 'robot'])
    for (const { word, total } of both.eachWord) expect(total).toBe((await searchAssets(t.db, { q: word })).total)
    // The look-alikes are other words: the typed ones are not offered back as if they were new.
    expect(both.nearest).not.toContain('spiral')
    expect(both.nearest).not.toContain('robot')
    // A word that finds nothing alone is left out; the filters stay with each word.
    expect((await page('q=spiral+zzqxv')).eachWord.map((w) => w.word)).toEqual(['spiral'])
    expect((await page('q=spiral+robot&category=Shapes')).eachWord).toEqual([])
    // One word alone has nothing to split.
    const one = await page('q=robot&category=Shapes')
    expect(one.result.total).toBe(0)
    expect(one.eachWord).toEqual([])
    expect(one.nearest).not.toContain('robot')
  })

  it('nearest terms come from the catalogue vocabulary', async () => {
    expect(await nearestTerms(t.db, 'robto')).toContain('robot')
    expect(await nearestTerms(t.db, '')).toEqual([])
  })

  it('suggestions complete the last word and keep the earlier ones', async () => {
    expect(await suggestSearches(t.db, 'sp')).toEqual(expect.arrayContaining(['sphere', 'spiral']))
    expect(await suggestSearches(t.db, 'glass sph')).toContain('glass sphere')
    expect(await suggestSearches(t.db, 's')).toEqual([])
    expect(await suggestSearches(t.db, '%_\\')).toEqual([])
  })

  it('GET /api/assets/suggest answers JSON; other methods 405', async () => {
    const res = (await callRoute(suggestApi, {
      request: makeRequest('/api/assets/suggest?q=rob'),
      context: t.routerContext(),
    })) as Response
    expect(res.status).toBe(200)
    const body = (await res.json()) as { q: string; suggestions: string[] }
    expect(body.q).toBe('rob')
    expect(body.suggestions).toEqual(expect.arrayContaining(['robot', 'robots']))
    expect(body.suggestions.every((s) => s.startsWith('rob'))).toBe(true)
    const empty = (await callRoute(suggestApi, {
      request: makeRequest('/api/assets/suggest'),
      context: t.routerContext(),
    })) as Response
    expect(await empty.json()).toEqual({ q: '', suggestions: [] })
    const post = (await callRoute(suggestPost, {
      request: makeRequest('/api/assets/suggest', { method: 'POST' }),
      context: t.routerContext(),
    })) as Response
    expect(post.status).toBe(405)
  })
})

describe('the colour scheme cookie', () => {
  it('sets dark, then clears it for auto, and sends the person back', async () => {
    const dark = (await callRoute(colorScheme, {
      request: makeRequest('/color-scheme', { method: 'POST', form: { scheme: 'dark', redirectTo: '/pricing' } }),
      context: t.routerContext(),
    })) as Response
    expect(dark.status).toBe(303)
    expect(dark.headers.get('location')).toBe('/pricing')
    expect(dark.headers.get('set-cookie')).toMatch(/^color-scheme=dark; Path=\/; SameSite=Lax; Max-Age=31536000/)
    const auto = (await callRoute(colorScheme, {
      request: makeRequest('/color-scheme', { method: 'POST', form: { scheme: 'auto', redirectTo: '//evil.example' } }),
      context: t.routerContext(),
    })) as Response
    expect(auto.headers.get('set-cookie')).toMatch(/^color-scheme=; .*Max-Age=0/)
    expect(auto.headers.get('location')).toBe('/')
  })

  it('refuses an unknown scheme with a 400', async () => {
    const res = (await callRoute(colorScheme, {
      request: makeRequest('/color-scheme', { method: 'POST', form: { scheme: 'purple' } }),
      context: t.routerContext(),
    })) as { thrown: { init?: { status: number } } }
    expect(res.thrown.init?.status).toBe(400)
  })
})

describe('the quota in sight', () => {
  it('says used and left for Free and when it resets, unlimited for Pro', async () => {
    const user = await makeUser(t.db)
    // A moment of today (the quota's day), so the reset line is known.
    const now = new Date(`${utcDay()}T18:48:00Z`)
    const resets = 'Resets at midnight UTC, in 5 h 12 min'
    expect(await quotaAsShown(t.db, user, now)).toEqual({
      plan: 'free',
      used: 0,
      limit: 5,
      left: 5,
      resets,
    })
    await grantDownload(t.db, t.storage, {
      user: { ...user, plan: 'free' },
      siteUrl: 'http://localhost:3000',
      assetId: orb.id,
      options: {},
      secret: 'x'.repeat(32),
    })
    expect(await quotaAsShown(t.db, user, now)).toEqual({
      plan: 'free',
      used: 1,
      limit: 5,
      left: 4,
      resets,
    })
    await t.db.updateTable('users').set({ plan: 'pro' }).where('id', '=', user.id).execute()
    expect(await quotaAsShown(t.db, user, now)).toMatchObject({
      limit: null,
      left: null,
      resets: null,
    })
  })

  it('a downloaded asset that the admin deletes stays in the history, marked as removed', async () => {
    const user = await makeUser(t.db)
    const doomed = await makeAsset(t.db, t.storage, { title: 'Doomed Teapot' })
    expect(
      (
        await grantDownload(t.db, t.storage, {
          user: { ...user, plan: 'free' },
          siteUrl: 'http://localhost:3000',
          assetId: doomed.id,
          options: {},
          secret: 'x'.repeat(32),
        })
      ).ok,
    ).toBe(true)
    expect(await deleteAssets(t.db, t.storage, [doomed.id])).toBe(1)
    const history = await downloadHistory(t.db, user.id)
    expect(history).toHaveLength(1)
    expect(history[0]).toMatchObject({ asset_id: null, title: 'Doomed Teapot', removed: true, image: '' })
    // It still counts against the day's quota.
    expect((await quotaAsShown(t.db, user)).used).toBe(1)
  })
})

describe('sharing', () => {
  it('draws a 1200x630 PNG share card for an asset, 404 for an unknown one', async () => {
    const res = (await callRoute(ogImage, {
      request: makeRequest(`/og/assets/${orb.id}.png`),
      context: t.routerContext(),
      params: { kind: 'assets', name: `${orb.id}.png` },
    })) as Response
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect([meta.width, meta.height, meta.format]).toEqual([1200, 630, 'png'])
    const missing = (await callRoute(ogImage, {
      request: makeRequest('/og/assets/999999.png'),
      context: t.routerContext(),
      params: { kind: 'assets', name: '999999.png' },
    })) as Response
    expect(missing.status).toBe(404)
  })

  it('the canonical URL of a preview dialog is the asset page', () => {
    expect(canonicalPath('/explore', '?q=orb&assetId=12&bg=black')).toBe('/assets/12')
    expect(canonicalPath('/explore', '?q=orb&sort=newest')).toBe('/explore')
    expect(canonicalPath('/blog', '?page=2')).toBe('/blog?page=2')
  })

  it('JSON-LD cannot close its script element', () => {
    const text = jsonForScript({ name: '</script><script>alert(1)</script>' })
    expect(text).not.toContain('<')
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' })
  })
})
