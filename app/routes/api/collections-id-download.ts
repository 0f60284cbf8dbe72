import type { Route } from './+types/collections-id-download'
import { requireApiUser } from '~/web/session.server'
import { COLLECTION_NOT_FOUND, collectionAssetIds, getCollection } from '~/domain/collections/collections.server'
import { grantBundle } from '~/domain/downloads/bundle.server'
import { contentDisposition } from '~/domain/downloads/downloads.server'
import { apiRoute, jsonError, refusalResponse } from '~/web/http.server'
import { servicesContext } from '~/web/context.server'
import { parseId } from '~/lib/ids'

// GET /api/collections/{id}/download?format= → application/zip: a public collection, a kit or
// the caller's own, streamed, under the same quota as the page's 'Download as ZIP'.
async function GET({ request, context, params, url }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context)
  const id = parseId(params.id)
  if (!id) return jsonError(404, COLLECTION_NOT_FOUND, { reason: 'collection-not-found' })
  const { db, storage, config } = context.get(servicesContext)
  const [collection, assetIds] = await Promise.all([getCollection(db, id, user), collectionAssetIds(db, id, user)])
  if (!collection || !assetIds) return jsonError(404, COLLECTION_NOT_FOUND, { reason: 'collection-not-found' })
  const grant = await grantBundle(db, storage, {
    user,
    assetIds,
    format: url.searchParams.get('format'),
    name: collection.name,
    siteUrl: config.appUrl,
  })
  if (!grant.ok) return refusalResponse(grant)
  return new Response(grant.stream, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition(grant.filename),
      'Cache-Control': 'no-store',
    },
  })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
