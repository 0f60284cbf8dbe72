import path from 'node:path'
// One start-up for the HTTP server and the command line: open the database and storage, apply
// migrations, make sure the administrator exists, fill an empty catalogue in demo mode (or finish
// a demo seed that a stopped start left half-way).
import { createDatabase, describeDatabase, migrateToLatest } from '#db/client'
import { paletteBackfill } from '~/domain/catalogue/palette.server'
import { deliveredSizes } from '~/domain/downloads/delivered-sizes.server'
import { sendPrepareDownloads } from '~/domain/downloads/prepare-downloads.server'
import { countAssets, DEMO_ASSET_COUNT, needsDemoSeed, seedDemoContent, withSeedLock } from '#seed/index'
import type { Config } from '~/config.server'
import { log } from '~/platform/log.server'
import { createLocalStorage, createS3Storage, type Storage } from '~/platform/storage.server'
import { sweepStorage } from '~/platform/storage-cleanup.server'
import { createJobQueue } from '~/platform/job-queue.server'
import { jobTable } from '~/jobs.server'
import { ensureAdmin, findUserByEmail } from '~/domain/accounts/users.server'
import type { Services } from '~/web/context.server'
import { errorMessage } from '~/lib/errors'

/** The published demo administrator: only ever created in demo mode without ADMIN_EMAIL. */
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo-admin-password' } as const

export type StartupProgress =
  | { phase: 'connecting' }
  | { phase: 'migrating' }
  | { phase: 'seeding'; done: number; total: number }
  | { phase: 'ready' }

/** The bucket when S3_BUCKET is set, else the local folder. */
export function openStorage(config: Config): Storage {
  if (!config.S3_BUCKET) {
    log.info('storage', { using: `local folder ${config.storageDir}` })
    return createLocalStorage(config.storageDir)
  }
  log.info('storage', {
    using: `S3 bucket ${config.S3_BUCKET}${config.S3_ENDPOINT ? ` at ${config.S3_ENDPOINT}` : ''}`,
  })
  return createS3Storage({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  })
}

export function openServices(config: Config): Services {
  const dbOptions = { url: config.DATABASE_URL, pgliteDir: config.pgliteDir }
  log.info('database', { using: describeDatabase(dbOptions) })
  const db = createDatabase(dbOptions)
  const services: Services = {
    db,
    storage: openStorage(config),
    config,
    jobs: createJobQueue({ db, url: config.DATABASE_URL, jobs: jobTable, services: () => services }),
    demoAdmin: config.demoMode ? { ...DEMO_ADMIN } : null,
  }
  return services
}

/** The administrator from ADMIN_EMAIL/ADMIN_PASSWORD, else the demo one in demo mode, else none. */
function configuredAdmin(config: Config): { email: string; password: string } | null {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) return { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }
  return config.demoMode ? DEMO_ADMIN : null
}

export async function prepareDatabase(
  services: Services,
  options: {
    /** true: the `seed` command, which fills an empty catalogue even after an earlier seed. */
    seed?: boolean
    onProgress?: (progress: StartupProgress) => void
    /** Check an existing administrator's password after 'ready' rather than before. */
    deferAdmin?: boolean
  } = {},
): Promise<void> {
  const { db, storage, config } = services
  const progress = options.onProgress ?? (() => {})
  progress({ phase: 'migrating' })
  const applied = await migrateToLatest(db)
  if (applied.length > 0) log.info('migrations applied', { applied })
  // Files left by a crash or a failed delete, recorded in storage_cleanup.
  const swept = await sweepStorage(db, storage).catch((error: unknown) => {
    log.warn('storage sweep failed', { error: errorMessage(error) })
    return 0
  })
  if (swept > 0) log.info('storage sweep', { removed: swept })

  const admin = configuredAdmin(config)
  if (!admin) {
    log.warn(
      'no administrator configured: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin:create -- --email you@example.com` (in a container: `node build/server/index.js admin:create --email you@example.com`)',
    )
  }
  const seed = options.seed ?? config.seedOnEmpty
  // The administrator and the seed, one instance at a time: two instances starting together
  // on an empty database create one admin and seed once.
  let recheckAdmin = false
  const seededIds: number[] = []
  await withSeedLock(
    db,
    Boolean(config.DATABASE_URL),
    async () => {
      const seeding =
        seed && (await needsDemoSeed(db, { whenEmpty: options.seed === true, warn: (line) => log.warn(line) }))
      const existing = admin ? await findUserByEmail(db, admin.email) : undefined
      // The server does not wait for an administrator already there (any later start):
      // checking the password is a deliberately slow hash, done once the site is ready.
      if (options.deferAdmin && admin && existing?.role === 'admin' && !seeding) {
        recheckAdmin = true
        return
      }
      const adminUser = admin ? await ensureAdmin(db, { ...admin, fullName: 'Site Admin' }) : null
      if (!seeding) return
      const seeded = await seedDemoContent(db, storage, {
        authorId: adminUser?.id ?? null,
        authorName: 'The Artist',
        log: (line) => log.info(line),
        imageSize: config.DEMO_IMAGE_SIZE,
        renderCacheDir: path.join(config.DATA_DIR, 'render-cache'),
        onProgress: (done, total) => progress({ phase: 'seeding', done, total }),
      })
      seededIds.push(...seeded.assetIds)
    },
    async () => {
      if (!seed) return
      // Another instance seeds: show how far it got.
      progress({ phase: 'seeding', done: Math.min(await countAssets(db), DEMO_ASSET_COUNT), total: DEMO_ASSET_COUNT })
    },
  )
  if (services.demoAdmin) {
    // Printed on purpose: demo mode exists to be tried. Set ADMIN_EMAIL/ADMIN_PASSWORD to leave it.
    log.info('demo admin', {
      email: services.demoAdmin.email,
      password: services.demoAdmin.password,
      signIn: '/admin/login',
    })
  }
  progress({ phase: 'ready' })
  if (admin && recheckAdmin) {
    // A new ADMIN_PASSWORD takes effect a moment after the start, as it did before.
    void ensureAdmin(db, { ...admin, fullName: 'Site Admin' }).catch((error: unknown) =>
      log.warn('administrator not updated', { error: errorMessage(error) }),
    )
  }
  // Colours of assets from before palettes (migration 0007), on the job queue in bounded chunks
  // (decision 88): the site is usable meanwhile, and those assets only miss the colour filter
  // until done. Every start sends it; a chain already under way keeps going instead.
  void paletteBackfill
    .send(services.jobs)
    .catch((error: unknown) => log.warn('palette backfill not queued', { error: errorMessage(error) }))
  // The demo's download files made ahead, as publishing does for the artist's uploads.
  await sendPrepareDownloads(services.jobs, seededIds)
  // Sizes of download files kept before sizes were recorded (migration 0027), likewise.
  void deliveredSizes
    .send(services.jobs)
    .catch((error: unknown) => log.warn('download sizes not queued', { error: errorMessage(error) }))
}
