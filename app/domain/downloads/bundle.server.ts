import { sql } from 'kysely'
import type { DB } from '#db/client'
import type { Asset, User } from '#db/schema'
import { FREE_DAILY_DOWNLOADS, SITE_NAME } from '~/lib/constants'
import { type DownloadVariant, parseDownloadOptions } from '~/lib/download-options'
import { MAX_BUNDLE_ASSETS, ZIP_FORMATS, type ZipFormat, zipQuotaShortfall } from '~/lib/collection-limits'
import { licencePath } from '~/lib/licence-id'
import { LICENCE_ALLOWS, LICENCE_NEEDS_PERMISSION, LICENCE_NEVER, LICENCE_TERMS } from '~/lib/licence-terms'
import { isPublished } from '~/domain/catalogue/assets.server'
import { licenseeName, newLicenceId } from '~/domain/licences/licences.server'
import type { Storage } from '~/platform/storage.server'
import { type ZipEntry, zipStream } from '~/platform/zip.server'
import { type DeliverableAsset, type DeliveredFile, deliveredFile, deliveredName } from './delivered-files.server'
import { downloadFilename, utcDay } from './downloads.server'

type BundleFormat = ZipFormat

type BundleRefusal =
  | { ok: false; reason: 'invalid-option' | 'bundle-empty' | 'bundle-too-large'; error: string }
  /** `needed`: the downloads this ZIP would spend today; `left`: what the user has left. */
  | { ok: false; reason: 'quota-exceeded'; error: string; needed: number; left: number }

export type BundleGrant =
  | {
      ok: true
      /** '{name}.zip', safe for Content-Disposition (through `contentDisposition`). */
      filename: string
      /**
       * The ZIP, written while it is read (a web ReadableStream: `new Response(stream)`); its
       * files are read from storage only as the reader pulls. Cancelling it stops the reading.
       */
      stream: ReadableStream<Uint8Array>
      /** What the ZIP holds, in its order: each file's asset, name and licence. */
      files: Array<{ assetId: number; filename: string; licenceId: string }>
      /** Assets asked for but left out: unpublished, deleted, or their file gone. */
      skipped: number
    }
  | BundleRefusal

/**
 * Grants a ZIP of several assets (a collection, a kit), under the single download's rules: only
 * published assets, each file the one a single download of it delivers (made once per asset and
 * file, with its provenance inside), one licence per user, asset and file's bytes, and a history row per
 * asset and day. Pro takes up to 100 assets; Free spends one of the day's downloads per asset not
 * taken today and is refused whole when fewer are left. The quota, the licences, the history and
 * the download counts are written in one statement, so parallel requests can never pass the limit
 * and a refusal or a fault leaves nothing behind.
 *
 * `assetIds` in the ZIP's order (repeats dropped). `format`: 'original' (the default) or a
 * download format (png, webp, avif, jpeg/jpg) for the assets that offer it; the others (audio,
 * JPEG for 3D renders) come as their originals. `name`: the ZIP's and the README's title.
 * Refusals: 'invalid-option' (400: an unknown format), 'bundle-empty' (404: nothing published),
 * 'bundle-too-large' (400: over 100 assets), 'quota-exceeded' (403).
 */
