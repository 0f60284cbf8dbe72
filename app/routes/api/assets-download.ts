import type { Route } from './+types/assets-download'
import { requireApiUser } from '~/web/session.server'
import { ASSET_NOT_FOUND, grantDownload } from '~/domain/downloads/grant.server'
import { downloadOptionsOf, type RawDownloadOptions } from '~/lib/download-options'
import { signingSecret } from '~/platform/signing.server'
import { servicesContext } from '~/web/context.server'
import { jsonError, apiRoute, readOptionalApiBody, refusalResponse } from '~/web/http.server'
import { z } from 'zod'
import { parseId } from '~/lib/ids'
import { licencePath } from '~/lib/licence-id'

// POST /api/assets/download/{id} (bearer) → {downloadUrl, filename, licenseId, licenseUrl}; 403 {error:'Download quota exceeded'}.
// An optional body (JSON or form) picks a variant: size, format, background, padding (audio:
// format mp3); a bad value is a 400 naming the field. No body: the original, as before.
const OptionsBody = z.object(
  {
    size: z.unknown().optional(),
    format: z.unknown().optional(),
    background: z.unknown().optional(),
    padding: z.unknown().optional(),
  },
  { message: 'The body must be an object with size, format, background or padding.' },
)

async function POST({ request, context, params }: Route.ActionArgs) {
  const user = await requireApiUser(request, context)
  const id = parseId(params.id)
  if (!id) return jsonError(404, ASSET_NOT_FOUND, { reason: 'asset-not-found' })
  const body = await readOptionalApiBody(request, OptionsBody)
  if (!body.ok) return body.response
  const options: RawDownloadOptions = body.value ? downloadOptionsOf(body.value) : {}
  const { db, storage, config } = context.get(servicesContext)
  const grant = await grantDownload(db, storage, {
    user,
    assetId: id,
    options,
    secret: signingSecret(config),
    siteUrl: config.appUrl,
  })
  if (!grant.ok) return refusalResponse(grant)
  return Response.json(
    {
      downloadUrl: grant.downloadUrl,
      filename: grant.filename,
      licenseId: grant.licenceId,
      licenseUrl: new URL(licencePath(grant.licenceId), config.appUrl).href,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
