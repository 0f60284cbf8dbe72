import { Readable } from 'node:stream'
import type { Route } from './+types/images'
import { isPublicKey } from '~/domain/storage.server'
import { servicesContext } from '~/web/context.server'

const TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg', svg: 'image/svg+xml', mp3: 'audio/mpeg' }

/**
 * Public derivatives (thumbnails, previews) by storage key. Originals live under another
 * prefix and are never served here: they leave only through a signed download.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const key = `public/${params['*'] ?? ''}`
  if (!isPublicKey(key)) return new Response('Not found', { status: 404 })
  const file = await context.get(servicesContext).storage.get(key)
  if (!file) return new Response('Not found', { status: 404 })
  const ext = key.slice(key.lastIndexOf('.') + 1)
  return new Response(Readable.toWeb(file.stream) as ReadableStream, {
    headers: {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Content-Length': String(file.size),
      // Keys are new UUIDs per upload: the bytes behind a key never change.
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  })
}
