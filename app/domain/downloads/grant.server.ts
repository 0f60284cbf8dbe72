import { sql } from 'kysely'
import type { DB } from '#db/client'
import type { Asset, User } from '#db/schema'
import type { AssetView } from '~/lib/asset-view'
import { FREE_DAILY_DOWNLOADS } from '~/lib/constants'
import { parseDownloadOptions, type RawDownloadOptions } from '~/lib/download-options'
import { toAssetView } from '~/domain/catalogue/assets.server'
import { licenseeName, newLicenceId } from '~/domain/licences/licences.server'
import { LICENCE_TERMS } from '~/lib/licence-terms'
import { hasDailyLimit } from '~/lib/quota'
import { hasEarlyAccess } from '~/lib/early-access'
import type { Storage } from '~/platform/storage.server'
import { type DeliveredFile, deliveredFile, deliveredName, selectDeliverable } from './delivered-files.server'
import { downloadLink, utcDay } from './downloads.server'

const QUOTA_EXCEEDED = 'Download quota exceeded'
export const ASSET_NOT_FOUND = 'Asset not found'

type DownloadRefusal = {
  ok: false
  reason: 'asset-not-found' | 'invalid-option' | 'quota-exceeded'
  error: string
}

export type DownloadGrant =
  | {
      ok: true
      asset: AssetView
      downloadUrl: string
      filename: string
      repeat: boolean
      /** The licence this download is granted under (the same one for the same file). */
      licenceId: string
    }
  | DownloadRefusal

/**
 * Grants one download, the one path of both doors (the page's form and the JSON API): a Free
 * user gets 5 distinct assets per UTC day, a repeat of the same asset that day is free, Pro and
 * administrators have no limit. The asset (published, or in early access for those who have it)
 * is read once, with the digest of the file it delivers, and that row answers everything: its type and size check the options first (a bad one costs no quota), the
 * delivered file is made if it was not (a failure costs no quota either), then the quota is
 * spent and the history row and the licence written together. Returns a short-lived signed
 * link to the file and the licence it is granted under.
 */
export async function grantDownload(
  db: DB,
  storage: Storage,
  input: {
    user: Pick<User, 'id' | 'plan' | 'role' | 'full_name' | 'email'>
    assetId: number
    options: RawDownloadOptions
    secret: string
    /** The site's address, for the provenance inside the file. */
    siteUrl: string
    now?: Date
  },
): Promise<DownloadGrant> {
  const now = input.now ?? new Date()
  // The file's name is known from the options before the asset's type and size are: read as a
  // picture's of unknown size, or as audio's when MP3 is asked for.
  const asksMp3 = typeof input.options.format === 'string' && input.options.format.trim().toLowerCase() === 'mp3'
  const guessed = parseDownloadOptions(input.options, {
    asset_type: asksMp3 ? 'audio' : 'image',
    width: null,
    height: null,
  })
  const guessedName = guessed.ok ? deliveredName(guessed.variant) : 'original'
  const early = hasEarlyAccess(input.user)
  let asset = await selectDeliverable(db, input.assetId, guessedName, early).executeTakeFirst()
  if (!asset) return { ok: false, reason: 'asset-not-found', error: ASSET_NOT_FOUND }
  const checked = parseDownloadOptions(input.options, asset)
  if (!checked.ok) return { ok: false, reason: 'invalid-option', error: checked.error }
  const variant = checked.variant
  if (deliveredName(variant) !== guessedName) {
    asset = await selectDeliverable(db, input.assetId, deliveredName(variant), early).executeTakeFirst()
    if (!asset) return { ok: false, reason: 'asset-not-found', error: ASSET_NOT_FOUND }
  }
  const file = await deliveredFile(db, storage, asset, variant, input.siteUrl)
  if (!file) return { ok: false, reason: 'asset-not-found', error: ASSET_NOT_FOUND }

  // Variants change nothing here: the quota counts the asset once a day whatever is taken.
  const outcome = await spendDownload(db, input.user, asset, file, now)
  if (outcome === 'spent') return { ok: false, reason: 'quota-exceeded', error: QUOTA_EXCEEDED }
  return {
    ok: true,
    asset: toAssetView(outcome.fresh ? { ...asset, download_count: asset.download_count + 1 } : asset),
    downloadUrl: `/downloads/${downloadLink(input.secret, asset.id, now, variant, file.sha256)}`,
    filename: file.filename,
    repeat: !outcome.fresh,
    licenceId: outcome.licenceId,
  }
}

/**
 * The licence, the history row, the quota and the asset's download count, in one statement.
 * The licence is one per user, asset and file's bytes (a conflict returns the one already
 * there; a file made again after a title edit is another licence). The
 * history row is one per user, asset and day: `xmax = 0` tells a fresh row from a repeat, whose
 * row now names the latest licence. The quota counter moves only for a fresh row, as a single
 * conditional upsert, so parallel requests can never pass the limit; when it is spent, the
 * transaction takes the licence and the history row back.
 */
async function spendDownload(
  db: DB,
  user: Pick<User, 'id' | 'plan' | 'role' | 'full_name' | 'email'>,
  asset: Asset,
  file: DeliveredFile,
  now: Date,
): Promise<{ fresh: boolean; licenceId: string } | 'spent'> {
  const limit = hasDailyLimit(user) ? sql`q.used < ${FREE_DAILY_DOWNLOADS}` : sql`true`
  return db
    .transaction()
    .execute(async (trx) => {
      const { rows } = await sql<{ fresh: boolean; counted: boolean; licence_id: string }>`
        with licence as (
          insert into licences (id, user_id, asset_id, asset_title, variant, variant_label, sha256, licensee, plan,
            terms_version, issued_at)
          values (${newLicenceId()}, ${user.id}, ${asset.id}, ${file.title}, ${file.name}, ${file.label},
            ${file.sha256}, ${licenseeName(user)}, ${user.plan}, ${LICENCE_TERMS.version}, ${now})
          on conflict (user_id, asset_id, variant, sha256) do update set id = licences.id
          returning id
        ), history as (
          insert into downloads (user_id, asset_id, asset_title, day, created_at, licence_id)
          select ${user.id}, ${asset.id}, ${file.title}, ${utcDay(now)}, ${now}, id from licence
          on conflict (user_id, asset_id, day) do update set licence_id = excluded.licence_id
          returning user_id, day, (xmax = 0) as fresh
        ), counted as (
          insert into download_quota_usage as q (user_id, day, used)
          select user_id, day, 1 from history where fresh
          on conflict (user_id, day) do update set used = q.used + 1 where ${limit}
          returning used
        ), tallied as (
          update assets set download_count = download_count + 1
          where id = ${asset.id} and exists (select from counted)
        )
        select (select fresh from history) as fresh, exists (select from counted) as counted,
          (select id from licence) as licence_id
      `.execute(trx)
      const [{ fresh, counted, licence_id }] = rows
      if (fresh && !counted) throw new QuotaSpent()
      return { fresh, licenceId: licence_id }
    })
    .catch((error: unknown) => {
      if (error instanceof QuotaSpent) return 'spent' as const
      throw error
    })
}

class QuotaSpent extends Error {}