export async function grantBundle(
  db: DB,
  storage: Storage,
  input: {
    user: Pick<User, 'id' | 'plan' | 'full_name' | 'email'>
    assetIds: readonly number[]
    format?: string | null
    name: string
    /** The site's address, for the provenance inside the files and the README's links. */
    siteUrl: string
    now?: Date
  },
): Promise<BundleGrant> {
  const now = input.now ?? new Date()
  const format = bundleFormat(input.format)
  if (!format) return { ok: false, reason: 'invalid-option', error: `format must be one of ${ZIP_FORMATS.join(', ')}` }
  const ids = [...new Set(input.assetIds.filter((id) => Number.isSafeInteger(id) && id > 0))]
  const assets = await publishedAssets(db, ids, format)
  if (assets.length === 0) return { ok: false, reason: 'bundle-empty', error: 'No published assets to download' }
  if (assets.length > MAX_BUNDLE_ASSETS) {
    return {
      ok: false,
      reason: 'bundle-too-large',
      error: `A ZIP holds at most ${MAX_BUNDLE_ASSETS} assets; this one has ${assets.length}`,
    }
  }
  // A first look at the quota, so a ZIP that cannot be paid for makes no files; the statement
  // that spends it decides.
  if (input.user.plan !== 'pro') {
    const refusal = quotaRefusal(...(await unitsFor(db, input.user.id, assets, now)))
    if (refusal) return refusal
  }

  // Every file made (or found kept) before anything is spent: a failure costs no quota.
  const files: Array<{ asset: DeliverableAsset; file: DeliveredFile; variant: DownloadVariant | null }> = []
  for (const { asset, variant } of await withDigests(db, assets)) {
    const file = await deliveredFile(db, storage, asset, variant, input.siteUrl)
    if (file) files.push({ asset, file, variant })
  }
  if (files.length === 0) return { ok: false, reason: 'bundle-empty', error: 'No published assets to download' }

  const spent = await spendBundle(db, input.user, files, now)
  if (!spent.ok) return spent
  const names = uniqueNames(files.map((f) => f.file.filename))
  const listed = files.map((f, i) => ({
    assetId: f.asset.id,
    title: f.file.title,
    filename: names[i],
    licenceId: spent.licences.get(f.asset.id)!,
    sha256: f.file.sha256,
    label: f.file.label,
  }))
  const readme = bundleReadme({
    name: input.name,
    siteUrl: input.siteUrl,
    licensee: licenseeName(input.user),
    now,
    files: listed,
    skipped: ids.length - files.length,
  })
  const entries = (function* (): Generator<ZipEntry> {
    yield { name: 'README.txt', data: Buffer.from(readme, 'utf8'), deflate: true, modified: now }
    for (const [i, f] of files.entries()) {
      yield { name: names[i], modified: now, data: () => openFile(db, storage, f, input.siteUrl) }
    }
  })()
  return {
    ok: true,
    filename: downloadFilename(input.name || 'Collection', 'x.zip'),
    stream: zipStream(entries),
    files: listed.map(({ assetId, filename, licenceId }) => ({ assetId, filename, licenceId })),
    skipped: ids.length - files.length,
  }
}

function bundleFormat(raw: string | null | undefined): BundleFormat | null {
  const value = (raw ?? '').trim().toLowerCase() || 'original'
  const format = value === 'jpg' ? 'jpeg' : value
  return (ZIP_FORMATS as readonly string[]).includes(format) ? (format as BundleFormat) : null
}

/** The published assets among the ids, in their order, each with the file the format gives it. */
async function publishedAssets(
  db: DB,
  ids: number[],
  format: BundleFormat,
): Promise<Array<{ asset: Asset; variant: DownloadVariant | null }>> {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('assets').selectAll().where('id', 'in', ids).where(isPublished()).execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => {
    const asset = byId.get(id)
    if (!asset) return []
    // A format the asset does not offer (audio; JPEG for a transparent 3D render): its original.
    const parsed = format === 'original' ? null : parseDownloadOptions({ format }, asset)
    return [{ asset, variant: parsed?.ok ? parsed.variant : null }]
  })
}

/**
 * Each asset with the digest and key of its delivered file when it is kept (null: to be made),
 * read with the asset's title in one statement: a kept file's digest always goes with the title
 * inside it (an edit clears the digest in the same transaction that changes the title).
 */
async function withDigests(
  db: DB,
  chosen: Array<{ asset: Asset; variant: DownloadVariant | null }>,
): Promise<Array<{ asset: DeliverableAsset; variant: DownloadVariant | null }>> {
  const kept = await db
    .selectFrom('asset_variants')
    .innerJoin('assets', 'assets.id', 'asset_variants.asset_id')
    .select([
      'asset_variants.asset_id',
      'asset_variants.variant',
      'asset_variants.sha256',
      'asset_variants.key',
      'assets.title',
    ])
    .where(
      'asset_variants.asset_id',
      'in',
      chosen.map((c) => c.asset.id),
    )
    .execute()
  const byName = new Map(kept.map((k) => [`${k.asset_id}/${k.variant}`, k]))
  return chosen.map(({ asset, variant }) => {
    const file = byName.get(`${asset.id}/${deliveredName(variant)}`)
    return {
      asset: file?.sha256
        ? { ...asset, title: file.title, delivered_sha256: file.sha256, delivered_key: file.key }
        : { ...asset, delivered_sha256: null, delivered_key: null },
      variant,
    }
  })
}

