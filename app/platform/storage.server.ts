import { createReadStream } from 'node:fs'
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import { mkdir, readdir, rm, stat, writeFile, rename, statfs } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { randomUUID } from 'node:crypto'

/**
 * A stored file, ready to stream: enough to answer an HTTP request for it. Both backends fill
 * every field; the metadata is optional only so that older Storage fakes still fit.
 */
export interface StoredObject {
  stream: Readable
  size: number
  /** From the key's extension (local) or the object's metadata (S3). */
  contentType?: string
  /** A strong validator for conditional requests, quoted as HTTP wants it. */
  etag?: string
  lastModified?: Date | null
}

/**
 * Where asset files live: a local folder, or an S3-compatible bucket (S3_BUCKET). Keys are
 * slash-separated relative paths such as `originals/<uuid>.png` (private) or
 * `public/<uuid>/thumb.webp` (served to anyone, through the app; never straight from the bucket).
 */
export interface Storage {
  /** Which backend, for logs and the status page: 'local' or 's3'. */
  readonly kind?: 'local' | 's3'
  put(key: string, data: Buffer, options?: { contentType?: string }): Promise<void>
  get(key: string): Promise<StoredObject | null>
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>
  exists(key: string): Promise<boolean>
  /** The object's size in bytes without reading it (null when missing): a stat, or S3's HEAD. */
  size(key: string): Promise<number | null>
  /** Removes files half-written before `before` (a write cut off by a crash); local folders only. */
  removeStaleWrites?(before: Date): Promise<number>
  /** Whether a file can be written now, and the free space in bytes where known. */
  check(): Promise<{ writable: boolean; freeBytes: number | null }>
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
}

/** The content type a key's extension implies (application/octet-stream when unknown). */
export function contentTypeForKey(key: string): string {
  const dot = key.lastIndexOf('.')
  return (dot >= 0 && CONTENT_TYPES[key.slice(dot + 1).toLowerCase()]) || 'application/octet-stream'
}

/** Keys are new UUIDs per upload, so the bytes behind a public key never change. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable'

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9._-]*)*$/i

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split('/').includes('..')
}

export function isPublicKey(key: string): boolean {
  return key.startsWith('public/') && isValidKey(key)
}

/** Where the app serves public files (server/images.ts): `public/<uuid>/thumb.png` → `/images/<uuid>/thumb.png`. */
/** A stored file read whole: for the few that are worked on in memory (images, the delivered file). */
export async function readStoredFile(file: StoredObject): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

const PUBLIC_URL_PREFIX = '/images/'

/** The URL of a public file by its key; '' when there is none. */
export function publicFileUrl(key: string | null): string {
  return key ? `${PUBLIC_URL_PREFIX}${key.replace(/^public\//, '')}` : ''
}

/** The key of a public file by its URL (publicFileUrl's inverse), or null for any other URL. */
export function publicFileKey(url: string): string | null {
  return url.startsWith(PUBLIC_URL_PREFIX) ? `public/${url.slice(PUBLIC_URL_PREFIX.length)}` : null
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`)
    return path.join(root, ...key.split('/'))
  }
  const writing = path.join(root, '.writing')
  return {
    kind: 'local',
    async put(key, data) {
      const file = resolve(key)
      await mkdir(path.dirname(file), { recursive: true })
      await mkdir(writing, { recursive: true })
      // Write then rename, so a reader never sees half a file. Half-written files wait in a
      // folder of their own (no key names it): removed here on failure, by the sweep after a crash.
      const tmp = path.join(writing, `${randomUUID()}.tmp`)
      try {
        await writeFile(tmp, data)
        await rename(tmp, file)
      } catch (error) {
        await rm(tmp, { force: true })
        throw error
      }
    },
    async removeStaleWrites(before) {
      let removed = 0
      for (const name of await readdir(writing).catch(() => [] as string[])) {
        const tmp = path.join(writing, name)
        const info = await stat(tmp).catch(() => null)
        if (!info || info.mtime >= before) continue
        await rm(tmp, { force: true })
        removed++
      }
      return removed
    },
    async get(key) {
      if (!isValidKey(key)) return null
      const file = resolve(key)
      try {
        const info = await stat(file)
        if (!info.isFile()) return null
        return {
          stream: createReadStream(file),
          size: info.size,
          contentType: contentTypeForKey(key),
          // Files are written once under a new name (write, then rename): size and time identify them.
          etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
          lastModified: info.mtime,
        }
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
    async size(key) {
      if (!isValidKey(key)) return null
      try {
        const info = await stat(resolve(key))
        return info.isFile() ? info.size : null
      } catch {
        return null
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

export interface S3StorageOptions {
  bucket: string
  endpoint?: string
  region?: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle?: boolean
}

function isNotFound(error: unknown): boolean {
  const e = error as Partial<S3ServiceException> | null
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, ...) with the official SDK, loaded on first use so
 * a start on the local folder never pays for it. Objects are private (no ACL is ever set):
 * originals leave only through the app's signed downloads, derivatives through /images/*.
 * Public derivatives carry an immutable Cache-Control for any CDN in front.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  let sdk: Promise<{ client: S3Client; s3: typeof import('@aws-sdk/client-s3') }> | undefined
  const open = () =>
    (sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: options.region ?? 'us-east-1',
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
        // A bucket that stops answering must not hang requests: fail, and let the caller answer.
        requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
        maxAttempts: 3,
      }),
    })))
  const Bucket = options.bucket
  const check = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`)
    return key
  }
  return {
    kind: 's3',
    async put(key, data, putOptions) {
      const { client, s3 } = await open()
      await client.send(
        new s3.PutObjectCommand({
          Bucket,
          Key: check(key),
          Body: data,
          ContentLength: data.byteLength,
          ContentType: putOptions?.contentType ?? contentTypeForKey(key),
          CacheControl: isPublicKey(key) ? IMMUTABLE_CACHE_CONTROL : 'private, no-store',
        }),
      )
    },
    async get(key) {
      if (!isValidKey(key)) return null
      const { client, s3 } = await open()
      try {
        const object = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }))
        if (!object.Body) return null
        return {
          stream: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? contentTypeForKey(key),
          etag: object.ETag ?? `"${key}"`,
          lastModified: object.LastModified ?? null,
        }
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },
    async delete(key) {
      const { client, s3 } = await open()
      // S3 answers 204 for a missing key too.
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: check(key) }))
    },
    async exists(key) {
      if (!isValidKey(key)) return false
      const { client, s3 } = await open()
      try {
        await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }))
        return true
      } catch (error) {
        if (isNotFound(error)) return false
        throw error
      }
    },
    async size(key) {
      if (!isValidKey(key)) return null
      const { client, s3 } = await open()
      try {
        const head = await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }))
        return head.ContentLength ?? null
      } catch (error) {
        if (isNotFound(error)) return null
        throw error
      }
    },
    async check() {
      const probe = `probes/${randomUUID()}.txt`
      try {
        const { client, s3 } = await open()
        await client.send(new s3.PutObjectCommand({ Bucket, Key: probe, Body: 'ok', ContentType: 'text/plain' }))
        await client.send(new s3.DeleteObjectCommand({ Bucket, Key: probe }))
        // A bucket has no free-space figure.
        return { writable: true, freeBytes: null }
      } catch {
        return { writable: false, freeBytes: null }
      }
    },
  }
}
