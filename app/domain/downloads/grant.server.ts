import { sql } from 'kysely'
import type { DB } from '#db/client'
import type { Asset, User } from '#db/schema'
import type { AssetView } from '~/lib/asset-view'
import { FREE_DAILY_DOWNLOADS } from '~/lib/constants'
import { parseDownloadOptions, type RawDownloadOptions } from '~/lib/download-options'
import { toAssetView } from '~/domain/catalogue/assets.server'
import { variantFilename } from './download-variants.server'
import { downloadFilename, downloadLink, utcDay } from './downloads.server'

const QUOTA_EXCEEDED = 'Download quota exceeded'
export const ASSET_NOT_FOUND = 'Asset not found'

type DownloadRefusal = {
  ok: false
  reason: 'asset-not-found' | 'invalid-option' | 'quota-exceeded'
  error: string
}

export type DownloadGrant =
  | { ok: true; asset: AssetView; downloadUrl: string; filename: string; repeat: boolean }
  | DownloadRefusal

/**
 * Grants one download, the one path of both doors (the page's form and the JSON API): a Free
 * user gets 5 distinct assets per UTC day, a repeat of the same asset that day is free, Pro has
 * no limit. The published asset is read once and that row answers everything: its type checks
 * the options first (a bad one costs no quota), then the quota is spent, the history row
 * written, and the file named ('{title}.{ext}', a variant '{title}-{size}.{ext}'). Returns a
 * short-lived signed link.
 */
export async function grantDownload(
  db: DB,
  input: {
    user: Pick<User, 'id' | 'plan'>
    assetId: number
    options: RawDownloadOptions
    secret: string
    now?: Date
  },
): Promise<DownloadGrant> {
  const now = input.now ?? new Date()
  const asset = await db
    .selectFrom('assets')
    .selectAll()
    .where('id', '=', input.assetId)
    .where('is_active', '=', true)
    .executeTakeFirst()
  if (!asset) return { ok: false, reason: 'asset-not-found', error: ASSET_NOT_FOUND }
  const checked = parseDownloadOptions(input.options, asset.asset_type)
  if (!checked.ok) return { ok: false, reason: 'invalid-option', error: checked.error }

  // Variants change nothing here: the quota counts the asset once a day whatever is taken.
  const outcome = await spendDownload(db, input.user, asset, now)
  if (outcome === 'spent') return { ok: false, reason: 'quota-exceeded', error: QUOTA_EXCEEDED }
  const variant = checked.variant
  return {
    ok: true,
    asset: toAssetView(outcome === 'granted' ? { ...asset, download_count: asset.download_count + 1 } : asset),
    downloadUrl: `/downloads/${downloadLink(input.secret, asset.id, now, variant)}`,
    filename: variant ? variantFilename(asset.title, variant) : downloadFilename(asset.title, asset.original_key),
    repeat: outcome === 'repeat',
  }
}

/**
 * The history row, the quota and the asset's download count, in one statement: the history row
 * first (its unique day key makes a parallel request for the same asset wait, then see a
 * repeat), the quota counter only for a fresh row, as a single conditional upsert so parallel
 * requests can never pass the limit. When the quota is spent, the transaction takes the history
 * row back.
 */
async function spendDownload(
  db: DB,
  user: Pick<User, 'id' | 'plan'>,
  asset: Asset,
  now: Date,
): Promise<'granted' | 'repeat' | 'spent'> {
  const limit = user.plan === 'pro' ? sql`true` : sql`q.used < ${FREE_DAILY_DOWNLOADS}`
  return db
    .transaction()
    .execute(async (trx) => {
      const { rows } = await sql<{ fresh: boolean; counted: boolean }>`
        with fresh as (
          insert into downloads (user_id, asset_id, asset_title, day, created_at)
          values (${user.id}, ${asset.id}, ${asset.title}, ${utcDay(now)}, ${now})
          on conflict (user_id, asset_id, day) do nothing
          returning user_id, day
        ), counted as (
          insert into download_quota_usage as q (user_id, day, used)
          select user_id, day, 1 from fresh
          on conflict (user_id, day) do update set used = q.used + 1 where ${limit}
          returning used
        ), tallied as (
          update assets set download_count = download_count + 1
          where id = ${asset.id} and exists (select from counted)
        )
        select exists (select from fresh) as fresh, exists (select from counted) as counted
      `.execute(trx)
      const [{ fresh, counted }] = rows
      if (!fresh) return 'repeat' as const
      if (!counted) throw new QuotaSpent()
      return 'granted' as const
    })
    .catch((error: unknown) => {
      if (error instanceof QuotaSpent) return 'spent' as const
      throw error
    })
}

class QuotaSpent extends Error {}
