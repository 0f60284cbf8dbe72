import { randomBytes } from 'node:crypto'
import argon2 from 'argon2'

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id })
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
