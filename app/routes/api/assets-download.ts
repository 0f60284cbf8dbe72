import type { Route } from './+types/assets-download'
import { requireApiUser } from '~/web/session.server'
import { ASSET_NOT_FOUND } from '~/domain/downloads.server'
import { grantDownload } from '~/web/downloads.server'
import { jsonError, apiRoute } from '~/web/http.server'
import { parseId } from '~/lib/ids'

// POST /api/assets/download/{id} (bearer) → {downloadUrl, filename}; 403 {error:'Download quota exceeded'}.
async function POST({ request, context, params }: Route.ActionArgs) {
  const user = await requireApiUser(request, context)
  const id = parseId(params.id)
  if (!id) return jsonError(404, ASSET_NOT_FOUND)
  const grant = await grantDownload(context, user, id)
  if (!grant.ok) return jsonError(grant.status, grant.error)
  return Response.json({ downloadUrl: grant.downloadUrl, filename: grant.filename }, { headers: { 'Cache-Control': 'no-store' } })
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
