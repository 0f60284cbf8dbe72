import { randomBytes } from 'node:crypto'
import argon2 from 'argon2'

/**
 * argon2id with the library's own settings (64 MiB, 3 passes, 4 lanes: about half a second of
 * CPU a hash on two cores) for every real account. Under NODE_ENV=test, OWASP's minimum for
 * argon2id (19 MiB, 2 passes, 1 lane; a sixth of the CPU): the test suites hash and verify
 * hundreds of passwords, the slowest part of many tests, and a timing they compare has the same
 * settings on both sides. A hash names its settings, so either verifies under the other.
 */
const HASH_OPTIONS =
  process.env.NODE_ENV === 'test'
    ? ({ type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const)
    : ({ type: argon2.argon2id } as const)

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS)
}

// A hash of a random password, made with the same settings as real ones: an unknown email (or
// an account without a password) is checked against it, so every sign-in costs one argon2
// verification and the answer's timing does not tell who has an account.
let dummyHash: Promise<string> | undefined

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'))
  try {
    const valid = await argon2.verify(hash ?? (await dummyHash), password)
    return Boolean(hash) && valid
  } catch {
    return false
  }
}
