import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import type { Asset, User } from '#db/schema'
import { createSession } from '~/domain/accounts/sessions.server'
import { loginHref, resumeTarget, signInResume } from '~/lib/redirects'
import { action as loginAction, loader as loginLoader } from '~/routes/login'
import { action as favouritesAction } from '~/routes/favorites'
import { action as webDownload } from '~/routes/asset-download'
import { loader as rootLoader } from '~/root'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { HOSTILE_REDIRECTS } from '../support/redirect-cases'

// A visitor's heart or download click sends them to sign in with the reason, and resumes once
// they are in: the favourite saved, the download offered on the page they came from.
let t: TestContext
let asset: Asset
let draft: Asset
beforeAll(async () => {
  t = await createTestContext()
  asset = await makeAsset(t.db, t.storage, { title: 'Resume Orb' })
  draft = await makeAsset(t.db, t.storage, { title: 'Unpublished Orb', isActive: false })
}, 60_000)
afterAll(() => t.close())

let n = 0
const ip = () => `10.88.${Math.floor(++n / 250)}.${n % 250}`
const locationOf = (res: unknown) => (res instanceof Response ? res.headers.get('location') : null)
const favouritesOf = async (user: User) =>
  (await t.db.selectFrom('favourites').select('asset_id').where('user_id', '=', user.id).execute()).map(
    (r) => r.asset_id,
  )

async function signInAt(loginUrl: string, user: User & { password: string }) {
  return callRoute(loginAction, {
    request: makeRequest(loginUrl, { form: { intent: 'login', email: user.email, password: user.password } }),
    context: t.routerContext(ip()),
  })
}

describe('where a sign-in resumes', () => {
  it('reads the intent, and keeps the way back on this site', () => {
    const params = (query: string) => new URLSearchParams(query)
    expect(signInResume(params('redirect=/explore%3Fq%3Drobot&intent=favourite&assetId=7'))).toEqual({
      back: '/explore?q=robot',
      intent: 'favourite',
      assetId: 7,
    })
    // An asset id alone is a download (the links made before intents).
    expect(signInResume(params('redirect=/explore&assetId=7&alert=signin_required')).intent).toBe('download')
    expect(signInResume(params('redirect=/profile&intent=favourite'))).toEqual({
      back: '/profile',
      intent: null,
      assetId: null,
    })
    // A hostile way back: the asset's own page, never another site.
    for (const target of HOSTILE_REDIRECTS) {
      const resume = signInResume(params(`redirect=${encodeURIComponent(target)}&intent=download&assetId=7`))
      expect(resume.back, JSON.stringify(target)).toBe('/assets/7')
    }
    const download = (back: string) => resumeTarget({ back, intent: 'download', assetId: 7 })
    expect(download('/assets/7')).toBe('/assets/7?download=1')
    expect(download('/explore?assetId=7')).toBe('/explore?assetId=7&download=1')
    expect(download('/explore?q=robot')).toBe('/explore?q=robot&assetId=7&download=1')
    const favourite = { back: '/explore?page=2', intent: 'favourite' as const, assetId: 7 }
    expect(resumeTarget(favourite, { favouriteSaved: true })).toBe('/explore?page=2&saved=favourite')
    expect(resumeTarget(favourite, { favouriteSaved: false })).toBe('/explore?page=2')
  })
})

describe('the doors that send a visitor to sign in', () => {
  it('a heart sends them with the favourite to save and the page they were on', async () => {
    for (const redirectTo of ['/explore?q=orb', `/assets/${asset.id}`, '/']) {
      const res = await callRoute(favouritesAction, {
        request: makeRequest('/favorites', { form: { asset_id: String(asset.id), intent: 'add', redirectTo } }),
        context: t.routerContext(),
      })
      expect(locationOf(res)).toBe(loginHref(redirectTo, { intent: 'favourite', assetId: asset.id }))
    }
  })

  it('Download sends them back to its own page: the asset page, or the dialog over a grid', async () => {
    const post = (returnTo?: string) =>
      callRoute(webDownload, {
        request: makeRequest(`/assets/${asset.id}/download`, {
          method: 'POST',
          ...(returnTo ? { form: { return_to: returnTo } } : {}),
        }),
        params: { id: String(asset.id) },
        context: t.routerContext(),
      })
    expect(locationOf(await post(`/assets/${asset.id}`))).toBe(
      `/login?redirect=/assets/${asset.id}&intent=download&assetId=${asset.id}`,
    )
    expect(locationOf(await post(`/explore?assetId=${asset.id}`))).toBe(
      `/login?redirect=/explore%3FassetId%3D${asset.id}&intent=download&assetId=${asset.id}`,
    )
    // No page named, or another site's: the asset's own page.
    for (const hostile of [undefined, '//evil.example/x', 'https://evil.example/']) {
      expect(locationOf(await post(hostile))).toBe(
        `/login?redirect=/assets/${asset.id}&intent=download&assetId=${asset.id}`,
      )
    }
  })
})

