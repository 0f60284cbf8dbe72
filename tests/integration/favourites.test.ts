import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import type { Asset } from '#db/schema'
import { createSession } from '~/domain/accounts/sessions.server'
import { action as favouritesAction, loader as favouritesPage } from '~/routes/favorites'
import { action as apiAdd, loader as apiList } from '~/routes/api/users-favorites'
import { action as apiRemove } from '~/routes/api/users-favorites-id'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

let t: TestContext
let a: Asset
let b: Asset
beforeAll(async () => {
  t = await createTestContext()
  a = await makeAsset(t.db, t.storage, { title: 'Fav A' })
  b = await makeAsset(t.db, t.storage, { title: 'Fav B' })
})
afterAll(() => t.close())

async function signedIn() {
  const user = await makeUser(t.db)
  const { token } = await createSession(t.db, user.id)
  return { user, cookie: { cookie: `__session=${token}` }, bearer: { authorization: `Bearer ${token}` } }
}

describe('favourites through the web form', () => {
  it('adds and removes, returning to the page it came from; a fetcher gets the new state', async () => {
    const { user, cookie } = await signedIn()
    const add = (await callRoute(favouritesAction, {
      request: makeRequest('/favorites', {
        form: { asset_id: String(a.id), intent: 'add', redirectTo: '/explore?q=fav' },
        headers: cookie,
      }),
      context: t.routerContext(),
    })) as Response
    expect(add.headers.get('location')).toBe('/explore?q=fav')
    const twice = await callRoute(favouritesAction, {
      request: makeRequest('/favorites.data', { form: { asset_id: String(a.id), intent: 'add' }, headers: cookie }),
      context: t.routerContext(),
    })
    expect(twice).toEqual({ ok: true, isFavourite: true })
    expect(await t.db.selectFrom('favourites').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(1)
    const toggled = await callRoute(favouritesAction, {
      request: makeRequest('/favorites.data', { form: { asset_id: String(a.id), intent: 'toggle' }, headers: cookie }),
      context: t.routerContext(),
    })
    expect(toggled).toEqual({ ok: true, isFavourite: false })
  })

  it('sends signed-out visitors to log in and back; refuses an open redirect; 404 for a missing asset', async () => {
    const out = (await callRoute(favouritesAction, {
      request: makeRequest('/favorites', {
        form: { asset_id: String(a.id), intent: 'add', redirectTo: '/explore?q=x' },
      }),
      context: t.routerContext(),
    })) as Response
    expect(out.headers.get('location')).toBe(`/login?redirect=/explore%3Fq%3Dx&intent=favourite&assetId=${a.id}`)
    const { cookie } = await signedIn()
    const evil = (await callRoute(favouritesAction, {
      request: makeRequest('/favorites', {
        form: { asset_id: String(a.id), intent: 'add', redirectTo: '//evil.example' },
        headers: cookie,
      }),
      context: t.routerContext(),
    })) as Response
    expect(evil.headers.get('location')).toBe('/favorites')
    const missing = await callRoute(favouritesAction, {
      request: makeRequest('/favorites', { form: { asset_id: '99999999', intent: 'add' }, headers: cookie }),
      context: t.routerContext(),
    })
    expect((missing as { init: { status: number } }).init.status).toBe(404)
  })

  it('the page lists only the user’s own favourites, with paging', async () => {
    const one = await signedIn()
    const two = await signedIn()
    await callRoute(favouritesAction, {
      request: makeRequest('/favorites.data', { form: { asset_id: String(a.id), intent: 'add' }, headers: one.cookie }),
      context: t.routerContext(),
    })
    await callRoute(favouritesAction, {
      request: makeRequest('/favorites.data', { form: { asset_id: String(b.id), intent: 'add' }, headers: two.cookie }),
      context: t.routerContext(),
    })
    const page = (await callRoute(favouritesPage, {
      request: makeRequest('/favorites', { headers: one.cookie }),
      context: t.routerContext(),
    })) as { assets: { title: string }[]; total: number }
    expect(page.assets.map((x) => x.title)).toEqual(['Fav A'])
    expect(page.total).toBe(1)
    const signedOut = (await callRoute(favouritesPage, {
      request: makeRequest('/favorites'),
      context: t.routerContext(),
    })) as Response
    expect(signedOut.headers.get('location')).toBe('/login?redirect=/favorites')
  })
})

describe('favourites API', () => {
  it('GET, POST and DELETE act on the caller’s own favourites only', async () => {
    const one = await signedIn()
    const two = await signedIn()
    const add = (await callRoute(apiAdd, {
      request: makeRequest('/api/users/favorites', { json: { asset_id: a.id }, headers: one.bearer }),
      context: t.routerContext(),
    })) as Response
    expect(add.status).toBe(201)
    const again = (await callRoute(apiAdd, {
      request: makeRequest('/api/users/favorites', { json: { asset_id: a.id }, headers: one.bearer }),
      context: t.routerContext(),
    })) as Response
    expect(again.status).toBe(201)
    const list = await (
      (await callRoute(apiList, {
        request: makeRequest('/api/users/favorites', { headers: one.bearer }),
        context: t.routerContext(),
      })) as Response
    ).json()
    expect(list.favorites.map((f: { id: number }) => f.id)).toEqual([a.id])
    const otherList = await (
      (await callRoute(apiList, {
        request: makeRequest('/api/users/favorites', { headers: two.bearer }),
        context: t.routerContext(),
      })) as Response
    ).json()
    expect(otherList.favorites).toEqual([])
    // Another user cannot remove it.
    const theirs = (await callRoute(apiRemove, {
      request: makeRequest(`/api/users/favorites/${a.id}`, { method: 'DELETE', headers: two.bearer }),
      params: { id: String(a.id) },
      context: t.routerContext(),
    })) as Response
    expect(theirs.status).toBe(404)
    const mine = (await callRoute(apiRemove, {
      request: makeRequest(`/api/users/favorites/${a.id}`, { method: 'DELETE', headers: one.bearer }),
      params: { id: String(a.id) },
      context: t.routerContext(),
    })) as Response
    expect(mine.status).toBe(200)
  })

  it('401 without a token, 400 for bad input, 404 for a missing asset', async () => {
    expect(
      (
        (await callRoute(apiList, {
          request: makeRequest('/api/users/favorites'),
          context: t.routerContext(),
        })) as Response
      ).status,
    ).toBe(401)
    const { bearer } = await signedIn()
    const bad = (await callRoute(apiAdd, {
      request: makeRequest('/api/users/favorites', { json: { asset_id: 'abc' }, headers: bearer }),
      context: t.routerContext(),
    })) as Response
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toBeTruthy()
    const missing = (await callRoute(apiAdd, {
      request: makeRequest('/api/users/favorites', { json: { asset_id: 99999999 }, headers: bearer }),
      context: t.routerContext(),
    })) as Response
    expect(missing.status).toBe(404)
  })
})
