import type { RawBuilder, SqlBool } from 'kysely'
import type { DB } from '#db/client'
import type { User } from '#db/schema'
import type { AssetView, StripItem } from '~/lib/asset-view'
import { favouriteQuery } from '~/domain/favourites/favourites.server'
import { closestPalettes, relatedCandidates, similarCandidates, similarityColours } from './related.server'
import {
  ASSET_VIEW_COLUMNS,
  type AssetViewRow,
  inEarlyAccess,
  isPublished,
  STRIP_COLUMNS,
  toAssetView,
  toStripItem,
} from './assets.server'
import { RELATED_LIMIT } from '~/lib/constants'
import { hasEarlyAccess } from '~/lib/early-access'
import { downloadedTodayQuery } from '~/domain/downloads/downloads.server'
import { sharedResult } from './shared-results.server'

export interface AssetPreviewData {
  asset: AssetView
  /**
   * The size in bytes of the file 'Download' gives (the original with its provenance inside),
   * null until that file is made: a moment after the asset is published.
   */
  fileSize: number | null
  related: StripItem[]
  /** 'Similar colours': the closest palettes (none for audio, which has no colours to match). */
  similar: StripItem[]
  isFavourite: boolean
  /** The signed-in user took it today: another download of it is free even with the quota spent. */
  downloadedToday: boolean
  /** In early access (a draft open to Pro): when it goes live, as ISO 8601. */
  publicAt?: string
}

/** Everything the preview dialog and the asset page show; null for an unknown or draft asset. */
export async function getAssetPreview(
  db: DB,
  assetId: number,
  /** Who is looking: their heart and repeat download; a draft in early access shows to those who have it. */
  viewer?: Viewer | null,
): Promise<AssetPreviewData | null> {
  const shown =
    (await publicPreview(db, assetId)) ?? (hasEarlyAccess(viewer) ? await earlyAccessPreview(db, assetId) : null)
  if (!shown) return null
  if (!viewer) return { ...shown, isFavourite: false, downloadedToday: false }
  const userId = viewer.id
  // Only the personal parts are read per request, in one round trip: the heart and today's
  // free repeat download.
  const personal = await db
    .selectNoFrom((eb) => [
      eb.exists(favouriteQuery(db, userId, assetId)).as('isFavourite'),
      eb.exists(downloadedTodayQuery(db, userId, assetId)).as('downloadedToday'),
    ])
    .executeTakeFirstOrThrow()
  return { ...shown, isFavourite: Boolean(personal.isFavourite), downloadedToday: Boolean(personal.downloadedToday) }
}

type Viewer = Pick<User, 'id' | 'plan' | 'role'>

type PublicPreview = Omit<AssetPreviewData, 'isFavourite' | 'downloadedToday'>

/**
 * What everyone sees of an asset's page alike (the asset, Related Assets, Similar colours),
 * shared by every visitor until the catalogue changes (shared-results.server.ts): an edit,
 * unpublish or delete of the asset or of any other asset moves the catalogue version.
 */
export function publicPreview(db: DB, assetId: number): Promise<PublicPreview | null> {
  return sharedResult(db, `asset:${assetId}`, async () => {
    const row = await publishedAssetPageRow(db, assetId)
    return row ? previewOf(db, row) : null
  })
}

/**
 * An asset in early access, for those who have it: read each time, never from the shared
 * results, which every visitor reads.
 */
async function earlyAccessPreview(db: DB, assetId: number): Promise<PublicPreview | null> {
  const row = await earlyAccessAssetPageRow(db, assetId)
  if (!row?.publish_at) return null
  return { ...(await previewOf(db, row)), publicAt: new Date(row.publish_at).toISOString() }
}

/** What an asset's page shows beside the asset: its file's size, Related Assets, Similar colours. */
async function previewOf(db: DB, row: AssetViewRow & { download_bytes: number | null }): Promise<PublicPreview> {
  const asset = toAssetView(row)
  // Related Assets mostly come from a window every asset page shares; Similar colours'
  // candidates come with what their thumbnails need: no read of the strips' assets after.
  const colours = asset.asset_type === 'audio' ? [] : similarityColours(row.palette)
  const [related, candidates] = await Promise.all([
    relatedCandidates(db, asset, RELATED_LIMIT),
    colours[0] ? similarCandidates(db, asset.id, colours[0]).select(STRIP_COLUMNS).execute() : [],
  ])
  return {
    asset,
    fileSize: row.download_bytes,
    related: related.map(toStripItem),
    similar: closestPalettes(colours, candidates, RELATED_LIMIT).map(toStripItem),
  }
}

/**
 * A published asset's row for its page (its palette with the OKLab coordinates), with the size of the file its plain download delivers
 * (`download_bytes`, null until that file is made), in the same statement.
 */
function publishedAssetPageRow(
  db: DB,
  id: number,
): Promise<(AssetViewRow & { download_bytes: number | null }) | undefined> {
  return assetPageQuery(db, id, isPublished()).executeTakeFirst()
}

/** The same for an asset in early access, with the time it goes live. */
function earlyAccessAssetPageRow(
  db: DB,
  id: number,
): Promise<(AssetViewRow & { download_bytes: number | null; publish_at: Date | null }) | undefined> {
  return assetPageQuery(db, id, inEarlyAccess()).select('publish_at').executeTakeFirst()
}

function assetPageQuery(db: DB, id: number, which: RawBuilder<SqlBool>) {
  return db
    .selectFrom('assets')
    .select(ASSET_VIEW_COLUMNS)
    .where('id', '=', id)
    .where(which)
    .select((eb) =>
      eb
        .selectFrom('asset_variants')
        .select('asset_variants.bytes')
        .whereRef('asset_variants.asset_id', '=', 'assets.id')
        .where('asset_variants.variant', '=', 'original')
        .as('download_bytes'),
    )
}
