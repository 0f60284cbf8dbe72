import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '~/config.server'

const secrets = new WeakMap<Config, string>()

/**
 * The key for signed download links: SESSION_SECRET, or (outside production, where config
 * requires it) a random key kept in the data folder so links survive a restart.
 */
export function signingSecret(config: Config): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET
  const known = secrets.get(config)
  if (known) return known
  const file = path.resolve(config.DATA_DIR, '.signing-secret')
  let secret: string
  try {
    secret = readFileSync(file, 'utf8').trim()
  } catch {
    secret = randomBytes(32).toString('hex')
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, secret, { mode: 0o600 })
  }
  secrets.set(config, secret)
  return secret
}

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url')
}

/** `payload.signature`, both base64url: a value the holder can read but not change. */
export function sign(secret: string, value: object): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${payload}.${mac(secret, payload)}`
}

export function verify<T>(secret: string, token: string): T | null {
  const [payload, signature, extra] = token.split('.')
  if (!payload || !signature || extra !== undefined) return null
  const expected = Buffer.from(mac(secret, payload))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as T
  } catch {
    return null
  }
}
