import { randomUUID } from 'node:crypto'
import type { DB } from '../client'
import type { Asset, AssetType, User } from '../schema'
import { createAsset } from '~/domain/assets.server'
import { hashPassword } from '~/domain/passwords.server'
import type { Storage } from '~/domain/storage.server'
import { renderDemoImage } from './render'
import type { DemoShape } from './catalogue'

// Factories shared by the demo seed and the tests, so both build data the same way.

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
  shape?: DemoShape
  colour?: string
  accent?: string
  size?: number
}

export async function makeAsset(db: DB, storage: Storage, input: AssetFactoryInput = {}): Promise<Asset> {
  const original = await renderDemoImage(
    { shape: input.shape ?? 'sphere', colour: input.colour ?? '#3b82f6', accent: input.accent ?? '#f472b6' },
    input.size ?? 256,
  )
  const title = input.title ?? `Test Asset ${randomUUID().slice(0, 6)}`
  return createAsset(db, storage, {
    original,
    originalFilename: `${title}.png`,
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