/** How many of today's downloads the ZIP would spend, and how many the user has left. */
async function unitsFor(
  db: DB,
  userId: string,
  assets: Array<{ asset: { id: number } }>,
  now: Date,
): Promise<[needed: number, left: number]> {
  const day = utcDay(now)
  const [taken, usage] = await Promise.all([
    db
      .selectFrom('downloads')
      .select('asset_id')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where(
        'asset_id',
        'in',
        assets.map((a) => a.asset.id),
      )
      .execute(),
    db
      .selectFrom('download_quota_usage')
      .select('used')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst(),
  ])
  return [assets.length - taken.length, Math.max(0, FREE_DAILY_DOWNLOADS - (usage?.used ?? 0))]
}

function quotaRefusal(needed: number, left: number): BundleRefusal | null {
  if (needed <= left) return null
  return {
    ok: false,
    reason: 'quota-exceeded',
    error: `Download quota exceeded: this ZIP ${zipQuotaShortfall(needed, left)}`,
    needed,
    left,
  }
}

class QuotaSpent extends Error {}

/**
 * The licences, the history rows, the quota and the download counts of every file, in one
 * statement: the single grant's (grant.server.ts), for many rows. A licence per user, asset and
 * file's bytes (a conflict keeps the one there); a history row per user, asset and day (`xmax = 0`: a
 * fresh one, which costs a download). The quota moves by the number of fresh rows in a single
 * conditional upsert, so parallel requests cannot pass the limit; when it would, the transaction
 * takes everything back. Rows go in asset id order, so two ZIPs sharing assets lock them in the
 * same order (a deadlock, should one happen anyway, is tried again).
 */
async function spendBundle(
  db: DB,
  user: Pick<User, 'id' | 'plan' | 'full_name' | 'email'>,
  files: Array<{ asset: DeliverableAsset; file: DeliveredFile }>,
  now: Date,
): Promise<{ ok: true; licences: Map<number, string> } | BundleRefusal> {
  const day = utcDay(now)
  const licensee = licenseeName(user)
  const rows = [...files].sort((a, b) => a.asset.id - b.asset.id)
  const values = sql.join(
    rows.map(
      ({ asset, file }) =>
        sql`(${newLicenceId()}::text, ${asset.id}::integer, ${file.title}::text, ${file.name}::text,
          ${file.label}::text, ${file.sha256}::text)`,
    ),
  )
  const pro = user.plan === 'pro'
  const fits = pro ? sql`true` : sql`count(*) <= ${FREE_DAILY_DOWNLOADS}`
  const limit = pro ? sql`true` : sql`q.used + excluded.used <= ${FREE_DAILY_DOWNLOADS}`
  for (let attempt = 1; ; attempt++) {
    try {
      const licences = await db.transaction().execute(async (trx) => {
        const { rows: result } = await sql<{ asset_id: number; licence_id: string; fresh: boolean; counted: boolean }>`
          with input (licence_id, asset_id, asset_title, variant, variant_label, sha256) as (values ${values}),
          licence as (
            insert into licences (id, user_id, asset_id, asset_title, variant, variant_label, sha256, licensee, plan,
              terms_version, issued_at)
            select licence_id, ${user.id}, asset_id, asset_title, variant, variant_label, sha256, ${licensee},
              ${user.plan}, ${LICENCE_TERMS.version}, ${now}
            from input order by asset_id
            on conflict (user_id, asset_id, variant, sha256) do update set id = licences.id
            returning id, asset_id
          ), history as (
            insert into downloads (user_id, asset_id, asset_title, day, created_at, licence_id)
            select ${user.id}, input.asset_id, input.asset_title, ${day}, ${now}, licence.id
            from input join licence on licence.asset_id = input.asset_id order by input.asset_id
            on conflict (user_id, asset_id, day) do update set licence_id = excluded.licence_id
            returning asset_id, (xmax = 0) as fresh
          ), counted as (
            insert into download_quota_usage as q (user_id, day, used)
            select ${user.id}, ${day}, count(*) from history where fresh having count(*) > 0 and ${fits}
            on conflict (user_id, day) do update set used = q.used + excluded.used where ${limit}
            returning used
          ), tallied as (
            update assets set download_count = download_count + 1
            where id in (select asset_id from history where fresh) and exists (select from counted)
          )
          select history.asset_id, licence.id as licence_id, history.fresh, exists (select from counted) as counted
          from history join licence on licence.asset_id = history.asset_id
        `.execute(trx)
        if (result.some((r) => r.fresh && !r.counted)) throw new QuotaSpent()
        return new Map(result.map((r) => [r.asset_id, r.licence_id]))
      })
      return { ok: true, licences }
    } catch (error) {
      if (error instanceof QuotaSpent) {
        const refusal = quotaRefusal(...(await unitsFor(db, user.id, files, now)))
        // Between the statement and this look another request may have changed the count: the
        // statement's answer stands, the numbers are the best known.
        return (
          refusal ?? {
            ok: false,
            reason: 'quota-exceeded',
            error: 'Download quota exceeded',
            needed: files.length,
            left: 0,
          }
        )
      }
      if ((error as { code?: unknown } | null)?.code === '40P01' && attempt < 3) continue
      throw error
    }
  }
}

