import { availableParallelism } from 'node:os'
import { sql } from 'kysely'
import type { DB } from '#db/client'
import { createAsset } from '~/domain/catalogue/assets.server'
import { sanitizeBlogHtml } from '~/platform/sanitize.server'
import type { Storage } from '~/platform/storage.server'
import { demoAssets } from './catalogue'
import { DEMO_IMAGE_SIZE, demoFile } from './render'
import { DEMO_BLOG_POSTS } from './blog'
import { seedDemoKits } from './kits'

/** 64 3D renders, 32 images, 24 audio clips. */
export const DEMO_ASSET_COUNT = demoAssets().length
const DAY_MS = 86_400_000

export interface SeedResult {
  assets: number
  posts: number
  /**
   * Every demo asset once the seed has finished (those of a stopped run included), published:
   * their download files are for the caller to make ahead. Empty when nothing was added.
   */
  assetIds: number[]
}

/** How many assets exist (a waiting instance shows another's seeding progress with it). */
export async function countAssets(db: DB): Promise<number> {
  const row = await db.selectFrom('assets').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()
  return row.n
}

/** Any number below 2^31 that no other part of the app takes: the start-up's advisory lock. */
const SEED_LOCK = 7_311_001

/**
 * Several instances starting together on an empty PostgreSQL database seed it once: the first
 * takes the advisory lock, the others wait and then find the catalogue filled. PGlite lives in
 * one process and has one connection, so there is nothing to lock.
 */
export async function withSeedLock(
  db: DB,
  isServer: boolean,
  work: () => Promise<void>,
  onWait: () => Promise<void>,
): Promise<void> {
  if (!isServer) return work()
  await db.connection().execute(async (connection) => {
    // Polled rather than waited on: a statement waiting for minutes would hit the statement
    // timeout, and the waiting instance can show the other's progress meanwhile.
    for (;;) {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${SEED_LOCK}) as locked`.execute(
        connection,
      )
      if (rows[0]?.locked) break
      await onWait()
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    try {
      await work()
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(connection)
    }
  })
}

/** Runs of one seed that may end in an error before starts stop trying (a fault that repeats). */
const SEED_TRIES = 3

/**
 * True when the demo seed should run: on a catalogue never filled (no asset, no post, no seed
 * begun), or to finish a seed that a stopped start left half-way, unless it failed on each of
 * its last three runs (the start then serves what there is and `warn`s). A start never seeds
 * again after a seed finished, even if the artist empties the catalogue later; `whenEmpty` (the
 * `seed` command, asked for by hand) does.
 */
export async function needsDemoSeed(
  db: DB,
  { whenEmpty = false, warn = (_line: string) => {} } = {},
): Promise<boolean> {
  const marker = await db.selectFrom('demo_seed').select(['finished_at', 'failures']).executeTakeFirst()
  if (marker && marker.finished_at === null) {
    if (marker.failures < SEED_TRIES) return true
    warn(`The demo seed failed ${marker.failures} times and is left unfinished; \`seed\` tries again.`)
    if (!whenEmpty) return false
    await db.updateTable('demo_seed').set({ failures: 0 }).execute()
    return true
  }
  if (marker && !whenEmpty) return false
  const posts = await db.selectFrom('blog_posts').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()
  return (await countAssets(db)) === 0 && posts.n === 0
}

/**
 * The demo catalogue: ray-marched 3D renders, full-bleed images, synthesised audio, and the blog.
 * Resumable and idempotent (decision 107): a row in demo_seed says when it began and whether it
 * finished; each demo asset, kit and post is added only where it is missing, so a run stopped
 * half-way is finished by the next, and a run after a finished one adds nothing.
 */
