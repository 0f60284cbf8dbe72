import { MISSING_EMAIL_TOKEN } from '~/lib/account-schemas'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Asset } from '#db/schema'
import { makeAsset, makeUser } from '../support/factories'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { startFakeStripe } from '../fakes/stripe.mjs'
import { createSession, readSession } from '~/domain/accounts/sessions.server'
import { hashToken } from '~/platform/tokens.server'
import { verifyPassword } from '~/platform/passwords.server'
import { BAD_EMAIL_TOKEN, EMAIL_IN_USE, WRONG_PASSWORD } from '~/domain/accounts/self-service.server'
import { action as accountAction, loader as accountLoader } from '~/routes/profile-account'
import { action as confirmAction, headers as confirmHeaders, loader as confirmPage } from '~/routes/confirm-email'
import { loader as myDataPage } from '~/routes/profile-my-data'
import { action as apiMe } from '~/routes/api/auth-me'
import { action as apiEmail } from '~/routes/api/auth-email'
import { action as apiEmailConfirm } from '~/routes/api/auth-email-confirm'
import { action as apiPassword } from '~/routes/api/auth-password'
import { action as apiSessions } from '~/routes/api/auth-sessions'
import { loader as apiExport } from '~/routes/api/auth-export'
import { action as apiDownload } from '~/routes/api/assets-download'
import { loader as licenceApi } from '~/routes/api/licenses-id'
import { loader as loginLoader } from '~/routes/login'

let t: TestContext
let stripe: Awaited<ReturnType<typeof startFakeStripe>>
let asset: Asset

beforeAll(async () => {
  stripe = await startFakeStripe()
  t = await createTestContext(stripe.env)
  asset = await makeAsset(t.db, t.storage, { title: 'Self-service Teapot' })
}, 60_000)
afterAll(async () => {
  await t.close()
  await stripe.close()
})

// Each test its own address, so one test's rate limits never touch another's.
const ip = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
const email = () => `self-${randomUUID().slice(0, 8)}@example.com`
type Reply = { intent: string; result: { error?: Record<string, string[] | null> } }
const replyOf = (res: unknown) => (res as { data: Reply }).data
const statusOf = (res: unknown) => (res as { init: { status: number } | null }).init?.status ?? 200

async function signedIn(input: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(t.db, input)
  const { token } = await createSession(t.db, user.id)
  return { user, token, bearer: { authorization: `Bearer ${token}` }, cookie: { cookie: `__session=${token}` } }
}

/** Posts one of the account settings page's forms with the session cookie. */
function postAccount(token: string, form: Record<string, string>, from = ip()) {
  return callRoute(accountAction, {
    request: makeRequest('/profile/account', { form, headers: { cookie: `__session=${token}` } }),
    context: t.routerContext(from),
  })
}

/** Calls an API route with the bearer token. */
async function api(
  fn: (args: never) => unknown,
  path: string,
  init: { method: string; token?: string; json?: unknown; params?: Record<string, string> },
  from = ip(),
) {
  const headers: Record<string, string> = init.token ? { authorization: `Bearer ${init.token}` } : {}
  const res = (await callRoute(fn as never, {
    request: makeRequest(path, { method: init.method, headers, json: init.json }),
    params: init.params ?? {},
    context: t.routerContext(from),
  })) as Response
  return { status: res.status, body: (await res.json()) as Record<string, any>, res }
}

const userRow = (id: string) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
const lastMailTo = async (to: string) =>
  t.db.selectFrom('outbound_emails').selectAll().where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirst()
const tokenIn = (text: string) => /confirm-email\?token=([\w%-]+)/.exec(text)?.[1]

