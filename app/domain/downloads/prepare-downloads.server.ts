import { sql } from 'kysely'
import { BACKGROUND_DUTY, createPacer } from '~/platform/pacing.server'
import type { DB } from '#db/client'
import type { Asset } from '#db/schema'
import {
  extensionOf,
  MP3_VARIANT,
  offersMp3,
  ownFormat,
  parseDownloadOptions,
  variantFromName,
  variantName,
  type DownloadVariant,
} from '~/lib/download-options'
import { defineJob, type JobQueue } from '~/platform/job-queue.server'
import type { Storage } from '~/platform/storage.server'
import { log } from '~/platform/log.server'
import { errorMessage } from '~/lib/errors'
import { deliveredFile, deliveredName, selectDeliverable } from './delivered-files.server'

// A download's file is made on its first request (the original with its provenance, or a
// variant: seconds of sharp or ffmpeg for a large picture). The sizes most people take are
// made ahead of time by a job once the asset is published, so the first download of a new
// asset answers as fast as the hundredth.

/** When nobody has downloaded anything yet: the original and the two smaller PNG sizes. */
const DEFAULT_POPULAR = ['original', '1024.png', '512.png']
/** How many of the most taken picture variants are made ahead. */
const POPULAR_COUNT = 3
/** Licences of this many days decide what is popular. */
const POPULAR_DAYS = 90

/** The delivered files most taken lately (their names), 'original' always first. */
export async function popularVariantNames(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('licences')
    .select(['variant', sql<number>`count(*)`.as('taken')])
    .where('issued_at', '>', sql<Date>`now() - make_interval(days => ${POPULAR_DAYS})`)
    .where('variant', '<>', 'original')
    .where('variant', 'not like', '%.mp3')
    .groupBy('variant')
    .orderBy('taken', 'desc')
    .orderBy('variant')
    .limit(POPULAR_COUNT)
    .execute()
  return rows.length > 0 ? ['original', ...rows.map((r) => r.variant)] : DEFAULT_POPULAR
}

/**
 * The variants of a picture made ahead, from the popular names: those it can give (no size
 * larger than it, no background for an image), each read as a download asking for it would be.
 * The options start on the original's own format, so a popular size taken as PNG is made in that
 * format; one that comes out as the original itself is left out (the original is made anyway).
 */
export function variantsAhead(
  asset: Pick<Asset, 'asset_type' | 'original_key' | 'width' | 'height'>,
  popularNames: string[],
): DownloadVariant[] {
  const own = ownFormat(asset.asset_type, extensionOf(asset.original_key))
  const variants: DownloadVariant[] = []
  for (const name of popularNames) {
    const popular = name === 'original' ? null : variantFromName(name)
    if (!popular) continue
    const asked = parseDownloadOptions({ ...popular, format: popular.format === 'png' ? own : popular.format }, asset)
    const variant = asked.ok ? asked.variant : null
    if (variant && !variants.some((v) => variantName(v) === variantName(variant))) variants.push(variant)
  }
  return variants
}

/**
 * Makes and keeps the popular delivered files of a published asset that are not kept yet (the
 * same files a download makes: `deliveredFile`). Sizes larger than the original are left out;
 * audio gets its original and its MP3. Returns how many files were made; 0 for an asset that is
 * not published (any more).
 */
export async function prepareDownloads(
  db: DB,
  storage: Storage,
  assetId: number,
  siteUrl: string,
  { duty = 1 }: { duty?: number } = {},
): Promise<number> {
  const paced = createPacer(duty)
  const first = await selectDeliverable(db, assetId, 'original').executeTakeFirst()
  if (!first) return 0
  const variants: (DownloadVariant | null)[] = [null]
  if (first.asset_type === 'audio') {
    if (offersMp3('audio', extensionOf(first.original_key))) variants.push(MP3_VARIANT)
  } else variants.push(...variantsAhead(first, await popularVariantNames(db)))
  let made = 0
  for (const variant of variants) {
    const asset = await selectDeliverable(db, assetId, deliveredName(variant)).executeTakeFirst()
    if (!asset) return made
    if (asset.delivered_sha256) continue
    if (await paced(() => deliveredFile(db, storage, asset, variant, siteUrl))) made++
  }
  return made
}

/** Makes the popular download files of one asset (sent when it is published). */
export const prepareDownloadsJob = defineJob<{ assetId: number }>({
  name: 'downloads.prepare',
  concurrency: 1,
  retryLimit: 3,
  retryDelaySeconds: 30,
  async run({ assetId }, { services }) {
    await prepareDownloads(services.db, services.storage, assetId, services.config.appUrl, { duty: BACKGROUND_DUTY })
  },
})

/**
 * Asks for the popular files of these just published assets to be made ahead (one job per
 * asset). Never fails the publish: without the job, the first download makes its file.
 */
export async function sendPrepareDownloads(jobs: JobQueue, assetIds: number[]): Promise<void> {
  try {
    // Sent together: a caller that stops the queue right after (the seed command) loses none.
    await Promise.all(assetIds.map((assetId) => jobs.send(prepareDownloadsJob, { assetId })))
  } catch (error) {
    log.warn('download files not queued', { error: errorMessage(error) })
  }
}
