import { MISSING_RESET_TOKEN } from '~/lib/account-schemas'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeUser } from '../support/factories'
import { getUser } from '~/web/session.server'
import { signInWithPassword } from '~/domain/accounts/accounts.server'
import { LOGIN_SLOWDOWN_MS } from '~/domain/accounts/rate-limit.server'
import { throttledSignIn } from '~/web/rate-limits.server'
import { createSession } from '~/domain/accounts/sessions.server'
import { hashToken } from '~/platform/tokens.server'
import { hashPassword } from '~/platform/passwords.server'
import { settleAfterResponse } from '~/platform/after-response.server'
import { action as loginAction, loader as loginLoader } from '~/routes/login'
import { action as logoutAction } from '~/routes/logout'
import { action as forgotAction } from '~/routes/forgot-password'
import { action as resetAction } from '~/routes/reset-password'
import { action as adminLoginAction } from '~/routes/admin/login'
import { action as apiLogin } from '~/routes/api/auth-login'
import { action as apiRegister } from '~/routes/api/auth-register'
import { action as apiForgot } from '~/routes/api/auth-forgot-password'
import { action as apiReset } from '~/routes/api/auth-reset-password'
import { action as apiAdminLogin } from '~/routes/api/admin/login'
import { action as apiLogout } from '~/routes/api/auth-logout'
import { loader as apiMe } from '~/routes/api/auth-me'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
})
afterAll(() => t.close())

// Each test its own IP, so rate limits of one test never touch another.
const ip = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
const email = () => `u-${randomUUID().slice(0, 8)}@example.com`
const cookieOf = (res: Response) => /__session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1]
const json = async (res: unknown) => ({ status: (res as Response).status, body: await (res as Response).json() })
type Reply = { intent?: string; result: { error?: Record<string, string[] | null> } }
const replyOf = (res: unknown) => (res as { data: Reply }).data
const statusOf = (res: unknown) => (res as { init: { status: number } | null }).init?.status ?? 200

