import { data, redirect } from 'react-router'
import type { Route } from './+types/asset-download'
import { getUser } from '~/web/session.server'
import { ASSET_NOT_FOUND, grantDownload } from '~/domain/downloads/grant.server'
import { downloadOptionsOf } from '~/lib/download-options'
import { signingSecret } from '~/platform/signing.server'
import { servicesContext } from '~/web/context.server'
import { isDataRequest, readForm } from '~/web/http.server'
import { parseId } from '~/lib/ids'
import { loginHref } from '~/lib/redirects'
import { refusalStatus } from '~/web/refusals.server'

export const UPGRADE_URL = '/pricing?alert=upgrade_required'

/**
 * 'Download PNG' posts here. Signed out: to login, which brings the user back with the download
 * resumed. Over the quota: to pricing. Otherwise a plain form submission is answered with the
 * file's signed link (the browser saves it and stays on the page); a fetcher gets the link as
 * data and saves the file itself.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = parseId(params.id)
  const user = await getUser(request, context)
  if (!user) return redirect(loginHref('/explore', { assetId: id, alert: 'signin_required' }))
  if (!id) return data({ ok: false as const, error: ASSET_NOT_FOUND }, { status: 404 })
  // The options form (size, format, background, padding) posts here too; the plain button sends none.
  const options = request.headers.get('content-type') ? downloadOptionsOf(await readForm(request)) : {}
  const { db, config } = context.get(servicesContext)
  const grant = await grantDownload(db, { user, assetId: id, options, secret: signingSecret(config) })
  if (!grant.ok) {
    if (grant.reason === 'quota-exceeded') return redirect(UPGRADE_URL)
    return data({ ok: false as const, error: grant.error }, { status: refusalStatus(grant.reason) })
  }
  const isFetch = isDataRequest(request)
  if (!isFetch) return redirect(grant.downloadUrl, 303)
  return { ok: true as const, downloadUrl: grant.downloadUrl, filename: grant.filename }
}

export function loader({ params }: Route.LoaderArgs) {
  // A GET (a reload, a shared link) grants nothing: back to the asset.
  return redirect(`/assets/${params.id}`)
}
