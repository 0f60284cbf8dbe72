import { createReadStream } from 'node:fs'
import { mkdir, rm, stat, writeFile, rename, statfs } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { randomUUID } from 'node:crypto'

/**
 * Where asset files live. Keys are slash-separated relative paths such as
 * `originals/<uuid>.png` (private) or `public/<uuid>/thumb.webp` (served to anyone).
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>
  get(key: string): Promise<{ stream: Readable; size: number } | null>
  delete(key: string): Promise<void>
  exists(key: string): Promise<boolean>
  /** Whether a file can be written now, and the free space in bytes where known. */
  check(): Promise<{ writable: boolean; freeBytes: number | null }>
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*$/i

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split('/').includes('..')
}

export function isPublicKey(key: string): boolean {
  return key.startsWith('public/') && isValidKey(key)
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`)
    return path.join(root, ...key.split('/'))
  }
  return {
    async put(key, data) {
      const file = resolve(key)
      await mkdir(path.dirname(file), { recursive: true })
      // Write then rename, so a reader never sees half a file.
      const tmp = `${file}.${randomUUID()}.tmp`
      await writeFile(tmp, data)
      await rename(tmp, file)
    },
    async get(key) {
      if (!isValidKey(key)) return null
      const file = resolve(key)
      try {
        const info = await stat(file)
        if (!info.isFile()) return null
        return { stream: createReadStream(file), size: info.size }
      } catch {
        return null
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true })
    },
    async exists(key) {
      if (!isValidKey(key)) return false
      try {
        return (await stat(resolve(key))).isFile()
      } catch {
        return false
      }
    },
    async check() {
      try {
        await mkdir(root, { recursive: true })
        const probe = path.join(root, `.probe-${randomUUID()}`)
        await writeFile(probe, 'ok')
        await rm(probe, { force: true })
        const fs = await statfs(root)
        return { writable: true, freeBytes: Number(fs.bavail) * Number(fs.bsize) }
      } catch {
        return { writable: false, freeBytes: null }
      }
    },
  }
}
