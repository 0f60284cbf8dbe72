import type { RouterContextProvider } from 'react-router'
import type { User } from '#db/schema'
import { downloadAsset, type DownloadGrant } from '~/domain/downloads.server'
import { signingSecret } from '~/domain/signing.server'
import { servicesContext } from '~/web/context.server'

/**
 * The one grant path of the download doors (the page's 'Download PNG' form and the JSON API):
 * quota, history row and signed link, for the signed-in user. Only a POST calls it.
 */
export function grantDownload(context: Readonly<RouterContextProvider>, user: User, assetId: number): Promise<DownloadGrant> {
  const { db, config } = context.get(servicesContext)
  return downloadAsset(db, { userId: user.id, plan: user.plan, assetId, secret: signingSecret(config) })
}
