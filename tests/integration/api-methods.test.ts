import { describe, expect, it } from 'vitest'
import * as login from '~/routes/api/auth-login'
import * as me from '~/routes/api/auth-me'
import * as favorite from '~/routes/api/favorite'
import * as assets from '~/routes/api/assets'
import { callRoute, createTestContext, makeRequest } from '../support/context'

// A JSON API route answers a method it does not take with a JSON 405 naming the right one.
describe('JSON API methods', () => {
  it.each([
    ['GET /api/auth/login', login.loader, 'POST'],
    ['POST /api/auth/me', me.action, 'GET'],
    ['GET /api/users/favorites/1', favorite.loader, 'DELETE'],
    ['POST /api/assets', assets.action, 'GET'],
  ] as const)('%s → 405', async (_name, handler, allowed) => {
    const t = await createTestContext()
    const res = (await callRoute(handler as never, { request: makeRequest('/api/x'), context: t.routerContext() })) as Response
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe(allowed)
    expect((await res.json()).error).toContain(allowed)
    await t.close()
  })
})
