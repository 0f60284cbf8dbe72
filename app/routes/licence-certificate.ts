import { data } from 'react-router'
import type { Route } from './+types/licence-certificate'
import { LICENCE_NOT_FOUND, licenceCertificate } from '~/domain/licences/licences.server'
import { servicesContext } from '~/web/context.server'

// GET /licenses/{licenseId}.pdf: the licence's certificate, for anyone who has its id.
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, storage, config } = context.get(servicesContext)
  const pdf = await licenceCertificate(db, storage, params.licenseId, config.appUrl)
  if (!pdf) throw data(`${LICENCE_NOT_FOUND}.`, { status: 404 })
  return new Response(Buffer.from(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${params.licenseId}.pdf"`,
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