/**
 * The file's bytes for the ZIP: the kept file its licence names (a file replaced meanwhile stays
 * an hour), or made again when its object went, if that gives the same bytes. Otherwise the ZIP
 * stops here rather than hold other bytes than the licence in its README names.
 */
async function openFile(
  db: DB,
  storage: Storage,
  { asset, file, variant }: { asset: DeliverableAsset; file: DeliveredFile; variant: DownloadVariant | null },
  siteUrl: string,
): Promise<AsyncIterable<Uint8Array>> {
  const stored = await storage.get(file.key)
  if (stored) return stored.stream
  const made = await deliveredFile(
    db,
    storage,
    { ...asset, delivered_sha256: null, delivered_key: null },
    variant,
    siteUrl,
  )
  const again = made?.sha256 === file.sha256 && (await storage.get(made.key))
  if (!again) throw new Error(`The file of asset ${asset.id} is gone`)
  return again.stream
}

/** 'Title.png', 'Title (2).png': names unique in the archive, whatever their case. */
function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>()
  return names.map((name) => {
    const dot = name.lastIndexOf('.')
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
    let candidate = name
    for (let n = 2; seen.has(candidate.toLowerCase()) || candidate.toLowerCase() === 'readme.txt'; n++) {
      candidate = `${stem} (${n})${ext}`
    }
    seen.add(candidate.toLowerCase())
    return candidate
  })
}

/** The README of a ZIP: what it is, the licence terms, and each file's licence. */
export function bundleReadme(input: {
  name: string
  siteUrl: string
  licensee: string
  now: Date
  files: Array<{ assetId: number; title: string; filename: string; licenceId: string; sha256: string; label: string }>
  skipped: number
}): string {
  const url = (path: string) => new URL(path, input.siteUrl).href
  const lines = [
    input.name,
    '='.repeat(Math.min(input.name.length, 80) || 1),
    '',
    `${input.files.length} ${input.files.length === 1 ? 'file' : 'files'} from ${SITE_NAME} (${url('/')}),`,
    `downloaded by ${input.licensee} on ${input.now.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    ...(input.skipped > 0
      ? [`${input.skipped} ${input.skipped === 1 ? 'asset is' : 'assets are'} no longer available and not included.`]
      : []),
    '',
    'Licence',
    '-------',
    `Each file is licensed to ${input.licensee} under the ${SITE_NAME} licence agreement`,
    `(${LICENCE_TERMS.label}): ${url(LICENCE_TERMS.url)}`,
    'Each file has its own licence, listed below with the page that verifies it.',
    '',
    'Allowed:',
    ...LICENCE_ALLOWS.map((line) => `  - ${line}`),
    '',
    'Needs written permission:',
    ...LICENCE_NEEDS_PERMISSION.map((line) => `  - ${line}`),
    '',
    LICENCE_NEVER,
    '',
    'Files',
    '-----',
  ]
  for (const f of input.files) {
    lines.push(
      '',
      f.filename,
      `  Asset: ${f.title}, ${url(`/assets/${f.assetId}`)}`,
      `  File: ${f.label}`,
      `  Licence: ${f.licenceId}, ${url(licencePath(f.licenceId))}`,
      `  SHA-256: ${f.sha256}`,
    )
  }
  return `${lines.join('\r\n')}\r\n`
}
