import { Readable } from 'node:stream'
import type { Route } from './+types/download-file'
import { contentDisposition, originalFile, readDownloadLink } from '~/domain/downloads/downloads.server'
import { signingSecret } from '~/platform/signing.server'
import { variantFile } from '~/domain/downloads/download-variants.server'
import { variantFromName } from '~/lib/download-options'
import { servicesContext } from '~/web/context.server'

/**
 * GET /downloads/<signed link>: the original file, as an attachment named '{title}.png'. The
 * link is minted by a download grant and expires within minutes; originals leave only here.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage, config } = context.get(servicesContext)
  const link = readDownloadLink(signingSecret(config), params.token)
  if (!link)
    return new Response('This download link is invalid or has expired. Please download the asset again.', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  // A variant (download options): made from the original on first request, then read from storage.
  const variant = link.variant ? variantFromName(link.variant) : null
  if (link.variant && !variant)
    return new Response('This download link is invalid. Please download the asset again.', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  const found = variant
    ? await variantFile(db, storage, link.assetId, variant)
    : await originalFile(db, storage, link.assetId)
  if (!found)
    return new Response('This asset is no longer available.', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  return new Response(Readable.toWeb(found.file.stream) as ReadableStream, {
    headers: {
      'Content-Type': found.mimeType,
      'Content-Length': String(found.file.size),
      'Content-Disposition': contentDisposition(found.filename),
      'Cache-Control': 'private, no-store',
    },
  })
}
