import type { RouterContextProvider } from 'react-router'
import type { User } from '#db/schema'
import { downloadAsset, type DownloadGrant } from '~/domain/downloads/downloads.server'
import { checkDownloadOptions, variantFilename } from '~/domain/downloads/download-variants.server'
import { signingSecret } from '~/platform/signing.server'
import { variantName, type RawDownloadOptions } from '~/lib/download-options'
import { servicesContext } from '~/web/context.server'

/**
 * The one grant path of the download doors (the page's 'Download PNG' form and the JSON API):
 * quota, history row and signed link, for the signed-in user. Only a POST calls it. Download
 * options (size, format, background, padding) are checked first, so a bad one costs no quota
 * (400); a variant's link carries its name and its file is named '{title}-{size}.{ext}'.
 */
export async function grantDownload(
  context: Readonly<RouterContextProvider>,
  user: User,
  assetId: number,
  options: RawDownloadOptions = {},
): Promise<DownloadGrant | { ok: false; reason: 'invalid-option'; error: string }> {
  const { db, config } = context.get(servicesContext)
  const checked = await checkDownloadOptions(db, assetId, options)
  if (!checked.ok) return checked as DownloadGrant | { ok: false; reason: 'invalid-option'; error: string }
  const variant = checked.variant
  const grant = await downloadAsset(db, {
    userId: user.id,
    plan: user.plan,
    assetId,
    secret: signingSecret(config),
    variant: variant ? variantName(variant) : undefined,
  })
  return grant.ok && variant ? { ...grant, filename: variantFilename(grant.asset.title, variant) } : grant
}

/** The option fields of a form or JSON body, as given (validated by grantDownload). */
export function downloadOptionsOf(body: Record<string, unknown> | FormData): RawDownloadOptions {
  const get = (name: string) => (body instanceof FormData ? (body.get(name) ?? undefined) : body[name])
  // The form's background menu has 'Custom colour', whose value is the colour field beside it.
  const background = get('background') === 'custom' ? get('background_colour') : get('background')
  return { size: get('size'), format: get('format'), background, padding: get('padding') }
}
