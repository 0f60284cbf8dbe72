import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset, makeUser } from '../support/factories'
import type { Asset, User } from '#db/schema'
import type { AssetPreviewData } from '~/domain/catalogue/preview.server'
import { forgetSharedResults } from '~/domain/catalogue/shared-results.server'
import { grantDownload } from '~/domain/downloads/grant.server'
import { prepareDownloads, prepareDownloadsJob } from '~/domain/downloads/prepare-downloads.server'
import { bulkEditAssets } from '~/domain/catalogue/bulk-edit.server'
import { editAsset, publishScheduledJob, scheduleAssets } from '~/domain/catalogue/scheduled-publishing.server'
import { deliveredSizes, fillDeliveredSizes } from '~/domain/downloads/delivered-sizes.server'
import { formatFileSize } from '~/lib/asset-view'
import { loader as assetPage } from '~/routes/asset'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { openDownloadLink } from '../support/download-link'

// The size an asset's page gives is the size of the file its download delivers: the original
// with its provenance written inside, not the uploaded file.

const SECRET = 'test-secret-test-secret-test-secret-123'
let t: TestContext
let user: User

beforeAll(async () => {
  t = await createTestContext()
  user = await makeUser(t.db, { plan: 'pro' })
}, 60_000)
afterAll(() => t.close())

async function pageData(asset: Asset): Promise<AssetPreviewData> {
  forgetSharedResults(t.db)
  const res = (await callRoute(assetPage, {
    request: makeRequest(`/assets/${asset.id}`),
    params: { id: String(asset.id) },
    context: t.routerContext(),
  })) as { preview: AssetPreviewData }
  return res.preview
}

/** The bytes a download of `asset` with these options delivers, through the signed link's route. */
async function downloaded(asset: Asset, options: Record<string, string> = {}): Promise<Buffer> {
  const grant = await grantDownload(t.db, t.storage, {
    user,
    assetId: asset.id,
    options,
    secret: SECRET,
    siteUrl: t.config.appUrl,
  })
  if (!grant.ok) throw new Error(grant.error)
  const { res, bytes } = await openDownloadLink(t, grant.downloadUrl)
  expect(res.status).toBe(200)
  return bytes
}

const keptSizes = async (asset: Asset) =>
  Object.fromEntries(
    (
      await t.db.selectFrom('asset_variants').select(['variant', 'bytes']).where('asset_id', '=', asset.id).execute()
    ).map((row) => [row.variant, row.bytes]),
  )

describe('the size of a download', () => {
  it('is unknown until the file is made, then the delivered file’s own size, not the upload’s', async () => {
    const asset = await makeAsset(t.db, t.storage, { title: 'Sized Orb' })
    expect((await pageData(asset)).fileSize).toBeNull()

    // Made ahead when published (the job's work), as on the site.
    await prepareDownloads(t.db, t.storage, asset.id, t.config.appUrl)
    const shown = (await pageData(asset)).fileSize
    const file = await downloaded(asset)
    expect(shown).toBe(file.length)
    // The provenance inside makes it larger than the upload: the upload's size would be wrong.
    expect(file.length).toBeGreaterThan(asset.bytes!)
  })

  it('records the size of a variant made on its first download, and of audio', async () => {
    const picture = await makeAsset(t.db, t.storage, { title: 'Sized Cube', size: 600 })
    const small = await downloaded(picture, { size: '512', format: 'webp' })
    expect((await keptSizes(picture))['512.webp']).toBe(small.length)

    const sound = await makeAsset(t.db, t.storage, { title: 'Sized Chime', assetType: 'audio' })
    const wav = await downloaded(sound)
    expect((await pageData(sound)).fileSize).toBe(wav.length)
  })

  it('fills in the sizes of files kept before sizes were recorded, from storage, once', async () => {
    const assets = [
      await makeAsset(t.db, t.storage, { title: 'Old Kept One' }),
      await makeAsset(t.db, t.storage, { title: 'Old Kept Two' }),
      await makeAsset(t.db, t.storage, { title: 'Old Kept Gone' }),
    ]
    const files = []
    for (const asset of assets) files.push(await downloaded(asset))
    const ids = assets.map((a) => a.id)
    // As a database from before migration 0027 holds them; one file has since gone from storage.
    await t.db.updateTable('asset_variants').set({ bytes: null }).where('asset_id', 'in', ids).execute()
    const gone = await t.db
      .selectFrom('asset_variants')
      .select('key')
      .where('asset_id', '=', assets[2]!.id)
      .executeTakeFirstOrThrow()
    await t.storage.delete(gone.key)
    expect((await pageData(assets[0]!)).fileSize).toBeNull()

    // The chain: each chunk sends the next for a second later, brought forward here. Other test
    // files' kept files are in the same table, so the chain walks more than these.
    await deliveredSizes.send(t.services.jobs, { chunk: 1 })
    let chunks = 0
    for (let ran = 1; ran > 0 && chunks < 1_000; chunks += ran) {
      await sql`update ${sql.table(`${t.services.jobs.schema}.job`)} set start_after = now()
        where name = ${deliveredSizes.job.name} and state = 'created'`.execute(t.db)
      ran = await t.services.jobs.runDue({ names: [deliveredSizes.job.name] })
    }
    // A chunk of one file each: at least one per file sized here, and one that finds nothing more.
    expect(chunks).toBeGreaterThanOrEqual(3)

    expect((await pageData(assets[0]!)).fileSize).toBe(files[0]!.length)
    expect((await pageData(assets[1]!)).fileSize).toBe(files[1]!.length)
    // Never a guess: a file not in storage has no size until it is made again.
    expect((await pageData(assets[2]!)).fileSize).toBeNull()
    expect(await fillDeliveredSizes(t.db, t.storage)).toMatchObject({ filled: 0, done: true })
    // Its next download makes it again, with its size.
    const again = await downloaded(assets[2]!)
    expect((await pageData(assets[2]!)).fileSize).toBe(again.length)
  })

  it('a chunk sizes at most its limit and says where to go on', async () => {
    const a = await makeAsset(t.db, t.storage, { title: 'Chunked One' })
    const b = await makeAsset(t.db, t.storage, { title: 'Chunked Two' })
    await downloaded(a)
    await downloaded(b)
    const ids = [a.id, b.id]
    await t.db.updateTable('asset_variants').set({ bytes: null }).where('asset_id', 'in', ids).execute()
    // Starting after every other file without a size, so this chunk meets these two only.
    const keys = (
      await t.db.selectFrom('asset_variants').select('key').where('asset_id', 'in', ids).orderBy('key').execute()
    ).map((row) => row.key)
    const before = keys[0]!.slice(0, -1)
    const first = await fillDeliveredSizes(t.db, t.storage, { after: before, limit: 1 })
    expect(first).toEqual({ filled: 1, last: keys[0], done: false })
    const rest = await fillDeliveredSizes(t.db, t.storage, { after: first.last, limit: 1_000 })
    expect(rest.done).toBe(true)
    const sizes = await t.db.selectFrom('asset_variants').select('bytes').where('asset_id', 'in', ids).execute()
    expect(sizes.every((row) => typeof row.bytes === 'number' && row.bytes > 0)).toBe(true)
  })
})

