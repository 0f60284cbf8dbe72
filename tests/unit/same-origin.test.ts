import { describe, expect, it } from 'vitest'
import { isSameOriginRequest } from '~/web/same-origin.server'

const allowed = ['https://stock.example']
const req = (path: string, method: string, headers: Record<string, string> = {}) =>
  new Request(`https://stock.example${path}`, { method, headers })

describe('isSameOriginRequest', () => {
  it('lets reads through', () => {
    expect(isSameOriginRequest(req('/login', 'GET', { origin: 'https://evil.example' }), allowed)).toBe(true)
  })
  it('accepts a form post from our own origin or referer', () => {
    expect(isSameOriginRequest(req('/login', 'POST', { origin: 'https://stock.example' }), allowed)).toBe(true)
    expect(isSameOriginRequest(req('/login', 'POST', { referer: 'https://stock.example/login?x=1' }), allowed)).toBe(
      true,
    )
  })
  it('refuses a post from another site, an opaque origin, or with neither header', () => {
    expect(isSameOriginRequest(req('/favorites', 'POST', { origin: 'https://evil.example' }), allowed)).toBe(false)
    expect(isSameOriginRequest(req('/favorites', 'POST', { origin: 'null' }), allowed)).toBe(false)
    expect(isSameOriginRequest(req('/favorites', 'POST'), allowed)).toBe(false)
    expect(
      isSameOriginRequest(req('/logout', 'POST', { referer: 'https://stock.example.evil.example/' }), allowed),
    ).toBe(false)
  })
  it('exempts API calls that use a bearer token or no session cookie, but not cookie-authenticated ones', () => {
    expect(
      isSameOriginRequest(
        req('/api/users/favorites', 'POST', { authorization: 'Bearer abc', origin: 'https://evil.example' }),
        allowed,
      ),
    ).toBe(true)
    expect(isSameOriginRequest(req('/api/stripe/webhook', 'POST'), allowed)).toBe(true)
    expect(
      isSameOriginRequest(
        req('/api/users/favorites', 'POST', { cookie: '__session=abc', origin: 'https://evil.example' }),
        allowed,
      ),
    ).toBe(false)
  })
})
