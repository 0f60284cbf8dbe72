import { data, redirect } from 'react-router'
import type { Route } from './+types/asset-download'
import { getUser } from '~/web/session.server'
import { ASSET_NOT_FOUND, grantDownload } from '~/domain/downloads/grant.server'
import { downloadOptionsOf } from '~/lib/download-options'
import { signingSecret } from '~/platform/signing.server'
import { servicesContext } from '~/web/context.server'
import { isDataRequest, readForm } from '~/web/http.server'
import { parseId } from '~/lib/ids'
import { downloadStartedHref } from '~/lib/download-started'
import { loginHref, safeRedirectPath } from '~/lib/redirects'
import { refusalStatus } from '~/web/refusals.server'

export const UPGRADE_URL = '/pricing?alert=upgrade_required'

/**
 * 'Download PNG' posts here. Signed out: to login, which brings the user back to the page they
 * were on with the download offered. Over the quota: to pricing. Otherwise a plain form submission goes back to its page,
 * which starts the file and links its licence; a fetcher gets the link and the licence as data
 * and saves the file itself.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const id = parseId(params.id)
  // The options form (size, format, background, padding) posts here too; the plain button sends none.
  const form = request.headers.get('content-type') ? await readForm(request) : null
  // The page the button was on: the asset's own, or the dialog over a grid.
  const back = safeRedirectPath(String(form?.get('return_to') ?? ''), `/assets/${id ?? ''}`)
  const user = await getUser(request, context)
  // Signed out: sign in first, then back to that page with the download offered.
  if (!user) return redirect(id ? loginHref(back, { intent: 'download', assetId: id }) : loginHref(back))
  if (!id) return data({ ok: false as const, error: ASSET_NOT_FOUND }, { status: 404 })
  const options = form ? downloadOptionsOf(form) : {}
  const { db, storage, config } = context.get(servicesContext)
  const grant = await grantDownload(db, storage, {
    user,
    assetId: id,
    options,
    secret: signingSecret(config),
    siteUrl: config.appUrl,
  })
  if (!grant.ok) {
    if (grant.reason === 'quota-exceeded') return redirect(UPGRADE_URL)
    return data({ ok: false as const, error: grant.error }, { status: refusalStatus(grant.reason) })
  }
  if (isDataRequest(request))
    return { ok: true as const, downloadUrl: grant.downloadUrl, filename: grant.filename, licenseId: grant.licenceId }
  // A plain form post: back to the page it came from, which starts the file (a meta refresh)
  // and says which licence it is granted under.
  return redirect(downloadStartedHref(back, grant.downloadUrl, grant.licenceId), 303)
}

export function loader({ params }: Route.LoaderArgs) {
  // A GET (a reload, a shared link) grants nothing: back to the asset.
  return redirect(`/assets/${params.id}`)
}