describe('every way an asset goes live makes its download ahead', () => {
  it('bulk publish, an edit to published, a schedule in the past and a schedule that comes due', async () => {
    const draft = (title: string) => makeAsset(t.db, t.storage, { title, isActive: false })
    const [bulk, edited, pastSchedule, dueSchedule] = [
      await draft('Live by Bulk'),
      await draft('Live by Edit'),
      await draft('Live by Past Schedule'),
      await draft('Live by Schedule'),
    ]
    await t.services.jobs.runDue({ names: [prepareDownloadsJob.name] })

    await bulkEditAssets(t.services, [bulk.id], { action: 'publish' }, null)
    await editAsset(t.services, edited.id, { is_active: true }, null)
    await scheduleAssets(t.services, [pastSchedule.id], new Date(Date.now() - 60_000), null)
    await scheduleAssets(t.services, [dueSchedule.id], new Date(Date.now() + 3_600_000), null)
    // Its time comes: the schedule's own job publishes it.
    await t.db
      .updateTable('assets')
      .set({ publish_at: new Date(Date.now() - 1_000) })
      .where('id', '=', dueSchedule.id)
      .execute()
    await sql`update ${sql.table(`${t.services.jobs.schema}.job`)} set start_after = now()
      where name = ${publishScheduledJob.name} and state = 'created'`.execute(t.db)
    expect(await t.services.jobs.runDue({ names: [publishScheduledJob.name] })).toBeGreaterThanOrEqual(1)

    // Saying 'published' of one already live makes nothing again: no job.
    await editAsset(t.services, bulk.id, { is_active: true }, null)

    expect(await t.services.jobs.runDue({ names: [prepareDownloadsJob.name] })).toBe(4)
    for (const asset of [bulk, edited, pastSchedule, dueSchedule]) {
      const size = (await pageData(asset)).fileSize
      expect(size, asset.title).toBe((await downloaded(asset)).length)
    }
  })
})

describe('formatFileSize', () => {
  it('reads as people read sizes, never a unit rounded up to the next one', () => {
    expect(formatFileSize(830)).toBe('830 bytes')
    expect(formatFileSize(52_000)).toBe('51 KB')
    expect(formatFileSize(1_048_000)).toBe('1023 KB')
    expect(formatFileSize(1_048_500)).toBe('1.0 MB')
    expect(formatFileSize(3_250_000)).toBe('3.1 MB')
    expect(formatFileSize(10_480_000)).toBe('10 MB')
    expect(formatFileSize(24_000_000)).toBe('23 MB')
  })
})