export async function seedDemoContent(
  db: DB,
  storage: Storage,
  options: {
    authorId?: string | null
    authorName?: string
    log?: (line: string) => void
    now?: Date
    /** The pictures' long side in pixels (3D renders: up to their committed 2048). Default 2400. */
    imageSize?: number
    /** Where renders missing from seed/renders are kept, so later starts reuse them. */
    renderCacheDir?: string
    /** Called after each asset, for the start page's 'n of N'. */
    onProgress?: (done: number, total: number) => void
  } = {},
): Promise<SeedResult> {
  const log = options.log ?? (() => {})
  // Begun now, unless an unfinished seed is resumed: that one keeps its start (and its count of
  // failed runs), and everything is dated from it as one uninterrupted run would be.
  const unfinished = sql<boolean>`demo_seed.finished_at is null`
  const begun = await db
    .insertInto('demo_seed')
    .defaultValues()
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        started_at: sql<Date>`case when ${unfinished} then demo_seed.started_at else now() end`,
        finished_at: null,
        failures: sql<number>`case when ${unfinished} then demo_seed.failures else 0 end`,
      }),
    )
    .returning('started_at')
    .executeTakeFirstOrThrow()
  const now = options.now ?? begun.started_at
  try {
    let added = 0
    const catalogue = demoAssets()
    const demoRows = () =>
      db
        .selectFrom('assets')
        .select(['id', 'title'])
        .where(
          'title',
          'in',
          catalogue.map((demo) => demo.title),
        )
        .execute()
    const present = new Set((await demoRows()).map((row) => row.title))
    // Each demo asset keeps its place in the catalogue's order (its date and downloads follow it).
    const missing = [...catalogue.entries()].filter(([, demo]) => !present.has(demo.title))
    if (missing.length) {
      log(
        present.size
          ? `Resuming the demo seed: ${missing.length} of ${catalogue.length} assets to go...`
          : `Seeding ${catalogue.length} demo assets...`,
      )
      // As many at a time as there are cores: while one asset waits on the database, the disk or
      // ffmpeg, another's pixels are encoded. (Image work is bounded on its own by inImagePool.)
      let next = 0
      let failed = false
      const worker = async () => {
        // After a failure no new asset is begun: the start-up reports it, and the next start resumes.
        for (let n = next++; !failed && n < missing.length; n = next++) {
          const [index, demo] = missing[n]
          const file = await demoFile(demo, options.imageSize ?? DEMO_IMAGE_SIZE, options.renderCacheDir)
          await createAsset(db, storage, {
            original: file.data,
            originalFilename: file.filename,
            title: demo.title,
            description: demo.description,
            tags: demo.tags,
            category: demo.category,
            assetType: demo.assetType,
            isActive: true,
            // Spread over the last months, newest first in catalogue order.
            createdAt: new Date(now.getTime() - index * DAY_MS * 0.75),
            // Downloads at a steady rate of its own (0.4 to 3 a day) since it was added, up to 90
            // days back: seedDownloadHistory dates each one, so the days add up to the count.
            downloadCount: Math.round(Math.min(index * 0.75, 89) * (0.4 + (((index * 37) % 211) / 211) * 2.6)),
          })
          added += 1
          options.onProgress?.(present.size + added, catalogue.length)
        }
      }
      // Every worker's asset in hand is finished before the failure is passed on.
      const settled = await Promise.allSettled(
        Array.from({ length: Math.max(2, availableParallelism()) }, () =>
          worker().catch((error: unknown) => {
            failed = true
            throw error
          }),
        ),
      )
      const failure = settled.find((result) => result.status === 'rejected')
      if (failure) throw failure.reason
    }
    await seedDownloadHistory(
      db,
      now,
      catalogue.map((demo) => demo.title),
    )
    await seedDemoKits(db)
    let posts = 0
    for (const [index, post] of DEMO_BLOG_POSTS.entries()) {
      const inserted = await db
        .insertInto('blog_posts')
        .values({
          slug: post.slug,
          title: post.title,
          excerpt: post.excerpt,
          content_html: sanitizeBlogHtml(post.contentHtml),
          image_url: post.imageUrl,
          date: post.date,
          read_time: post.readTime,
          category: post.category,
          author_id: options.authorId ?? null,
          author_name: options.authorName ?? 'The Artist',
          // The list is newest first and /blog orders by creation: older posts, earlier times.
          created_at: new Date(now.getTime() - index * DAY_MS * 7),
        })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst()
      if (inserted) posts += 1
    }
    await db.updateTable('demo_seed').set({ finished_at: new Date() }).execute()
    log(`Seeded ${added} assets and ${posts} blog posts.`)
    const demoIds = added ? (await demoRows()).map((row) => row.id) : []
    return { assets: added, posts, assetIds: demoIds }
  } catch (error) {
    // Counted, so a fault that repeats on every start stops being retried (needsDemoSeed).
    await db
      .updateTable('demo_seed')
      .set({ failures: sql<number>`failures + 1` })
      .execute()
      .catch(() => {})
    throw error
  }
}

/**
 * Each demo asset's downloads as dated rows over the last 90 days (never before the asset
 * existed), as many as its download_count, so the per-day figures add up to the totals
 * (decision 91). The rows are anonymous, like those of a deleted account: the demo has no
 * downloaders, and no licences (a licence names the hash of a file delivered to someone).
 * Spread evenly with a little jitter, the same on every seed.
 */
async function seedDownloadHistory(db: DB, now: Date, titles: string[]): Promise<void> {
  const from = new Date(now.getTime() - 89 * DAY_MS)
  await sql`
    insert into downloads (user_id, asset_id, asset_title, day, created_at)
    select null, a.id, a.title, (t.at at time zone 'UTC')::date, t.at
    from assets a
    cross join lateral generate_series(1, a.download_count) as g(n)
    cross join lateral (
      select greatest(a.created_at, ${from}::timestamptz)
        + (${now}::timestamptz - greatest(a.created_at, ${from}::timestamptz))
          * least(1, greatest(0, (g.n - 0.5 + 0.45 * sin(g.n * 12.9898 + a.id * 78.233)) / a.download_count)) as at
    ) t
    where a.download_count > 0 and a.title = any(${titles})
      and not exists (select from downloads d where d.asset_id = a.id)
  `.execute(db)
}
