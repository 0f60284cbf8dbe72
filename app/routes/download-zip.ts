import type { Route } from './+types/download-zip'
import { getUser } from '~/web/session.server'
import { getCollection } from '~/domain/collections/collections.server'
import { grantBundle } from '~/domain/downloads/bundle.server'
import { contentDisposition, readZipLink } from '~/domain/downloads/downloads.server'
import { signingSecret } from '~/platform/signing.server'
import { servicesContext } from '~/web/context.server'
import { plainText } from '~/web/http.server'
import { refusalStatus } from '~/web/refusals.server'

/**
 * GET /downloads/zip/<signed link>: a ZIP the page's 'Download as ZIP' granted, streamed as it is
 * written. The link is its owner's only and expires within minutes; it grants the same assets
 * again as of the grant's time, so opening it (or 'Download again') spends nothing more.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, storage, config } = context.get(servicesContext)
  const link = readZipLink(signingSecret(config), params.token)
  if (!link) return plainText('This download link is invalid or has expired. Please download the ZIP again.', 403)
  const user = await getUser(request, context)
  if (user?.id !== link.userId)
    return plainText('This download link is for another account. Sign in to it, or download the ZIP again.', 403)
  const collection = await getCollection(db, link.collectionId, user)
  if (!collection) return plainText('This collection is no longer available.', 404)
  const grant = await grantBundle(db, storage, {
    user,
    assetIds: link.assetIds,
    format: link.format,
    name: collection.name,
    siteUrl: config.appUrl,
    now: link.grantedAt,
  })
  if (!grant.ok) return plainText(grant.error, refusalStatus(grant.reason))
  return new Response(grant.stream, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition(grant.filename),
      'Cache-Control': 'private, no-store',
    },
  })
}