describe('registration', () => {
  it('creates an account and sends the user to sign in with the success banner', async () => {
    const address = email()
    const res = (await callRoute(loginAction, {
      request: makeRequest('/login?mode=register', {
        form: {
          intent: 'register',
          fullName: 'Ada Lovelace',
          email: address.toUpperCase(),
          password: 'analytical',
          confirmPassword: 'analytical',
        },
      }),
      context: t.routerContext(ip()),
    })) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?registered=1')
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', address).executeTakeFirstOrThrow()
    expect(user.full_name).toBe('Ada Lovelace')
    expect(user.password_hash).toMatch(/^\$argon2id\$/)
    expect(user.plan).toBe('free')
    // The sign-in form that follows starts with the address, handed over in a short-lived cookie
    // (not the URL, which request logs keep), read once.
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toMatch(/^registered_email=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=600/)
    const handedOver = cookie.split(';')[0]!
    expect(decodeURIComponent(handedOver.split('=')[1]!)).toBe(address)
    const page = (await callRoute(loginLoader, {
      request: makeRequest('/login?registered=1', { headers: { cookie: handedOver } }),
      context: t.routerContext(),
    })) as { data: { registered: boolean; email: string | null }; init: ResponseInit }
    expect(page.data.registered).toBe(true)
    expect(page.data.email).toBe(address)
    const headers = new Headers(page.init.headers)
    expect(headers.get('cache-control')).toBe('private, no-store')
    expect(headers.get('set-cookie')).toMatch(/^registered_email=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/)
    // Without the banner's parameter the cookie is not read.
    const plain = (await callRoute(loginLoader, {
      request: makeRequest('/login', { headers: { cookie: handedOver } }),
      context: t.routerContext(),
    })) as { email: string | null }
    expect(plain.email).toBeNull()
  })

  it('refuses mismatched passwords with the spec message', async () => {
    const res = await callRoute(loginAction, {
      request: makeRequest('/login', {
        form: {
          intent: 'register',
          fullName: 'A',
          email: email(),
          password: 'analytical',
          confirmPassword: 'different1',
        },
      }),
      context: t.routerContext(ip()),
    })
    expect(statusOf(res)).toBe(400)
    expect(replyOf(res).result.error?.confirmPassword).toEqual(['Passwords do not match.'])
  })

  it('requires full name, email and password', async () => {
    const res = await callRoute(loginAction, {
      request: makeRequest('/login', { form: { intent: 'register' } }),
      context: t.routerContext(ip()),
    })
    const errors = replyOf(res).result.error!
    expect(errors.fullName?.[0]).toBe('Full name is required.')
    expect(errors.email?.[0]).toBe('Email is required.')
    expect(errors.password?.[0]).toBe('Password is required.')
  })

  it('says clearly when the email is taken (409 in the API)', async () => {
    const existing = await makeUser(t.db)
    const page = await callRoute(loginAction, {
      request: makeRequest('/login', {
        form: {
          intent: 'register',
          fullName: 'B',
          email: existing.email,
          password: 'long-enough',
          confirmPassword: 'long-enough',
        },
      }),
      context: t.routerContext(ip()),
    })
    expect(statusOf(page)).toBe(409)
    expect(replyOf(page).result.error?.email?.[0]).toMatch(/already exists/)
    const api = await json(
      await callRoute(apiRegister, {
        request: makeRequest('/api/auth/register', {
          json: { email: existing.email, password: 'long-enough', full_name: 'B' },
        }),
        context: t.routerContext(ip()),
      }),
    )
    expect(api.status).toBe(409)
    expect(api.body.error).toMatch(/already exists/)
  })

  it('API: 201 with the user, 400 with a message for bad input', async () => {
    const ok = await json(
      await callRoute(apiRegister, {
        request: makeRequest('/api/auth/register', {
          json: { email: email(), password: 'long-enough', full_name: 'C' },
        }),
        context: t.routerContext(ip()),
      }),
    )
    expect(ok.status).toBe(201)
    expect(ok.body.user.subscription_status).toBe('free')
    expect(ok.body.user).not.toHaveProperty('password_hash')
    const bad = await json(
      await callRoute(apiRegister, {
        request: makeRequest('/api/auth/register', { json: { email: 'nope', password: 'x' } }),
        context: t.routerContext(ip()),
      }),
    )
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBeTruthy()
    const notJson = await json(
      await callRoute(apiRegister, {
        request: makeRequest('/api/auth/register', {
          method: 'POST',
          body: '{oops',
          headers: { 'content-type': 'application/json' },
        }),
        context: t.routerContext(ip()),
      }),
    )
    expect(notJson.status).toBe(400)
  })
})

