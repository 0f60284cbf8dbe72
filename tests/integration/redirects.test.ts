import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import type { Asset, User } from '#db/schema'
import { createSession } from '~/domain/accounts/sessions.server'
import { DEFAULT_AFTER_LOGIN } from '~/lib/constants'
import { loginHref, safeRedirectPath } from '~/lib/redirects'
import { action as loginAction, loader as loginLoader } from '~/routes/login'
import { action as favouritesAction } from '~/routes/favorites'
import { loader as registerLoader } from '~/routes/register'
import { isCleanString } from '~/web/text.server'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { expectSameOrigin, HOSTILE_REDIRECTS, ODD_BUT_LOCAL } from '../support/redirect-cases'

// Every door that redirects to a target it was given, with every hostile target: the answer
// stays on this site. (Google's `next` cookie: tests/integration/google.test.ts.)
let t: TestContext
let user: User & { password: string }
let session: string
let asset: Asset
beforeAll(async () => {
  t = await createTestContext()
  user = await makeUser(t.db)
  session = (await createSession(t.db, user.id)).token
  asset = await makeAsset(t.db, t.storage, { title: 'Redirect Target' })
}, 60_000)
afterAll(() => t.close())

let n = 0
const ip = () => `10.77.${Math.floor(++n / 250)}.${n % 250}`
const q = (target: string) => encodeURIComponent(target)
const locationOf = (res: unknown) => (res instanceof Response ? res.headers.get('location') : null)
/** The status of an answer, whether returned or thrown, a Response or React Router's data(). */
function statusOf(res: unknown): number | undefined {
  const value = (res as { thrown?: unknown })?.thrown ?? res
  if (value instanceof Response) return value.status
  return (value as { init?: { status?: number } })?.init?.status
}

describe('safeRedirectPath', () => {
  it.each(HOSTILE_REDIRECTS)('refuses %j', (target) => {
    expect(safeRedirectPath(target, '/fallback')).toBe('/fallback')
  })
  it.each(ODD_BUT_LOCAL)('keeps %j on this site as %j', (target, expected) => {
    expect(safeRedirectPath(target, '/fallback')).toBe(expected)
  })
  it('builds the spec login link with the target readable and encoded', () => {
    expect(loginHref('/assets/12', { intent: 'download', assetId: 12 })).toBe(
      '/login?redirect=/assets/12&intent=download&assetId=12',
    )
    expect(loginHref('/explore?assetId=12', { intent: 'favourite', assetId: 12 })).toBe(
      '/login?redirect=/explore%3FassetId%3D12&intent=favourite&assetId=12',
    )
    expect(loginHref('/explore?q=a&b')).toBe('/login?redirect=/explore%3Fq%3Da%26b')
  })
})

describe('every door that redirects stays on this site', () => {
  it('POST /login?redirect= with good credentials', async () => {
    for (const target of HOSTILE_REDIRECTS) {
      const res = await callRoute(loginAction, {
        request: makeRequest(`/login?redirect=${q(target)}`, {
          form: { intent: 'login', email: user.email, password: user.password },
        }),
        context: t.routerContext(ip()),
      })
      expect(locationOf(res), JSON.stringify(target)).toBe(DEFAULT_AFTER_LOGIN)
    }
    for (const [target, expected] of ODD_BUT_LOCAL) {
      const res = await callRoute(loginAction, {
        request: makeRequest(`/login?redirect=${q(target)}`, {
          form: { intent: 'login', email: user.email, password: user.password },
        }),
        context: t.routerContext(ip()),
      })
      expect(locationOf(res)).toBe(expected)
    }
  }, 300_000)

  it('POST /login with a redirect and an asset id (the resumed download)', async () => {
    for (const target of HOSTILE_REDIRECTS.slice(0, 12)) {
      const res = await callRoute(loginAction, {
        request: makeRequest(`/login?redirect=${q(target)}&assetId=${asset.id}`, {
          form: { intent: 'login', email: user.email, password: user.password },
        }),
        context: t.routerContext(ip()),
      })
      expectSameOrigin(locationOf(res), target)
    }
  }, 300_000)

  it('GET /login?redirect= when already signed in', async () => {
    for (const target of HOSTILE_REDIRECTS) {
      const signedIn = await callRoute(loginLoader, {
        request: makeRequest(`/login?redirect=${q(target)}`, { headers: { cookie: `__session=${session}` } }),
        context: t.routerContext(),
      })
      expect(locationOf(signedIn), JSON.stringify(target)).toBe(DEFAULT_AFTER_LOGIN)
      const withAsset = await callRoute(loginLoader, {
        request: makeRequest(`/login?redirect=${q(target)}&assetId=7`, { headers: { cookie: `__session=${session}` } }),
        context: t.routerContext(),
      })
      expectSameOrigin(locationOf(withAsset), target)
    }
  })

  it('the favourites form: redirectTo signed in, and the sign-in link when signed out', async () => {
    for (const target of HOSTILE_REDIRECTS) {
      if (!isCleanString(target)) {
        // A NUL or a lone surrogate never gets as far as a redirect: the form is refused at the door.
        const refused = await callRoute(favouritesAction, {
          request: makeRequest('/favorites', {
            form: { asset_id: String(asset.id), intent: 'toggle', redirectTo: target },
            headers: { cookie: `__session=${session}` },
          }),
          context: t.routerContext(),
        })
        expect(statusOf(refused), JSON.stringify(target)).toBe(400)
        continue
      }
      const signedIn = await callRoute(favouritesAction, {
        request: makeRequest('/favorites', {
          form: { asset_id: String(asset.id), intent: 'toggle', redirectTo: target },
          headers: { cookie: `__session=${session}` },
        }),
        context: t.routerContext(),
      })
      expect(locationOf(signedIn), JSON.stringify(target)).toBe('/favorites')
      const signedOut = await callRoute(favouritesAction, {
        request: makeRequest('/favorites', { form: { asset_id: String(asset.id), redirectTo: target } }),
        context: t.routerContext(),
      })
      expect(locationOf(signedOut), JSON.stringify(target)).toBe(
        loginHref('/favorites', { intent: 'favourite', assetId: asset.id }),
      )
    }
    const back = await callRoute(favouritesAction, {
      request: makeRequest('/favorites', {
        form: { asset_id: String(asset.id), redirectTo: '/explore?q=robot' },
        headers: { cookie: `__session=${session}` },
      }),
      context: t.routerContext(),
    })
    expect(locationOf(back)).toBe('/explore?q=robot')
  })
})

describe('/register and /signup', () => {
  it('answer 301 to the sign-up form, keeping the query', async () => {
    for (const path of ['/register', '/signup']) {
      const plain = (await callRoute(registerLoader, {
        request: makeRequest(path),
        context: t.routerContext(),
      })) as Response
      expect(plain.status).toBe(301)
      expect(plain.headers.get('location')).toBe('/login?mode=register')
      const back = (await callRoute(registerLoader, {
        request: makeRequest(`${path}?redirect=/favorites&mode=login`),
        context: t.routerContext(),
      })) as Response
      expect(back.headers.get('location')).toBe('/login?redirect=%2Ffavorites&mode=register')
    }
    const form = (await callRoute(loginLoader, {
      request: makeRequest('/login?redirect=%2Ffavorites&mode=register'),
      context: t.routerContext(),
    })) as { mode: string }
    expect(form.mode).toBe('register')
  })
})
