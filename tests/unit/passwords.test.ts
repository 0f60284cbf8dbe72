import { afterEach, describe, expect, it, vi } from 'vitest'

// Real accounts get argon2id's full settings; only test runs hash at OWASP's minimum. Either
// hash verifies whatever the mode, since a hash names its own settings.

async function passwordsUnder(nodeEnv: string) {
  vi.stubEnv('NODE_ENV', nodeEnv)
  vi.resetModules()
  return import('~/platform/passwords.server')
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

describe('password hashes', () => {
  for (const mode of ['production', 'development']) {
    it(`under NODE_ENV=${mode}: argon2id with 64 MiB, 3 passes and 4 lanes`, async () => {
      const { hashPassword } = await passwordsUnder(mode)
      expect(await hashPassword('correct horse battery')).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/)
    })
  }

  it('test runs hash at OWASP’s minimum, and each verifies the other’s hashes', async () => {
    const test = await passwordsUnder('test')
    const cheap = await test.hashPassword('correct horse battery')
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/)
    const production = await passwordsUnder('production')
    const full = await production.hashPassword('correct horse battery')
    expect(await production.verifyPassword(cheap, 'correct horse battery')).toBe(true)
    expect(await test.verifyPassword(full, 'correct horse battery')).toBe(true)
    expect(await test.verifyPassword(full, 'correct horse battery!')).toBe(false)
  })
})