describe('signing in', () => {
  it('sets an HttpOnly session cookie and goes to /dashboard', async () => {
    const user = await makeUser(t.db)
    const res = (await callRoute(loginAction, {
      request: makeRequest('/login', { form: { intent: 'login', email: user.email, password: user.password } }),
      context: t.routerContext(ip()),
    })) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/dashboard')
    expect(res.headers.get('set-cookie')).toMatch(/__session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000/)
  })

  it('gives the same message for an unknown email and a wrong password', async () => {
    const user = await makeUser(t.db)
    const wrong = await callRoute(loginAction, {
      request: makeRequest('/login', { form: { intent: 'login', email: user.email, password: 'not-it' } }),
      context: t.routerContext(ip()),
    })
    const unknown = await callRoute(loginAction, {
      request: makeRequest('/login', { form: { intent: 'login', email: email(), password: 'not-it' } }),
      context: t.routerContext(ip()),
    })
    expect(statusOf(wrong)).toBe(401)
    expect(replyOf(wrong).result.error?.['']).toEqual(['Invalid email or password.'])
    expect(replyOf(unknown).result.error?.['']).toEqual(replyOf(wrong).result.error?.[''])
  })

  it.each([
    ['/profile', null, '/profile'],
    ['/explore', '12', '/explore?assetId=12&download=1'],
    ['/explore?q=robot', '7', '/explore?q=robot&assetId=7&download=1'],
    ['//evil.example', null, '/dashboard'],
    ['https://evil.example/x', null, '/dashboard'],
    ['/\\evil.example', null, '/dashboard'],
    // A resumed download whose way back is not this site's: the asset's own page.
    ['javascript:alert(1)', '3', '/assets/3?download=1'],
    ['/assets/3', '3', '/assets/3?download=1'],
  ])('redirect=%s assetId=%s goes to %s', async (redirectTo, assetId, expected) => {
    const user = await makeUser(t.db)
    const query = new URLSearchParams({ redirect: redirectTo, ...(assetId ? { assetId } : {}) })
    const res = (await callRoute(loginAction, {
      request: makeRequest(`/login?${query}`, {
        form: { intent: 'login', email: user.email, password: user.password },
      }),
      context: t.routerContext(ip()),
    })) as Response
    expect(res.headers.get('location')).toBe(expected)
  })

  it('API login returns a token; bearer and cookie resolve to the same user; /api/auth/me reads it', async () => {
    const user = await makeUser(t.db, { fullName: 'Grace Hopper' })
    const login = await json(
      await callRoute(apiLogin, {
        request: makeRequest('/api/auth/login', { json: { email: user.email, password: user.password } }),
        context: t.routerContext(ip()),
      }),
    )
    expect(login.status).toBe(200)
    const token = login.body.token as string
    const viaBearer = await getUser(
      makeRequest('/', { headers: { authorization: `Bearer ${token}` } }),
      t.routerContext(),
    )
    const viaCookie = await getUser(
      makeRequest('/', { headers: { cookie: `other=1; __session=${token}` } }),
      t.routerContext(),
    )
    expect(viaBearer?.id).toBe(user.id)
    expect(viaCookie?.id).toBe(user.id)
    const me = await json(
      await callRoute(apiMe, {
        request: makeRequest('/api/auth/me', { headers: { authorization: `Bearer ${token}` } }),
        context: t.routerContext(),
      }),
    )
    expect(me.body.user).toMatchObject({
      email: user.email,
      full_name: 'Grace Hopper',
      subscription_status: 'free',
      downloads_today: 0,
      role: 'user',
    })
    const anonymous = await callRoute(apiMe, { request: makeRequest('/api/auth/me'), context: t.routerContext() })
    expect((anonymous as Response).status).toBe(401)
    // Only a hash of the token is stored.
    const stored = await t.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(stored.token_hash).toBe(hashToken(token))
    expect(stored.token_hash).not.toContain(token)
  })

  it('API login: 400 for bad input, 401 for bad credentials', async () => {
    expect(
      (
        await json(
          await callRoute(apiLogin, {
            request: makeRequest('/api/auth/login', { json: { email: 'x' } }),
            context: t.routerContext(ip()),
          }),
        )
      ).status,
    ).toBe(400)
    const bad = await json(
      await callRoute(apiLogin, {
        request: makeRequest('/api/auth/login', { json: { email: email(), password: 'whatever1' } }),
        context: t.routerContext(ip()),
      }),
    )
    expect(bad).toEqual({ status: 401, body: { error: 'Invalid email or password.', reason: 'bad-credentials' } })
  })
})

describe('sessions', () => {
  it('expire after 30 days and roll forward when used', async () => {
    const user = await makeUser(t.db)
    const { token } = await createSession(t.db, user.id)
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 2 * 3_600_000), expires_at: new Date(Date.now() + 86_400_000) })
      .where('token_hash', '=', hashToken(token))
      .execute()
    expect(
      (await getUser(makeRequest('/', { headers: { authorization: `Bearer ${token}` } }), t.routerContext()))?.id,
    ).toBe(user.id)
    const rolled = await t.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow()
    expect(rolled.expires_at.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000)
    await t.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute()
    expect(
      await getUser(makeRequest('/', { headers: { authorization: `Bearer ${token}` } }), t.routerContext()),
    ).toBeNull()
  })

  it('logout deletes the session: the cookie is cleared and the same token fails in the API too', async () => {
    const user = await makeUser(t.db)
    const { token } = await createSession(t.db, user.id)
    const res = (await callRoute(logoutAction, {
      request: makeRequest('/logout', { method: 'POST', headers: { cookie: `__session=${token}` } }),
      context: t.routerContext(),
    })) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login')
    expect(res.headers.get('set-cookie')).toMatch(/__session=; .*Max-Age=0/)
    expect(
      await getUser(makeRequest('/', { headers: { authorization: `Bearer ${token}` } }), t.routerContext()),
    ).toBeNull()
    const second = await createSession(t.db, user.id)
    await callRoute(apiLogout, {
      request: makeRequest('/api/auth/logout', {
        method: 'POST',
        headers: { authorization: `Bearer ${second.token}` },
      }),
      context: t.routerContext(),
    })
    expect(
      await getUser(makeRequest('/', { headers: { cookie: `__session=${second.token}` } }), t.routerContext()),
    ).toBeNull()
  })
})

