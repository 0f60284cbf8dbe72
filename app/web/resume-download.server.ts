import { redirect, type RouterContextProvider } from 'react-router'
import type { User } from '#db/schema'
import type { AssetPreviewData } from '~/domain/preview.server'
import { downloadAsset } from '~/domain/downloads.server'
import { signingSecret } from '~/domain/signing.server'
import { servicesContext } from '~/web/context.server'

/**
 * After 'sign in to download', login sends the user to ?assetId=<id>&download=1: the download
 * they asked for is granted here, so the page can save it at once (with or without JavaScript).
 * Over the quota, they go to pricing as a direct download would.
 */
export async function resumeDownloadAfterLogin(
  context: Readonly<RouterContextProvider>,
  url: URL,
  user: User | null,
  preview: AssetPreviewData | null,
): Promise<{ downloadUrl: string; filename: string } | null> {
  if (!user || !preview || url.searchParams.get('download') !== '1') return null
  const { db, config } = context.get(servicesContext)
  const grant = await downloadAsset(db, { userId: user.id, plan: user.plan, assetId: preview.asset.id, secret: signingSecret(config) })
  if (!grant.ok) {
    if (grant.status === 403) throw redirect('/pricing?alert=upgrade_required')
    return null
  }
  return { downloadUrl: grant.downloadUrl, filename: grant.filename }
}
