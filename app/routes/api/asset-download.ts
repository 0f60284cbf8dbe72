import type { Route } from './+types/asset-download'
import { requireApiUser } from '~/web/session.server'
import { grantDownload } from '~/web/downloads.server'
import { jsonError, methodNotAllowed } from '~/web/http.server'
import { positiveInt } from '~/lib/explore-params'

// POST /api/assets/download/{id} (bearer) → {downloadUrl, filename}; 403 {error:'Download quota exceeded'}.
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed('POST')
  const user = await requireApiUser(request, context)
  const id = positiveInt(params.id)
  if (!id) return jsonError(400, 'The asset id must be a number.')
  const grant = await grantDownload(context, user, id)
  if (!grant.ok) return jsonError(grant.status, grant.error)
  return Response.json({ downloadUrl: grant.downloadUrl, filename: grant.filename }, { headers: { 'Cache-Control': 'no-store' } })
}

// Any other method gets a JSON 405, not the router's generic error.
export const loader = () => methodNotAllowed('POST')
