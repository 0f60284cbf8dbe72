import { randomUUID } from 'node:crypto'
import type { DB } from '#db/client'
import type { Asset, User } from '#db/schema'
import type { AssetType } from '~/lib/constants'
import { createAsset } from '~/domain/catalogue/assets.server'
import { hashPassword } from '~/platform/passwords.server'
import type { Storage } from '~/platform/storage.server'
import sharp from 'sharp'
import { encodeWav, SAMPLE_RATE } from '#seed/sounds'

// Users and assets for tests (and the HTTP benchmark), made through the app's own createAsset and
// hashPassword, so they are stored as real ones are.

export interface UserFactoryInput {
  email?: string
  fullName?: string
  password?: string
  role?: 'user' | 'admin'
  plan?: 'free' | 'pro'
}

export async function makeUser(db: DB, input: UserFactoryInput = {}): Promise<User & { password: string }> {
  const password = input.password ?? `pw-${randomUUID()}`
  const user = await db
    .insertInto('users')
    .values({
      email: (input.email ?? `user-${randomUUID().slice(0, 8)}@example.com`).toLowerCase(),
      full_name: input.fullName ?? 'Test User',
      password_hash: await hashPassword(password),
      role: input.role ?? 'user',
      plan: input.plan ?? 'free',
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { ...user, password }
}

export interface AssetFactoryInput {
  title?: string
  description?: string
  tags?: unknown
  category?: string
  assetType?: AssetType
  isActive?: boolean
  createdAt?: Date
  downloadCount?: number
  colour?: string
  size?: number
}

/** A test file of the right kind: a one-second tone for audio, a disc on transparent for 3D, a full-bleed square for images. */
async function factoryFile(input: AssetFactoryInput): Promise<{ data: Buffer; ext: string }> {
  const colour = input.colour ?? '#3b82f6'
  if (input.assetType === 'audio') {
    const tone = new Float32Array(SAMPLE_RATE).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE))
    return { data: encodeWav(tone, 1), ext: 'wav' }
  }
  const size = input.size ?? 256
  const shape =
    input.assetType === 'image'
      ? `<rect width="${size}" height="${size}" fill="${colour}"/>`
      : `<circle cx="${size / 2}" cy="${size / 2}" r="${size * 0.4}" fill="${colour}"/>`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${shape}</svg>`
  return { data: await sharp(Buffer.from(svg)).png().toBuffer(), ext: 'png' }
}

export async function makeAsset(db: DB, storage: Storage, input: AssetFactoryInput = {}): Promise<Asset> {
  const file = await factoryFile(input)
  const title = input.title ?? `Test Asset ${randomUUID().slice(0, 6)}`
  return createAsset(db, storage, {
    original: file.data,
    originalFilename: `${title}.${file.ext}`,
    title,
    description: input.description,
    tags: input.tags ?? ['test'],
    category: input.category ?? 'Abstract',
    assetType: input.assetType,
    isActive: input.isActive ?? true,
    createdAt: input.createdAt,
    downloadCount: input.downloadCount,
  })
}
