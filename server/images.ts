// Public derivatives (thumbnails, previews) by storage key, straight from the Storage
// interface: no React Router, no database. Originals live under another prefix and are never
// served here; they leave only through a signed download.
import { createHash } from 'node:crypto'
import { pipeline } from 'node:stream/promises'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { isPublicKey, type Storage } from '~/platform/storage.server'

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
}

/** Mounted at /images: `getStorage` answers null until the server is ready. */
export function imagesMiddleware(getStorage: () => Storage | null) {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const storage = getStorage()
    if (!storage) return next()
    let key: string
    try {
      key = `public/${decodeURIComponent(req.path.replace(/^\//, ''))}`
    } catch {
      return notFound(res)
    }
    if (!isPublicKey(key)) return notFound(res)
    let opened: { destroy(): void } | undefined
    try {
      const file = await storage.get(key)
      opened = file?.stream
      if (!file) return notFound(res)
      // Keys are new UUIDs per upload: the bytes behind a key never change, so the key and
      // size name them for good.
      const etag = `"${createHash('sha1').update(key).digest('base64url')}-${file.size.toString(36)}"`
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      res.setHeader('ETag', etag)
      const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase()
      res.setHeader('Content-Type', TYPES[ext] ?? file.contentType ?? 'application/octet-stream')
      if (req.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
        file.stream.destroy()
        return void res.status(304).end()
      }
      res.setHeader('Content-Length', String(file.size))
      if (req.method === 'HEAD') {
        file.stream.destroy()
        return void res.end()
      }
      await pipeline(file.stream, res)
    } catch (error) {
      // The client went away (a page left before its thumbnails arrived): nothing to answer.
      opened?.destroy()
      if (
        res.destroyed ||
        (error as { code?: string }).code === 'ERR_STREAM_UNABLE_TO_PIPE' ||
        (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE'
      )
        return
      if (res.headersSent) res.destroy()
      else next(error)
    }
  }
}

function notFound(res: ExpressResponse) {
  res.setHeader('Cache-Control', 'public, max-age=60')
  res.status(404).type('text/plain').send('Not found')
}