describe('the sign-in page', () => {
  it('says why the visitor was asked, and carries the intent into the other mode and its forms', async () => {
    const page = (await callRoute(loginLoader, {
      request: makeRequest(loginHref('/explore', { intent: 'favourite', assetId: asset.id })),
      context: t.routerContext(),
    })) as { alert: string | null; params: string }
    expect(page.alert).toMatch(/^Sign in to save favourites\./)
    expect(new URLSearchParams(page.params).get('intent')).toBe('favourite')
    expect(new URLSearchParams(page.params).get('assetId')).toBe(String(asset.id))
    const download = (await callRoute(loginLoader, {
      request: makeRequest(loginHref(`/assets/${asset.id}`, { intent: 'download', assetId: asset.id })),
      context: t.routerContext(),
    })) as { alert: string | null }
    expect(download.alert).toMatch(/^You need to sign in to download the asset\./)
    const plain = (await callRoute(loginLoader, {
      request: makeRequest('/login?redirect=/favorites'),
      context: t.routerContext(),
    })) as { alert: string | null }
    expect(plain.alert).toBeNull()
  })

  it('signing in saves the favourite and goes back saying so', async () => {
    const user = await makeUser(t.db)
    const res = await signInAt(loginHref('/explore?q=orb', { intent: 'favourite', assetId: asset.id }), user)
    expect(locationOf(res)).toBe('/explore?q=orb&saved=favourite')
    expect(await favouritesOf(user)).toEqual([asset.id])
    // Twice changes nothing.
    await signInAt(loginHref('/explore?q=orb', { intent: 'favourite', assetId: asset.id }), user)
    expect(await favouritesOf(user)).toEqual([asset.id])
  })

  it('an asset no longer published is not saved, and nothing claims it was', async () => {
    const user = await makeUser(t.db)
    const res = await signInAt(loginHref(`/assets/${draft.id}`, { intent: 'favourite', assetId: draft.id }), user)
    expect(locationOf(res)).toBe(`/assets/${draft.id}`)
    expect(await favouritesOf(user)).toEqual([])
  })

  it('signing in after Download lands on the page it was clicked on, with the download offered and nothing spent', async () => {
    const user = await makeUser(t.db)
    const res = await signInAt(loginHref(`/assets/${asset.id}`, { intent: 'download', assetId: asset.id }), user)
    expect(locationOf(res)).toBe(`/assets/${asset.id}?download=1`)
    const spent = await t.db.selectFrom('downloads').select('id').where('user_id', '=', user.id).execute()
    expect(spent).toEqual([])
  })

  it('registration keeps the intent for the sign-in that follows', async () => {
    const email = `resume-${Date.now()}@example.com`
    const res = await callRoute(loginAction, {
      request: makeRequest(`${loginHref('/explore', { intent: 'favourite', assetId: asset.id })}&mode=register`, {
        form: {
          intent: 'register',
          fullName: 'Rita Register',
          email,
          password: 'register-me-1',
          confirmPassword: 'register-me-1',
        },
      }),
      context: t.routerContext(ip()),
    })
    const next = new URL(locationOf(res)!, 'http://localhost')
    expect(next.pathname).toBe('/login')
    expect(Object.fromEntries(next.searchParams)).toEqual({
      redirect: '/explore',
      intent: 'favourite',
      assetId: String(asset.id),
      registered: '1',
    })
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
    const signedIn = await signInAt(`${next.pathname}${next.search}`, { ...user, password: 'register-me-1' })
    expect(locationOf(signedIn)).toBe('/explore?saved=favourite')
    expect(await favouritesOf(user)).toEqual([asset.id])
  })

  it('a GET saves nothing: not with a token in the address, nor when visited while signed in', async () => {
    // Sign-in links are gone (a mail scanner opening one would spend it): a token signs nobody in.
    const linked = await callRoute(loginLoader, {
      request: makeRequest(`${loginHref('/explore', { intent: 'favourite', assetId: asset.id })}&token=abc`),
      context: t.routerContext(),
    })
    expect(linked).not.toBeInstanceOf(Response)
    expect(linked).toMatchObject({ mode: 'login' })

    const other = await makeUser(t.db)
    const { token: session } = await createSession(t.db, other.id)
    const visited = await callRoute(loginLoader, {
      request: makeRequest(loginHref('/explore', { intent: 'favourite', assetId: asset.id }), {
        headers: { cookie: `__session=${session}` },
      }),
      context: t.routerContext(),
    })
    // A GET is no confirmation: a link from another site cannot add a favourite.
    expect(locationOf(visited)).toBe('/explore')
    expect(await favouritesOf(other)).toEqual([])
  })
})

describe('the banner after a resumed favourite', () => {
  it('shows for the signed-in person only', async () => {
    const user = await makeUser(t.db)
    const { token } = await createSession(t.db, user.id)
    const root = async (headers: Record<string, string> = {}) =>
      (await callRoute(rootLoader, {
        request: makeRequest('/explore?saved=favourite', { headers }),
        context: t.routerContext(),
      })) as { favouriteSaved: boolean }
    expect((await root({ cookie: `__session=${token}` })).favouriteSaved).toBe(true)
    expect((await root()).favouriteSaved).toBe(false)
  })
})
