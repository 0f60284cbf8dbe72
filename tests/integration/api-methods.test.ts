import { describe, expect, it } from 'vitest'
import * as login from '~/routes/api/auth-login'
import * as me from '~/routes/api/auth-me'
import * as favourite from '~/routes/api/users-favorites-id'
import * as assets from '~/routes/api/assets'
import * as adminAsset from '~/routes/api/admin/assets-id'
import { callRoute, createTestContext, makeRequest } from '../support/context'

// A JSON API route answers a method it does not take with a JSON 405 naming the right ones,
// whichever of loader or action React Router hands it to.
describe('JSON API methods', () => {
  it.each([
    ['GET /api/auth/login', login, 'GET', 'POST'],
    ['POST /api/auth/me', me, 'POST', 'GET, HEAD, PATCH, DELETE'],
    ['GET /api/users/favorites/1', favourite, 'GET', 'DELETE'],
    ['PUT /api/assets', assets, 'PUT', 'GET, HEAD'],
    ['POST /api/admin/assets/1', adminAsset, 'POST', 'GET, HEAD, PUT, PATCH, DELETE'],
  ] as const)('%s → 405', async (_name, route, method, allowed) => {
    const t = await createTestContext()
    const handler = method === 'GET' ? route.loader : route.action
    const res = (await callRoute(handler as never, {
      request: makeRequest('/api/x', { method }),
      context: t.routerContext(),
    })) as Response
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe(allowed)
    expect((await res.json()).error).toContain(allowed.split(', ').at(-1))
    expect((route.loader as unknown as { methods: string[] }).methods.join(', ')).toBe(allowed)
    await t.close()
  })
})
