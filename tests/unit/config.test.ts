import { describe, expect, it } from 'vitest'
import { ConfigError, configWarnings, parseConfig } from '~/config.server'

describe('parseConfig', () => {
  it('gives working defaults for a bare environment', () => {
    const config = parseConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.pgliteDir).toMatch(/data[\\/]pglite$/)
    expect(config.demoMode).toBe(true)
    expect(config.appUrl).toBe('http://localhost:3000')
  })

  it('warns a production start without APP_URL that its links will name localhost', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PORT: '8080' }
    const [warning, ...more] = configWarnings(parseConfig(production))
    expect(warning).toMatchObject({
      message: expect.stringMatching(/^APP_URL is not set/),
      using: 'http://localhost:8080',
    })
    expect(more).toEqual([])
    expect(configWarnings(parseConfig({ ...production, APP_URL: 'https://stock.example' }))).toEqual([])
    expect(configWarnings(parseConfig({}))).toEqual([])
  })

  it('logs requests in production by default, elsewhere only when LOG_REQUESTS asks', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }
    expect(parseConfig({}).logRequests).toBe(false)
    expect(parseConfig({ NODE_ENV: 'development' }).logRequests).toBe(false)
    expect(parseConfig(production).logRequests).toBe(true)
    expect(parseConfig({ LOG_REQUESTS: 'true' }).logRequests).toBe(true)
    expect(parseConfig({ ...production, LOG_REQUESTS: 'false' }).logRequests).toBe(false)
  })

  it('runs one server process unless SERVER_PROCESSES asks for more, which needs PostgreSQL', () => {
    expect(parseConfig({}).SERVER_PROCESSES).toBe(1)
    const url = 'postgres://postgres@127.0.0.1:5432/stock'
    expect(parseConfig({ DATABASE_URL: url, SERVER_PROCESSES: '2' }).SERVER_PROCESSES).toBe(2)
    expect(() => parseConfig({ SERVER_PROCESSES: '2' })).toThrow(
      /SERVER_PROCESSES: above 1 needs DATABASE_URL: the embedded database belongs to one process/,
    )
    expect(() => parseConfig({ DATABASE_URL: url, SERVER_PROCESSES: '0' })).toThrow(ConfigError)
  })

  it('treats empty strings as unset', () => {
    const config = parseConfig({ DATABASE_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' })
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.demoMode).toBe(true)
  })

  it('leaves demo mode when admin credentials are given', () => {
    const config = parseConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'long-enough' })
    expect(config.demoMode).toBe(false)
  })

  it('has no demo in production unless DEMO=1 asks for it', () => {
    const production = parseConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })
    expect(production.demo).toBe(false)
    expect(production.demoMode).toBe(false)
    expect(production.seedOnEmpty).toBe(false)
    const asked = parseConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), DEMO: '1' })
    expect(asked.demoMode).toBe(true)
    expect(asked.seedOnEmpty).toBe(true)
    const withAdmin = parseConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      DEMO: '1',
      ADMIN_EMAIL: 'a@b.co',
      ADMIN_PASSWORD: 'long-enough',
    })
    expect(withAdmin.demoMode).toBe(false)
    expect(withAdmin.seedOnEmpty).toBe(true)
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must start with postgres://'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long-enough' }, 'ADMIN_EMAIL: must be an email address'],
    [{ ADMIN_EMAIL: 'a@b.co' }, 'ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together'],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET: is required when NODE_ENV=production'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET: must be at least 32 characters'],
    [
      { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' },
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    ],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT: must be a full URL'],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
  ])('stops on a bad value with a message naming it (%o)', (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError)
    expect(() => parseConfig(env)).toThrow(message)
  })

  it('reads the bucket settings by their exact names', () => {
    const config = parseConfig({
      S3_BUCKET: 'assets',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_FORCE_PATH_STYLE: 'true',
    })
    expect(config).toMatchObject({
      S3_BUCKET: 'assets',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_FORCE_PATH_STYLE: true,
    })
    expect(parseConfig({}).S3_BUCKET).toBeUndefined()
    expect(parseConfig({}).S3_REGION).toBe('us-east-1')
  })
})
