import { describe, expect, it } from 'vitest'
import { RouterContextProvider } from 'react-router'
import { parseConfig } from '~/config.server'
import { servicesContext, type Services } from '~/web/context.server'
import { clearCookie, secureCookies, setCookie } from '~/web/cookies.server'

function contextWith(env: Record<string, string>) {
  const config = parseConfig({ SESSION_SECRET: 'test-secret-test-secret-test-secret-123', ...env })
  const context = new RouterContextProvider()
  context.set(servicesContext, { config } as Services)
  return { config, context }
}

describe('cookies', () => {
  it('are Secure in production unless SECURE_COOKIES says otherwise, and when it says so', () => {
    expect(secureCookies(contextWith({ NODE_ENV: 'production' }).config)).toBe(true)
    expect(secureCookies(contextWith({ NODE_ENV: 'production', SECURE_COOKIES: 'false' }).config)).toBe(false)
    expect(secureCookies(contextWith({ NODE_ENV: 'test' }).config)).toBe(false)
    expect(secureCookies(contextWith({ NODE_ENV: 'test', SECURE_COOKIES: 'true' }).config)).toBe(true)
  })

  it('are written with the same attributes, the value encoded', () => {
    const { context } = contextWith({ NODE_ENV: 'test' })
    expect(setCookie(context, 'next', '/explore?q=a b', { maxAgeSeconds: 600, httpOnly: true })).toBe(
      'next=%2Fexplore%3Fq%3Da%20b; Path=/; HttpOnly; SameSite=Lax; Max-Age=600',
    )
    expect(clearCookie(context, 'color-scheme')).toBe('color-scheme=; Path=/; SameSite=Lax; Max-Age=0')
    const secure = contextWith({ NODE_ENV: 'test', SECURE_COOKIES: 'true' }).context
    expect(clearCookie(secure, '__session', { httpOnly: true })).toBe(
      '__session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure',
    )
  })
})