// Each sign-in pays an argon2 verification: slow on a busy machine.
describe('rate limits', { timeout: 120_000 }, () => {
  it('login: the 11th attempt at one account from one address within 15 minutes is refused with 429 and Retry-After', async () => {
    const user = await makeUser(t.db)
    const address = ip()
    let last: unknown
    for (let i = 0; i < 11; i++) {
      last = await callRoute(loginAction, {
        request: makeRequest('/login', { form: { intent: 'login', email: user.email, password: 'wrong-password' } }),
        context: t.routerContext(address),
      })
    }
    expect(statusOf(last)).toBe(429)
    expect(replyOf(last).result.error?.['']?.[0]).toMatch(/Too many attempts/)
    const api = (await callRoute(apiLogin, {
      request: makeRequest('/api/auth/login', { json: { email: user.email.toUpperCase(), password: user.password } }),
      context: t.routerContext(address),
    })) as Response
    expect(api.status).toBe(429)
    expect(Number(api.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('a limit exceeded is a refusal like any other: the API says 429 { error, reason: rate-limited } with Retry-After, the form the same message', async () => {
    const user = await makeUser(t.db)
    const address = ip()
    const attempt = async () =>
      (await callRoute(apiLogin, {
        request: makeRequest('/api/auth/login', { json: { email: user.email, password: 'wrong-password' } }),
        context: t.routerContext(address),
      })) as Response
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401)
    const api = await attempt()
    expect(api.status).toBe(429)
    expect(Number(api.headers.get('retry-after'))).toBeGreaterThan(0)
    const body = await api.json()
    expect(body).toEqual({
      error: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes\.$/),
      reason: 'rate-limited',
    })
    const form = (await callRoute(loginAction, {
      request: makeRequest('/login', { form: { intent: 'login', email: user.email, password: 'wrong-password' } }),
      context: t.routerContext(address),
    })) as { data: Reply; init: ResponseInit }
    expect(statusOf(form)).toBe(429)
    // The same window: the same wait, give or take the second that passed between the calls.
    const wait = Number(new Headers(form.init.headers).get('retry-after'))
    expect(Math.abs(wait - Number(api.headers.get('retry-after')))).toBeLessThanOrEqual(1)
    expect(replyOf(form).result.error?.['']).toEqual([body.error])
  })

  it('login: a crowd behind one address signs in: 100 people in a minute, none refused (successes never count)', async () => {
    const school = ip()
    const password = 'shared-test-password'
    const hash = await hashPassword(password)
    const people = await t.db
      .insertInto('users')
      .values(Array.from({ length: 100 }, () => ({ email: email(), full_name: 'Pupil', password_hash: hash })))
      .returning('email')
      .execute()
    const started = Date.now()
    const statuses: number[] = []
    // Half through the form, half through the JSON API.
    for (const [i, person] of people.entries()) {
      const res =
        i % 2
          ? await callRoute(loginAction, {
              request: makeRequest('/login', { form: { intent: 'login', email: person.email, password } }),
              context: t.routerContext(school),
            })
          : await callRoute(apiLogin, {
              request: makeRequest('/api/auth/login', { json: { email: person.email, password } }),
              context: t.routerContext(school),
            })
      statuses.push((res as Response).status)
    }
    expect(Date.now() - started).toBeLessThan(60_000)
    expect(statuses.filter((s) => s !== 302 && s !== 200)).toEqual([])
    // Nothing left counted against the address or any of the accounts.
    const counted = await t.db
      .selectFrom('rate_limits')
      .select(['key', 'count'])
      .where('key', 'like', `%${school}`)
      .where('count', '>', 0)
      .execute()
    expect(counted).toEqual([])
  })

  it('login: 11 wrong passwords at one account from one address: the 11th refused on both doors; the owner elsewhere signs in', async () => {
    const user = await makeUser(t.db)
    const address = ip()
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const res =
        i % 2
          ? await callRoute(loginAction, {
              request: makeRequest('/login', { form: { intent: 'login', email: user.email, password: 'wrong-one' } }),
              context: t.routerContext(address),
            })
          : await callRoute(apiLogin, {
              request: makeRequest('/api/auth/login', { json: { email: user.email, password: 'wrong-one' } }),
              context: t.routerContext(address),
            })
      statuses.push(res instanceof Response ? res.status : statusOf(res))
    }
    expect(statuses.slice(0, 10).filter((s) => s === 429)).toEqual([])
    expect(statuses[10]).toBe(429)
    // Even the right password, from that address, until the window passes.
    const form = await callRoute(loginAction, {
      request: makeRequest('/login', { form: { intent: 'login', email: user.email, password: user.password } }),
      context: t.routerContext(address),
    })
    expect(statusOf(form)).toBe(429)
    expect(replyOf(form).result.error?.['']?.[0]).toMatch(/Too many attempts/)
    const owner = await callRoute(loginAction, {
      request: makeRequest('/login', { form: { intent: 'login', email: user.email, password: user.password } }),
      context: t.routerContext(ip()),
    })
    expect((owner as Response).status).toBe(302)
  })

  it('login: a stranger guessing cannot lock the owner out; the account is slowed instead, on all four doors', async () => {
    const user = await makeUser(t.db)
    const admin = await makeUser(t.db, { role: 'admin' })
    const stranger = ip()
    for (let i = 0; i < 10; i++)
      await callRoute(apiLogin, {
        request: makeRequest('/api/auth/login', { json: { email: user.email, password: 'wrong-password' } }),
        context: t.routerContext(stranger),
      })
    // The same against the admin, counted directly (each real guess costs an argon2 verification).
    await t.db
      .insertInto('rate_limits')
      .values(
        [`loginFailuresPerAccountAndIp:${admin.email} ${stranger}`, `loginPerAccount:${admin.email}`].map((key) => ({
          key,
          window_start: new Date(),
          count: 10,
        })),
      )
      .execute()
    const owner = ip()
    const started = Date.now()
    const web = await callRoute(loginAction, {
      request: makeRequest('/login', { form: { intent: 'login', email: user.email, password: user.password } }),
      context: t.routerContext(owner),
    })
    expect((web as Response).status).toBe(302)
    // Past ten attempts from anywhere, the account answers more slowly, but it answers.
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGIN_SLOWDOWN_MS)
    const api = (await callRoute(apiLogin, {
      request: makeRequest('/api/auth/login', { json: { email: user.email, password: user.password } }),
      context: t.routerContext(owner),
    })) as Response
    expect(api.status).toBe(200)
    const adminWeb = await callRoute(adminLoginAction, {
      request: makeRequest('/admin/login', { form: { email: admin.email, password: admin.password } }),
      context: t.routerContext(owner),
    })
    expect((adminWeb as Response).status).toBe(302)
    const adminApi = (await callRoute(apiAdminLogin, {
      request: makeRequest('/api/admin/login', { json: { email: admin.email, password: admin.password } }),
      context: t.routerContext(owner),
    })) as Response
    expect(adminApi.status).toBe(200)
    // The stranger's own address stays refused at those accounts, on every door.
    const strangerDoors = [
      await callRoute(loginAction, {
        request: makeRequest('/login', { form: { intent: 'login', email: user.email, password: user.password } }),
        context: t.routerContext(stranger),
      }),
      await callRoute(apiLogin, {
        request: makeRequest('/api/auth/login', { json: { email: user.email, password: user.password } }),
        context: t.routerContext(stranger),
      }),
      await callRoute(adminLoginAction, {
        request: makeRequest('/admin/login', { form: { email: admin.email, password: admin.password } }),
        context: t.routerContext(stranger),
      }),
      await callRoute(apiAdminLogin, {
        request: makeRequest('/api/admin/login', { json: { email: admin.email, password: admin.password } }),
        context: t.routerContext(stranger),
      }),
    ]
    expect(strangerDoors.map((r) => (r instanceof Response ? r.status : statusOf(r)))).toEqual([429, 429, 429, 429])
  })

  it('throttledSignIn: a failure counts against the account; past the limit at it from one address, refused', async () => {
    const user = await makeUser(t.db)
    const address = ip()
    const wrong = await throttledSignIn(makeRequest('/login'), t.routerContext(address), {
      email: user.email,
      password: 'wrong-password',
    })
    expect(wrong).toMatchObject({ ok: false, reason: 'bad-credentials' })
    const failures = await t.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `loginPerAccount:${user.email}`)
      .executeTakeFirst()
    expect(failures?.count).toBe(1)
    // Nine more at this account from this address, counted directly: the eleventh is refused.
    await t.db
      .updateTable('rate_limits')
      .set({ count: 10 })
      .where('key', '=', `loginFailuresPerAccountAndIp:${user.email} ${address}`)
      .execute()
    const limited = await throttledSignIn(makeRequest('/login'), t.routerContext(address), {
      email: user.email,
      password: user.password,
    })
    expect(limited).toMatchObject({
      ok: false,
      reason: 'rate-limited',
      error: expect.stringMatching(/Too many attempts/),
    })
    const elsewhere = await throttledSignIn(makeRequest('/login'), t.routerContext(ip()), {
      email: user.email,
      password: user.password,
    })
    expect(elsewhere.ok).toBe(true)
  })

  it('login takes as long for an unknown email as for a wrong password', async () => {
    const user = await makeUser(t.db)
    const time = async (email: string) => {
      const started = performance.now()
      await signInWithPassword(t.db, { email, password: 'wrong-password' })
      return performance.now() - started
    }
    await time('warm-up@example.com')
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 5; i++) {
      known.push(await time(user.email))
      unknown.push(await time(`nobody-${i}@example.com`))
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]
    // Both pay one argon2 verification (tens of milliseconds or more); a skipped hash costs ~1 ms.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.2)
    expect(median(unknown)).toBeLessThan(median(known) * 5)
  }, 120_000)

  it('login: one IP is limited across many emails', async () => {
    const address = ip()
    // 99 earlier failures from this address, counted directly (each real one costs an argon2 verification).
    await t.db
      .insertInto('rate_limits')
      .values({ key: `loginFailuresPerIp:${address}`, window_start: new Date(), count: 99 })
      .execute()
    const attempt = async () =>
      (
        (await callRoute(apiLogin, {
          request: makeRequest('/api/auth/login', { json: { email: email(), password: 'whatever1' } }),
          context: t.routerContext(address),
        })) as Response
      ).status
    expect(await attempt()).toBe(401)
    expect(await attempt()).toBe(429)
  })

  it('the window resets once it has passed', async () => {
    const user = await makeUser(t.db)
    const address = ip()
    for (let i = 0; i < 10; i++)
      await callRoute(apiLogin, {
        request: makeRequest('/api/auth/login', { json: { email: user.email, password: 'nope-nope' } }),
        context: t.routerContext(address),
      })
    await t.db
      .updateTable('rate_limits')
      .set({ window_start: new Date(Date.now() - 16 * 60_000) })
      .where('key', '=', `loginFailuresPerAccountAndIp:${user.email} ${address}`)
      .execute()
    const res = (await callRoute(apiLogin, {
      request: makeRequest('/api/auth/login', { json: { email: user.email, password: user.password } }),
      context: t.routerContext(address),
    })) as Response
    expect(res.status).toBe(200)
  })

  it('register, forgot and reset are limited per IP', async () => {
    const address = ip()
    let last = 0
    for (let i = 0; i < 11; i++)
      last = (
        (await callRoute(apiRegister, {
          request: makeRequest('/api/auth/register', {
            json: { email: email(), password: 'long-enough', full_name: 'R' },
          }),
          context: t.routerContext(address),
        })) as Response
      ).status
    expect(last).toBe(429)
    const forgotIp = ip()
    for (let i = 0; i < 11; i++)
      last = (
        (await callRoute(apiForgot, {
          request: makeRequest('/api/auth/forgot-password', { json: { email: email() } }),
          context: t.routerContext(forgotIp),
        })) as Response
      ).status
    expect(last).toBe(429)
    const resetIp = ip()
    for (let i = 0; i < 11; i++)
      last = (
        (await callRoute(apiReset, {
          request: makeRequest('/api/auth/reset-password', {
            json: { token: 'x'.repeat(20), password: 'long-enough' },
          }),
          context: t.routerContext(resetIp),
        })) as Response
      ).status
    expect(last).toBe(429)
  })
})

