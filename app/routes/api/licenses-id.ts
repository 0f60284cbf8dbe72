import type { Route } from './+types/licenses-id'
import { findLicence, LICENCE_NOT_FOUND } from '~/domain/licences/licences.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute, jsonError } from '~/web/http.server'

// GET /api/licenses/{licenseId} → the licence's facts, for anyone who has its id (no sign-in).
async function GET({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext)
  const licence = await findLicence(db, params.licenseId)
  if (!licence) return jsonError(404, LICENCE_NOT_FOUND, { reason: 'licence-not-found' })
  const origin = config.appUrl
  return Response.json(
    {
      licenseId: licence.licenseId,
      status: licence.status,
      asset: {
        id: licence.asset.id,
        title: licence.asset.title,
        url: licence.asset.url ? new URL(licence.asset.url, origin).href : null,
      },
      licensee: licence.licensee,
      issuedAt: licence.issuedAt,
      plan: licence.plan,
      termsVersion: licence.termsVersion,
      sha256: licence.sha256,
      variant: licence.variant,
      verifyUrl: new URL(licence.verifyPath, origin).href,
      certificateUrl: new URL(`${licence.verifyPath}.pdf`, origin).href,
    },
    { headers: { 'Cache-Control': 'public, max-age=300' } },
  )
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
