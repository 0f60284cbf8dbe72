import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import type { DB } from '#db/client'
import { makeUser } from './factories'
import { createSession } from '~/domain/accounts/sessions.server'

// Shared by the admin test files: accounts with sessions, generated images, multipart bodies.

export async function adminAndUser(db: DB) {
  const admin = await makeUser(db, { role: 'admin', fullName: 'Ada Admin' })
  const user = await makeUser(db, { fullName: 'Una User' })
  return {
    admin,
    user,
    adminToken: (await createSession(db, admin.id)).token,
    userToken: (await createSession(db, user.id)).token,
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
export const cookie = (token: string) => ({ cookie: `__session=${token}` })

export function png(colour = '#ff0000', size = 32): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 4, background: colour } })
    .png()
    .toBuffer()
}

export function webp(colour = '#0000ff', size = 32): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 4, background: colour } })
    .webp()
    .toBuffer()
}

export interface Part {
  field: string
  name: string
  type: string
  data: Buffer | string
}

/** A multipart body as a browser sends it. */
export function multipart(fields: Record<string, string>, files: Part[]): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  for (const file of files)
    form.append(
      file.field,
      new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], { type: file.type }),
      file.name,
    )
  return form
}

/** Every file under a storage directory, as relative keys. */
export function storedFiles(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name)
      if (statSync(full).isDirectory()) walk(full)
      else out.push(path.relative(dir, full).split(path.sep).join('/'))
    }
  }
  try {
    walk(dir)
  } catch {
    // no directory yet: nothing stored
  }
  return out.sort()
}

/** The centre pixel's colour of an image, as [r, g, b]. */
export async function centrePixel(data: Buffer): Promise<[number, number, number]> {
  const { data: raw, info } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const i = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels
  return [raw[i], raw[i + 1], raw[i + 2]]
}
