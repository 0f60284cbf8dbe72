import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import { getUser } from '~/web/session.server'
import { loader as start } from '~/routes/auth-google'
import { loader as callback } from '~/routes/api/auth-google-callback'
import { startFakeGoogle } from '../fakes/google.mjs'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { expectSameOrigin, HOSTILE_REDIRECTS } from '../support/redirect-cases'
import { GOOGLE_NEXT_COOKIE } from '~/web/google.server'

// The whole OAuth flow against the local fake provider: start → consent → callback → session.
describe('Google sign-in', () => {
  let google: Awaited<ReturnType<typeof startFakeGoogle>>
  let t: TestContext
  beforeAll(async () => {
    google = await startFakeGoogle()
    t = await createTestContext({ ...google.env, APP_URL: 'http://localhost' })
  })
  afterAll(async () => {
    await google.close()
    await t.close()
  })

  const cookies = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => !c.endsWith('='))
      .join('; ')

  async function signIn(
    identity: { email: string; name?: string; verified?: boolean; deny?: boolean },
    startUrl = '/auth/google',
    nextCookie?: string,
  ) {
    const started = (await callRoute(start, { request: makeRequest(startUrl), context: t.routerContext() })) as Response
    expect(started.status).toBe(302)
    const authorize = new URL(started.headers.get('location')!)
    expect(authorize.origin).toBe(google.base)
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost/api/auth/google/callback')
    // The "user" answers the consent page.
    const form = new URLSearchParams({
      redirect_uri: authorize.searchParams.get('redirect_uri')!,
      state: authorize.searchParams.get('state')!,
      client_id: authorize.searchParams.get('client_id')!,
      email: identity.email,
      name: identity.name ?? 'G User',
      ...(identity.verified === false ? {} : { email_verified: 'true' }),
      ...(identity.deny ? { deny: '1' } : {}),
    })
    const consent = await fetch(`${google.base}/authorize`, { method: 'POST', body: form, redirect: 'manual' })
    const back = consent.headers.get('location')!
    // An attacker who can plant cookies may set the next cookie to anything.
    const cookie =
      nextCookie === undefined
        ? cookies(started)
        : `${cookies(started).replace(/google_next=[^;]*(; )?/, '')}; ${GOOGLE_NEXT_COOKIE}=${encodeURIComponent(nextCookie)}`
    return (await callRoute(callback, {
      request: makeRequest(back, { headers: { cookie } }),
      context: t.routerContext(),
    })) as Response
  }

  const sessionOf = (res: Response) => /__session=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1]

  it('creates an account on first sign-in and signs in with a session cookie', async () => {
    const address = `g-${Date.now()}@example.com`
    const res = await signIn({ email: address, name: 'Gina Google' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/dashboard')
    const token = sessionOf(res)!
    const user = await getUser(makeRequest('/', { headers: { cookie: `__session=${token}` } }), t.routerContext())
    expect(user).toMatchObject({ email: address, full_name: 'Gina Google', password_hash: null, email_verified: true })
  })

  it('links an existing account with the same verified email, and goes back to where the user was', async () => {
    const existing = await makeUser(t.db)
    const res = await signIn({ email: existing.email }, '/auth/google?redirect=%2Fexplore&assetId=5')
    expect(res.headers.get('location')).toBe('/explore?assetId=5&download=1')
    const user = await getUser(
      makeRequest('/', { headers: { cookie: `__session=${sessionOf(res)}` } }),
      t.routerContext(),
    )
    expect(user?.id).toBe(existing.id)
    expect(user?.google_id).toBe(`google-${existing.email}`)
  })

  it("resumes a visitor's click: the favourite saved on the way back, a download offered on its page", async () => {
    const asset = await makeAsset(t.db, t.storage, { title: 'Google Orb' })
    const user = await makeUser(t.db)
    const hearted = await signIn(
      { email: user.email },
      `/auth/google?redirect=${encodeURIComponent(`/explore?assetId=${asset.id}`)}&intent=favourite&assetId=${asset.id}`,
    )
    expect(hearted.headers.get('location')).toBe(`/explore?assetId=${asset.id}&saved=favourite`)
    const saved = await t.db.selectFrom('favourites').select('asset_id').where('user_id', '=', user.id).execute()
    expect(saved.map((r) => r.asset_id)).toEqual([asset.id])
    // The favourite's cookie goes with the others.
    expect(hearted.headers.getSetCookie().some((c) => c.startsWith('google_favourite=;'))).toBe(true)
    const downloading = await signIn(
      { email: user.email },
      `/auth/google?redirect=%2Fassets%2F${asset.id}&intent=download&assetId=${asset.id}`,
    )
    expect(downloading.headers.get('location')).toBe(`/assets/${asset.id}?download=1`)
    // A start without a favourite saves none.
    const other = await makeUser(t.db)
    const plain = await signIn({ email: other.email }, '/auth/google?redirect=%2Fexplore')
    expect(plain.headers.get('location')).toBe('/explore')
    expect(await t.db.selectFrom('favourites').select('asset_id').where('user_id', '=', other.id).execute()).toEqual([])
  })

  it('the next cookie, set by the start from ?redirect= or planted, never leads off this site', async () => {
    const existing = await makeUser(t.db)
    for (const target of HOSTILE_REDIRECTS) {
      const started = (await callRoute(start, {
        request: makeRequest(`/auth/google?redirect=${encodeURIComponent(target)}&assetId=3`),
        context: t.routerContext(),
      })) as Response
      const next = /google_next=([^;]*)/.exec(started.headers.getSetCookie().join('\n'))?.[1]
      expectSameOrigin(decodeURIComponent(next ?? ''), target)
      const res = await signIn({ email: existing.email }, '/auth/google', target)
      expect(res.headers.get('location'), JSON.stringify(target)).toBe('/dashboard')
    }
  }, 120_000)

  it('does not link by an unverified email', async () => {
    const existing = await makeUser(t.db)
    const res = await signIn({ email: existing.email, verified: false })
    expect(res.headers.get('location')).toBe('/login?error=google_unverified')
    expect(sessionOf(res)).toBeUndefined()
  })

  it('a cancelled consent or a forged state returns to login with a message, without a session', async () => {
    const denied = await signIn({ email: 'x@example.com', deny: true })
    expect(denied.headers.get('location')).toBe('/login?error=google')
    expect(sessionOf(denied)).toBeUndefined()
    const forged = (await callRoute(callback, {
      request: makeRequest('/api/auth/google/callback?code=abc&state=forged'),
      context: t.routerContext(),
    })) as Response
    expect(forged.headers.get('location')).toBe('/login?error=google')
  })

  it('without configuration the start route explains it is unavailable', async () => {
    const plain = await createTestContext()
    const res = (await callRoute(start, {
      request: makeRequest('/auth/google'),
      context: plain.routerContext(),
    })) as Response
    expect(res.headers.get('location')).toBe('/login?error=google_unavailable')
    await plain.close()
  })
})