describe('password reset', () => {
  it('the API says a missing token as our own message, not as a field of zod', async () => {
    const res = (await callRoute(apiReset, {
      request: makeRequest('/api/auth/reset-password', { json: { password: 'long-enough-1' } }),
      context: t.routerContext(ip()),
    })) as Response
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: MISSING_RESET_TOKEN })
  })

  async function latestResetLink(address: string): Promise<string | null> {
    // The mail is written after the answer.
    await settleAfterResponse()
    const mail = await t.db
      .selectFrom('outbound_emails')
      .selectAll()
      .where('to_address', '=', address)
      .orderBy('id', 'desc')
      .executeTakeFirst()
    return mail ? /\/reset-password\?token=([\w-]+)/.exec(mail.text_body)![1] : null
  }

  it('answers the same for a registered and an unknown email, and mails only the registered one', async () => {
    const user = await makeUser(t.db)
    const stranger = email()
    const known = await callRoute(forgotAction, {
      request: makeRequest('/forgot-password', { form: { email: user.email } }),
      context: t.routerContext(ip()),
    })
    const unknown = await callRoute(forgotAction, {
      request: makeRequest('/forgot-password', { form: { email: stranger } }),
      context: t.routerContext(ip()),
    })
    expect((known as { sent: boolean }).sent).toBe(true)
    expect((unknown as { sent: boolean }).sent).toBe(true)
    const apiKnown = await json(
      await callRoute(apiForgot, {
        request: makeRequest('/api/auth/forgot-password', { json: { email: user.email } }),
        context: t.routerContext(ip()),
      }),
    )
    const apiUnknown = await json(
      await callRoute(apiForgot, {
        request: makeRequest('/api/auth/forgot-password', { json: { email: stranger } }),
        context: t.routerContext(ip()),
      }),
    )
    expect(apiKnown).toEqual(apiUnknown)
    expect(await latestResetLink(user.email)).toBeTruthy()
    expect(await latestResetLink(stranger)).toBeNull()
    const stored = await t.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute()
    const token = (await latestResetLink(user.email))!
    expect(stored.map((r) => r.token_hash)).toContain(hashToken(token))
  })

  it('answers as fast for an email with an account as for one without (medians of 50 each within 20%)', async () => {
    const hash = await hashPassword('timing-test-password')
    const known = await t.db
      .insertInto('users')
      .values(Array.from({ length: 50 }, () => ({ email: email(), full_name: 'Known', password_hash: hash })))
      .returning('email')
      .execute()
    const time = async (address: string) => {
      const started = performance.now()
      const res = await callRoute(forgotAction, {
        request: makeRequest('/forgot-password', { form: { email: address } }),
        context: t.routerContext(ip()),
      })
      const ms = performance.now() - started
      expect((res as { sent: boolean }).sent).toBe(true)
      return ms
    }
    await time(email())
    const knownMs: number[] = []
    const unknownMs: number[] = []
    // Interleaved, so a busy moment of the machine falls on both alike; the mails written after
    // each pair, outside the measured time, as they would be after the answer went out.
    for (const [i, user] of known.entries()) {
      if (i % 2) {
        knownMs.push(await time(user.email))
        unknownMs.push(await time(email()))
      } else {
        unknownMs.push(await time(email()))
        knownMs.push(await time(user.email))
      }
      await settleAfterResponse()
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]
    const [k, u] = [median(knownMs), median(unknownMs)]
    console.info(`forgot-password medians: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`)
    // Within 20% of each other, or within 2 ms where both are that quick.
    expect(Math.abs(k - u)).toBeLessThanOrEqual(Math.max(0.2 * Math.max(k, u), 2))
    // And the mail still went to every known address.
    expect(await latestResetLink(known[0].email)).toBeTruthy()
    expect(await latestResetLink(known[49].email)).toBeTruthy()
  }, 120_000)

  it('sets the new password once; the token cannot be reused; old sessions end', async () => {
    const user = await makeUser(t.db)
    const old = await createSession(t.db, user.id)
    await callRoute(forgotAction, {
      request: makeRequest('/forgot-password', { form: { email: user.email } }),
      context: t.routerContext(ip()),
    })
    const token = (await latestResetLink(user.email))!
    const done = await callRoute(resetAction, {
      request: makeRequest('/reset-password', {
        form: { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
      }),
      context: t.routerContext(ip()),
    })
    // Done, and (without JavaScript) back to sign in after 3 seconds by the Refresh header.
    expect(done).toMatchObject({ data: { done: true }, init: { headers: { Refresh: '3; url=/login' } } })
    expect(
      await getUser(makeRequest('/', { headers: { authorization: `Bearer ${old.token}` } }), t.routerContext()),
    ).toBeNull()
    const login = (await callRoute(apiLogin, {
      request: makeRequest('/api/auth/login', { json: { email: user.email, password: 'brand-new-pass' } }),
      context: t.routerContext(ip()),
    })) as Response
    expect(login.status).toBe(200)
    const reuse = await callRoute(resetAction, {
      request: makeRequest('/reset-password', {
        form: { token, password: 'another-pass1', confirmPassword: 'another-pass1' },
      }),
      context: t.routerContext(ip()),
    })
    expect(statusOf(reuse)).toBe(400)
    expect(replyOf(reuse).result.error?.['']?.[0]).toMatch(/invalid or has expired/)
  })

  it('refuses an expired token, a missing token and mismatched passwords', async () => {
    const user = await makeUser(t.db)
    await callRoute(apiForgot, {
      request: makeRequest('/api/auth/forgot-password', { json: { email: user.email } }),
      context: t.routerContext(ip()),
    })
    const token = (await latestResetLink(user.email))!
    await t.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute()
    const expired = await json(
      await callRoute(apiReset, {
        request: makeRequest('/api/auth/reset-password', { json: { token, password: 'long-enough' } }),
        context: t.routerContext(ip()),
      }),
    )
    expect(expired.status).toBe(400)
    expect(expired.body.error).toMatch(/invalid or has expired/)
    const missing = await callRoute(resetAction, {
      request: makeRequest('/reset-password', { form: { password: 'long-enough', confirmPassword: 'long-enough' } }),
      context: t.routerContext(ip()),
    })
    expect(replyOf(missing).result.error?.token).toEqual(['Invalid or missing reset token.'])
    const mismatch = await callRoute(resetAction, {
      request: makeRequest('/reset-password', {
        form: { token: 'abc', password: 'long-enough', confirmPassword: 'long-enougH' },
      }),
      context: t.routerContext(ip()),
    })
    expect(replyOf(mismatch).result.error?.confirmPassword).toEqual(['Passwords do not match.'])
  })
})

