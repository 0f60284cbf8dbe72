import { describe, expect, it } from 'vitest'
import { RouterContextProvider } from 'react-router'
import { createDatabase } from '#db/client'
import { makeUser } from '../support/factories'
import { getUser } from '~/web/session.server'
import { createSession } from '~/domain/accounts/sessions.server'
import { requestInfoContext, servicesContext } from '~/web/context.server'
import { action as loginAction } from '~/routes/login'
import { action as adminLoginAction } from '~/routes/admin/login'
import { loader as explore } from '~/routes/explore'
import { loader as home } from '~/routes/home'
import { loader as favouritesApi } from '~/routes/api/users-favorites'
import { callRoute, createTestContext, makeRequest } from '../support/context'

// Bad input and failing dependencies get a clear answer, never a 500.
describe('robustness', () => {
  it('a malformed session cookie reads as signed out', async () => {
    const t = await createTestContext()
    expect(await getUser(makeRequest('/', { headers: { cookie: '__session=%E0%A4%A' } }), t.routerContext())).toBeNull()
    await t.close()
  })

  it('a form action given something that is not a form answers 400 with a message', async () => {
    const t = await createTestContext()
    const res = await callRoute(loginAction, {
      request: makeRequest('/login', { method: 'POST', body: 'hello', headers: { 'content-type': 'text/plain' } }),
      context: t.routerContext(),
    })
    const thrown = (res as { thrown: { init: { status: number }; data: string } }).thrown
    expect(thrown.init.status).toBe(400)
    expect(thrown.data).toMatch(/could not be read/)
    await t.close()
  })

  it('the admin login door is rate limited like the others (per account and address)', async () => {
    const t = await createTestContext()
    const user = await makeUser(t.db)
    let status = 0
    for (let i = 0; i < 11; i++) {
      const res = await callRoute(adminLoginAction, {
        request: makeRequest('/admin/login', { form: { email: user.email, password: `guess-${i}-guess` } }),
        context: t.routerContext('192.0.2.77'),
      })
      status = (res as { init: { status: number } }).init.status
    }
    expect(status).toBe(429)
    await t.close()
  }, 120_000)

  it('explore says "Failed to load assets" and home keeps its empty sections when the database fails', async () => {
    const t = await createTestContext()
    const dead = createDatabase({ url: 'postgres://postgres@127.0.0.1:1/none' })
    const context = new RouterContextProvider()
    context.set(servicesContext, { ...t.services, db: dead })
    context.set(requestInfoContext, { nonce: '', ip: '127.0.0.1' })
    const page = (await callRoute(explore, { request: makeRequest('/explore?q=robot'), context })) as {
      loadFailed: boolean
      result: { assets: unknown[] }
    }
    expect(page.loadFailed).toBe(true)
    expect(page.result.assets).toEqual([])
    const start = (await callRoute(home, { request: makeRequest('/'), context })) as {
      grid: unknown[]
      strip: unknown[]
    }
    expect(start.grid).toEqual([])
    expect(start.strip).toEqual([])
    await dead.destroy()
    await t.close()
  })

  it('the favourites API refuses an absurd page number with 400', async () => {
    const t = await createTestContext()
    const user = await makeUser(t.db)
    const { token } = await createSession(t.db, user.id)
    const res = (await callRoute(favouritesApi, {
      request: makeRequest('/api/users/favorites?page=1e20', { headers: { authorization: `Bearer ${token}` } }),
      context: t.routerContext(),
    })) as Response
    expect(res.status).toBe(400)
    await t.close()
  })
})