describe('the account settings page', () => {
  it('asks a visitor to sign in first, on the page and on a post to its forms', async () => {
    for (const call of [
      () => callRoute(accountLoader, { request: makeRequest('/profile/account'), context: t.routerContext() }),
      () =>
        callRoute(accountAction, {
          request: makeRequest('/profile/account', { form: { intent: 'sessions' } }),
          context: t.routerContext(ip()),
        }),
    ]) {
      const res = (await call()) as Response
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/login?redirect=/profile/account')
    }
  })

  it('shows each signed-in person their own name, email and kind of sign-in', async () => {
    const owner = await signedIn({ fullName: 'Page Owner' })
    const google = await signedIn({ fullName: 'Google Person' })
    // An account made by Google sign-in has no password: its forms confirm with the email.
    await t.db.updateTable('users').set({ password_hash: null }).where('id', '=', google.user.id).execute()
    const pageOf = async (token: string) =>
      (await callRoute(accountLoader, {
        request: makeRequest('/profile/account', { headers: { cookie: `__session=${token}` } }),
        context: t.routerContext(),
      })) as { fullName: string; email: string; hasPassword: boolean; done: string | null }
    expect(await pageOf(owner.token)).toEqual({
      fullName: 'Page Owner',
      email: owner.user.email,
      hasPassword: true,
      done: null,
    })
    expect(await pageOf(google.token)).toEqual({
      fullName: 'Google Person',
      email: google.user.email,
      hasPassword: false,
      done: null,
    })
  })
})

describe('change name', () => {
  it('saves through the form and redirects with the notice', async () => {
    const { user, token } = await signedIn()
    const res = (await postAccount(token, { intent: 'name', fullName: '  Grace Hopper ' })) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/profile/account?done=name')
    expect((await userRow(user.id))?.full_name).toBe('Grace Hopper')
    const page = (await callRoute(accountLoader, {
      request: makeRequest('/profile/account?done=name', { headers: { cookie: `__session=${token}` } }),
      context: t.routerContext(),
    })) as { done: string | null; fullName: string }
    expect(page.done).toBe('Your name has been saved.')
    expect(page.fullName).toBe('Grace Hopper')
  })

  it('refuses an empty name on the form, and through the API', async () => {
    const { token } = await signedIn()
    const res = await postAccount(token, { intent: 'name', fullName: ' ' })
    expect(statusOf(res)).toBe(400)
    expect(replyOf(res).result.error?.fullName).toEqual(['Full name is required.'])
    const bad = await api(apiMe, '/api/auth/me', { method: 'PATCH', token, json: { full_name: '' } })
    expect(bad.status).toBe(400)
  })

  it('saves through PATCH /api/auth/me, and needs a token', async () => {
    const { user, token } = await signedIn()
    const ok = await api(apiMe, '/api/auth/me', { method: 'PATCH', token, json: { full_name: 'Ada API' } })
    expect(ok.status).toBe(200)
    expect(ok.body.user).toMatchObject({ id: user.id, full_name: 'Ada API' })
    const anonymous = await api(apiMe, '/api/auth/me', { method: 'PATCH', json: { full_name: 'X' } })
    expect(anonymous.status).toBe(401)
  })
})

