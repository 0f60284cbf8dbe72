import type { Route } from './+types/assets-download'
import { requireApiUser } from '~/web/session.server'
import { ASSET_NOT_FOUND, downloadAsset } from '~/domain/downloads.server'
import { signingSecret } from '~/domain/signing.server'
import { jsonError, apiRoute } from '~/web/http.server'
import { servicesContext } from '~/web/context.server'
import { parseId } from '~/lib/ids'

// POST /api/assets/download/{id} (bearer) → {downloadUrl, filename}; 403 {error:'Download quota exceeded'}.
async function POST({ request, context, params }: Route.ActionArgs) {
  const user = await requireApiUser(request, context)
  const id = parseId(params.id)
  if (!id) return jsonError(404, ASSET_NOT_FOUND)
  const { db, config } = context.get(servicesContext)
  const grant = await downloadAsset(db, { userId: user.id, plan: user.plan, assetId: id, secret: signingSecret(config) })
  if (!grant.ok) return jsonError(grant.status, grant.error)
  return Response.json({ downloadUrl: grant.downloadUrl, filename: grant.filename }, { headers: { 'Cache-Control': 'no-store' } })
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