describe('admin login', () => {
  it('lets an admin in and sends others away with the spec message', async () => {
    const admin = await makeUser(t.db, { role: 'admin' })
    const user = await makeUser(t.db)
    const ok = (await callRoute(adminLoginAction, {
      request: makeRequest('/admin/login', { form: { email: admin.email, password: admin.password } }),
      context: t.routerContext(ip()),
    })) as Response
    expect(ok.status).toBe(302)
    expect(ok.headers.get('location')).toBe('/admin')
    expect(cookieOf(ok)).toBeTruthy()
    const refused = await callRoute(adminLoginAction, {
      request: makeRequest('/admin/login', { form: { email: user.email, password: user.password } }),
      context: t.routerContext(ip()),
    })
    expect((refused as { data: { error: string } }).data.error).toBe(
      'Admin login failed. Please check your credentials.',
    )
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0)
    const api = await json(
      await callRoute(apiAdminLogin, {
        request: makeRequest('/api/admin/login', { json: { email: user.email, password: user.password } }),
        context: t.routerContext(ip()),
      }),
    )
    expect(api).toEqual({
      status: 401,
      body: { error: 'Admin login failed. Please check your credentials.', reason: 'not-admin' },
    })
    const apiOk = await json(
      await callRoute(apiAdminLogin, {
        request: makeRequest('/api/admin/login', { json: { email: admin.email, password: admin.password } }),
        context: t.routerContext(ip()),
      }),
    )
    expect(apiOk.status).toBe(200)
    expect(apiOk.body.token).toBeTruthy()
  })
})