describe('change email', () => {
  it('mails a link to the new address; the email changes only when it is followed, once', async () => {
    const { user, token } = await signedIn()
    const next = email()
    const res = (await postAccount(token, {
      intent: 'email',
      email: next.toUpperCase(),
      currentPassword: user.password,
    })) as Response
    expect(res.headers.get('location')).toBe('/profile/account?done=email')
    expect((await userRow(user.id))?.email).toBe(user.email)
    const mail = await lastMailTo(next)
    const link = tokenIn(mail?.text_body ?? '')
    expect(link).toBeTruthy()
    // Only the hash is stored.
    const row = await t.db.selectFrom('email_changes').selectAll().where('user_id', '=', user.id).executeTakeFirst()
    expect(row?.token_hash).toBe(hashToken(decodeURIComponent(link as string)))
    // Opening the link spends nothing (a mail scanner may fetch it first): the page asks for a press.
    const opened = (await callRoute(confirmPage, {
      request: makeRequest(`/confirm-email?token=${link}`),
      context: t.routerContext(ip()),
    })) as { token: string | null }
    expect(opened.token).toBe(decodeURIComponent(link as string))
    expect((await userRow(user.id))?.email).toBe(user.email)
    const confirm = (token: string, from = ip()) =>
      callRoute(confirmAction, {
        request: makeRequest('/confirm-email', { form: { token } }),
        context: t.routerContext(from),
      }) as Promise<unknown>
    expect(await confirm(opened.token!)).toEqual({ ok: true, message: 'Your email address has been changed.' })
    expect((await userRow(user.id))?.email).toBe(next)
    // The old address is told.
    expect((await lastMailTo(user.email))?.subject).toMatch(/email has changed/)
    // A used link says so with a 400, as the API does; a link without a token too.
    for (const token of [opened.token!, 'bogus', '']) {
      const again = (await confirm(token)) as { data: { ok: boolean; message: string }; init: ResponseInit }
      expect(again.init.status).toBe(400)
      expect(again.data).toEqual({ ok: false, message: token ? BAD_EMAIL_TOKEN : MISSING_EMAIL_TOKEN })
    }
    const noToken = (await callRoute(confirmPage, {
      request: makeRequest('/confirm-email'),
      context: t.routerContext(ip()),
    })) as unknown as { data: { token: null; message: string }; init: ResponseInit }
    expect(noToken.init.status).toBe(400)
    expect(noToken.data).toEqual({ token: null, message: MISSING_EMAIL_TOKEN })
    // Too many tries from one address: 429, and the wait reaches the response's headers.
    const from = ip()
    let last: { data: { ok: boolean; message: string }; init: { status: number; headers: Record<string, string> } }
    for (let i = 0; i < 11; i++) last = (await confirm('bogus', from)) as typeof last
    expect(last!.init.status).toBe(429)
    const retryAfter = Number(last!.init.headers['Retry-After'])
    expect(retryAfter).toBeGreaterThan(0)
    const headers = confirmHeaders({
      actionHeaders: new Headers(last!.init.headers),
      parentHeaders: new Headers(),
    } as never) as Headers
    expect(headers.get('Retry-After')).toBe(String(retryAfter))
  })

  it('through the API: 202, then the token confirms; a used or expired token is refused', async () => {
    const { user, token } = await signedIn()
    const next = email()
    const asked = await api(apiEmail, '/api/auth/email', {
      method: 'POST',
      token,
      json: { email: next, current_password: user.password },
    })
    expect(asked.status).toBe(202)
    const link = decodeURIComponent(tokenIn((await lastMailTo(next))?.text_body ?? '') as string)
    const confirm = (body: unknown) => api(apiEmailConfirm, '/api/auth/email/confirm', { method: 'POST', json: body })
    const done = await confirm({ token: link })
    expect(done.status).toBe(200)
    expect(done.body.user.email).toBe(next)
    const used = await confirm({ token: link })
    expect(used.status).toBe(400)
    expect(used.body).toEqual({ error: BAD_EMAIL_TOKEN, reason: 'bad-email-token' })

    // An expired link does nothing.
    const later = email()
    await api(apiEmail, '/api/auth/email', {
      method: 'POST',
      token,
      json: { email: later, current_password: user.password },
    })
    const expired = decodeURIComponent(tokenIn((await lastMailTo(later))?.text_body ?? '') as string)
    await t.db
      .updateTable('email_changes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(expired))
      .execute()
    expect((await confirm({ token: expired })).status).toBe(400)
    expect((await userRow(user.id))?.email).toBe(next)
  })

  it('refuses an address another account uses (409) and a wrong password (403), on both doors', async () => {
    const { user, token } = await signedIn()
    const other = await makeUser(t.db)
    const taken = await postAccount(token, { intent: 'email', email: other.email, currentPassword: user.password })
    expect(statusOf(taken)).toBe(409)
    expect(replyOf(taken).result.error?.['']).toEqual([EMAIL_IN_USE])
    const wrong = await postAccount(token, { intent: 'email', email: email(), currentPassword: 'not-it' })
    expect(statusOf(wrong)).toBe(403)
    expect(replyOf(wrong).result.error?.['']).toEqual([WRONG_PASSWORD])
    const apiTaken = await api(apiEmail, '/api/auth/email', {
      method: 'POST',
      token,
      json: { email: other.email, current_password: user.password },
    })
    expect(apiTaken.status).toBe(409)
    expect(apiTaken.body).toEqual({ error: EMAIL_IN_USE, reason: 'email-taken' })
    const apiWrong = await api(apiEmail, '/api/auth/email', {
      method: 'POST',
      token,
      json: { email: email(), current_password: 'not-it' },
    })
    expect(apiWrong.status).toBe(403)
  })

  it('refuses at the link when someone took the address meanwhile', async () => {
    const { user, token } = await signedIn()
    const next = email()
    await api(apiEmail, '/api/auth/email', {
      method: 'POST',
      token,
      json: { email: next, current_password: user.password },
    })
    const link = decodeURIComponent(tokenIn((await lastMailTo(next))?.text_body ?? '') as string)
    await makeUser(t.db, { email: next })
    const res = await api(apiEmailConfirm, '/api/auth/email/confirm', { method: 'POST', json: { token: link } })
    expect(res.status).toBe(409)
    expect((await userRow(user.id))?.email).toBe(user.email)
  })
})

describe('change password', () => {
  it('through the form: the current one required, other sessions out, this one kept', async () => {
    const { user, token } = await signedIn()
    const { token: elsewhere } = await createSession(t.db, user.id)
    const stranger = await signedIn()
    const wrong = await postAccount(token, {
      intent: 'password',
      currentPassword: 'not-it',
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    })
    expect(statusOf(wrong)).toBe(403)
    expect(replyOf(wrong).result.error?.['']).toEqual([WRONG_PASSWORD])
    expect(await readSession(t.db, elsewhere)).not.toBeNull()
    const res = (await postAccount(token, {
      intent: 'password',
      currentPassword: user.password,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    })) as Response
    expect(res.headers.get('location')).toBe('/profile/account?done=password')
    expect(await verifyPassword((await userRow(user.id))?.password_hash ?? null, 'brand-new-pass')).toBe(true)
    expect(await readSession(t.db, token)).not.toBeNull()
    expect(await readSession(t.db, elsewhere)).toBeNull()
    // Another user's session is untouched.
    expect(await readSession(t.db, stranger.token)).not.toBeNull()
  })

  it('through the API: the same rule, and a short new password is refused', async () => {
    const { user, token } = await signedIn()
    const { token: elsewhere } = await createSession(t.db, user.id)
    const short = await api(apiPassword, '/api/auth/password', {
      method: 'POST',
      token,
      json: { current_password: user.password, new_password: 'short' },
    })
    expect(short.status).toBe(400)
    const wrong = await api(apiPassword, '/api/auth/password', {
      method: 'POST',
      token,
      json: { current_password: 'not-it', new_password: 'long-enough-1' },
    })
    expect(wrong.status).toBe(403)
    expect(wrong.body.reason).toBe('wrong-password')
    const ok = await api(apiPassword, '/api/auth/password', {
      method: 'POST',
      token,
      json: { current_password: user.password, new_password: 'long-enough-1' },
    })
    expect(ok.status).toBe(200)
    expect(await readSession(t.db, token)).not.toBeNull()
    expect(await readSession(t.db, elsewhere)).toBeNull()
  })

  it('is rate-limited per account', async () => {
    const { token } = await signedIn()
    let last = 0
    for (let i = 0; i < 11; i++) {
      const res = await postAccount(token, {
        intent: 'password',
        currentPassword: 'not-it',
        newPassword: 'brand-new-pass',
        confirmPassword: 'brand-new-pass',
      })
      last = statusOf(res)
    }
    expect(last).toBe(429)
  })
})

describe('sign out other sessions', () => {
  it('ends every other session of the account, on both doors; this one and other accounts stay', async () => {
    const { user, token } = await signedIn()
    const stranger = await signedIn()
    const { token: a } = await createSession(t.db, user.id)
    const res = (await postAccount(token, { intent: 'sessions' })) as Response
    expect(res.headers.get('location')).toBe('/profile/account?done=sessions')
    expect(await readSession(t.db, a)).toBeNull()
    expect(await readSession(t.db, token)).not.toBeNull()
    const { token: b } = await createSession(t.db, user.id)
    const viaApi = await api(apiSessions, '/api/auth/sessions', { method: 'DELETE', token })
    expect(viaApi.body).toEqual({ signed_out: 1 })
    expect(await readSession(t.db, b)).toBeNull()
    expect(await readSession(t.db, token)).not.toBeNull()
    expect(await readSession(t.db, stranger.token)).not.toBeNull()
    expect((await api(apiSessions, '/api/auth/sessions', { method: 'DELETE' })).status).toBe(401)
  })
})

describe('my data', () => {
  it('is an attachment with the profile, favourites, collections, downloads, licences and payments, on both doors', async () => {
    const { user, token } = await signedIn({ fullName: 'Data Person' })
    const stranger = await signedIn()
    await t.db.insertInto('favourites').values({ user_id: user.id, asset_id: asset.id }).execute()
    const board = async (owner: string, name: string) => {
      const row = await t.db
        .insertInto('collections')
        .values({ user_id: owner, name, is_public: false })
        .returning('id')
        .executeTakeFirstOrThrow()
      await t.db
        .insertInto('collection_assets')
        .values({ collection_id: row.id, asset_id: asset.id, position: 1 })
        .execute()
      return row.id
    }
    const mine = await board(user.id, 'Private moodboard')
    await board(stranger.user.id, 'Not theirs')
    const grant = await api(apiDownload, `/api/assets/download/${asset.id}`, {
      method: 'POST',
      token,
      params: { id: String(asset.id) },
    })
    expect(grant.status).toBe(200)
    await t.db
      .insertInto('payments')
      .values({ user_id: user.id, description: 'Pro plan (monthly)', amount_cents: 900, currency: 'usd' })
      .execute()
    const res = (await callRoute(myDataPage, {
      request: makeRequest('/profile/my-data', { headers: { cookie: `__session=${token}` } }),
      context: t.routerContext(),
    })) as Response
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="ai-stock-library-my-data-/)
    const body = await res.json()
    expect(body.profile).toMatchObject({ id: user.id, email: user.email, full_name: 'Data Person' })
    expect(body.favourites).toEqual([expect.objectContaining({ asset_id: asset.id, title: asset.title })])
    expect(body.downloads).toEqual([expect.objectContaining({ asset_id: asset.id, license_id: grant.body.licenseId })])
    expect(body.licenses).toEqual([expect.objectContaining({ license_id: grant.body.licenseId })])
    expect(body.billing).toEqual([expect.objectContaining({ description: 'Pro plan (monthly)', amount: 9 })])
    // A private collection is theirs too; another person's is not in it.
    expect(body.collections).toEqual([
      expect.objectContaining({
        id: mine,
        name: 'Private moodboard',
        public: false,
        assets: [expect.objectContaining({ asset_id: asset.id, title: asset.title })],
      }),
    ])
    const viaApi = await api(apiExport, '/api/auth/export', { method: 'GET', token })
    expect(viaApi.res.headers.get('content-disposition')).toMatch(/^attachment/)
    expect(viaApi.body.licenses).toEqual(body.licenses)
    expect((await api(apiExport, '/api/auth/export', { method: 'GET' })).status).toBe(401)
  })
})

describe('delete the account', () => {
  it('through the form: favourites and sessions go, downloads stay anonymous, licences stay valid', async () => {
    const { user, token } = await signedIn()
    const stranger = await signedIn()
    await t.db.insertInto('favourites').values({ user_id: user.id, asset_id: asset.id }).execute()
    const grant = await api(apiDownload, `/api/assets/download/${asset.id}`, {
      method: 'POST',
      token,
      params: { id: String(asset.id) },
    })
    const licenseId = grant.body.licenseId as string
    const wrong = await postAccount(token, { intent: 'delete', currentPassword: 'not-it' })
    expect(statusOf(wrong)).toBe(403)
    expect(await userRow(user.id)).toBeDefined()

    const res = (await postAccount(token, { intent: 'delete', currentPassword: user.password })) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?alert=account_deleted')
    expect(res.headers.get('set-cookie')).toMatch(/__session=;/)
    expect(await userRow(user.id)).toBeUndefined()
    expect(await readSession(t.db, token)).toBeNull()
    const favourites = await t.db.selectFrom('favourites').selectAll().where('user_id', '=', user.id).execute()
    expect(favourites).toEqual([])
    const history = await t.db.selectFrom('downloads').selectAll().where('licence_id', '=', licenseId).execute()
    expect(history).toHaveLength(1)
    expect(history[0].user_id).toBeNull()
    const licence = (await callRoute(licenceApi, {
      request: makeRequest(`/api/licenses/${licenseId}`),
      params: { licenseId },
      context: t.routerContext(),
    })) as Response
    expect(licence.status).toBe(200)
    expect(await licence.json()).toMatchObject({ licenseId, status: 'valid' })
    expect(await readSession(t.db, stranger.token)).not.toBeNull()
    const login = (await callRoute(loginLoader, {
      request: makeRequest('/login?alert=account_deleted'),
      context: t.routerContext(),
    })) as { alert: string | null }
    expect(login.alert).toBe('Your account has been deleted.')
  })

  it('through the API, cancelling a live Pro subscription at Stripe first', async () => {
    const { user, token } = await signedIn({ plan: 'pro' })
    const subscription = `sub_test_${randomUUID().slice(0, 8)}`
    await t.db
      .updateTable('users')
      .set({ stripe_subscription_id: subscription, subscription_renews_at: new Date(Date.now() + 86_400_000) })
      .where('id', '=', user.id)
      .execute()
    const grant = await api(apiDownload, `/api/assets/download/${asset.id}`, {
      method: 'POST',
      token,
      params: { id: String(asset.id) },
    })
    const wrong = await api(apiMe, '/api/auth/me', { method: 'DELETE', token, json: { current_password: 'nope' } })
    expect(wrong.status).toBe(403)
    expect(stripe.cancelled.has(subscription)).toBe(false)
    const res = await api(apiMe, '/api/auth/me', { method: 'DELETE', token, json: { current_password: user.password } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ message: 'Your account has been deleted.' })
    expect(stripe.cancelled.has(subscription)).toBe(true)
    expect(await userRow(user.id)).toBeUndefined()
    const quota = await t.db.selectFrom('download_quota_usage').selectAll().where('user_id', 'is', null).execute()
    expect(quota.length).toBeGreaterThan(0)
    const licence = await t.db
      .selectFrom('licences')
      .selectAll()
      .where('id', '=', grant.body.licenseId)
      .executeTakeFirstOrThrow()
    expect(licence.user_id).toBeNull()
  })

  it('refuses, deleting nothing, when the subscription cannot be cancelled', async () => {
    const offline = await createTestContext()
    const user = await makeUser(offline.db, { plan: 'pro' })
    await offline.db
      .updateTable('users')
      .set({ stripe_subscription_id: 'sub_test_unreachable' })
      .where('id', '=', user.id)
      .execute()
    const { token } = await createSession(offline.db, user.id)
    const res = (await callRoute(apiMe, {
      request: makeRequest('/api/auth/me', {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
        json: { current_password: user.password },
      }),
      context: offline.routerContext(ip()),
    })) as Response
    expect(res.status).toBe(502)
    expect((await res.json()).reason).toBe('provider-unavailable')
    expect(await userRow(user.id)).toBeDefined()
    await offline.close()
  })
})
