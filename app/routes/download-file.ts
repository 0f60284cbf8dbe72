import { Readable } from 'node:stream'
import type { Route } from './+types/download-file'
import { openDeliveredFile } from '~/domain/downloads/delivered-files.server'
import { contentDisposition, readDownloadLink } from '~/domain/downloads/downloads.server'
import { variantFromName } from '~/lib/download-options'
import { signingSecret } from '~/platform/signing.server'
import { servicesContext } from '~/web/context.server'
import { plainText } from '~/web/http.server'

export const REPLACED =
  'This file has been replaced by a newer version since this link was made. Please download the asset again.'

/**
 * GET /downloads/<signed link>: the delivered file (the original, or the variant the options
 * asked for, with the asset's provenance inside), as an attachment. The link is minted by a
 * download grant and expires within minutes; originals leave only here.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage, config } = context.get(servicesContext)
  const link = readDownloadLink(signingSecret(config), params.token)
  if (!link) return plainText('This download link is invalid or has expired. Please download the asset again.', 403)
  const variant = link.variant ? variantFromName(link.variant) : null
  if (link.variant && !variant) return plainText('This download link is invalid. Please download the asset again.', 403)
  const found = await openDeliveredFile(db, storage, link.assetId, variant, config.appUrl, link.digest)
  if (!found) return plainText('This asset is no longer available.', 404)
  if (found === 'replaced') return plainText(REPLACED, 410)
  return new Response(Readable.toWeb(found.stored.stream) as ReadableStream, {
    headers: {
      'Content-Type': found.file.mimeType,
      'Content-Length': String(found.stored.size),
      'Content-Disposition': contentDisposition(found.file.filename),
      'Cache-Control': 'private, no-store',
    },
  })
}
