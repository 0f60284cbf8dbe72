import path from 'node:path'
// One start-up for the HTTP server and the command line: open the database and storage, apply
// migrations, make sure the administrator exists, fill an empty catalogue in demo mode.
import { sql } from 'kysely'
import { createDatabase, describeDatabase, migrateToLatest, type DB } from '#db/client'
import { isCatalogueEmpty, seedDemoContent } from '#db/seed/index'
import type { Config } from '~/config.server'
import { log } from '~/domain/log.server'
import { createLocalStorage } from '~/domain/storage.server'
import { ensureAdmin } from '~/domain/users.server'
import type { Services } from '~/web/context.server'

/** The published demo administrator: only ever created in demo mode (decision 3). */
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo-admin-password' } as const

/** Any number below 2^31 that no other part of the app takes: the seed's advisory lock. */
const SEED_LOCK = 7_311_001

export type StartupProgress =
  | { phase: 'connecting' }
  | { phase: 'migrating' }
  | { phase: 'seeding'; done: number; total: number }
  | { phase: 'ready' }

export function openServices(config: Config): Services {
  const dbOptions = { url: config.DATABASE_URL, pgliteDir: config.pgliteDir }
  log.info('database', { using: describeDatabase(dbOptions) })
  return {
    db: createDatabase(dbOptions),
    storage: createLocalStorage(config.storageDir),
    config,
    demoAdmin: config.demoMode ? { ...DEMO_ADMIN } : null,
  }
}

/** The administrator from ADMIN_EMAIL/ADMIN_PASSWORD, else the demo one in demo mode, else none. */
function configuredAdmin(config: Config): { email: string; password: string } | null {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) return { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }
  return config.demoMode ? DEMO_ADMIN : null
}

export async function prepareDatabase(
  services: Services,
  options: { seed?: boolean; onProgress?: (progress: StartupProgress) => void } = {},
): Promise<void> {
  const { db, storage, config } = services
  const progress = options.onProgress ?? (() => {})
  progress({ phase: 'migrating' })
  const applied = await migrateToLatest(db)
  if (applied.length > 0) log.info('migrations applied', { applied })

  const admin = configuredAdmin(config)
  const adminUser = admin ? await ensureAdmin(db, { ...admin, fullName: 'Site Admin' }) : null
  if (!admin) {
    log.warn('no administrator configured: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin:create -- --email you@example.com` (in a container: `node build/server/index.js admin:create --email you@example.com`)')
  }

  if (options.seed ?? config.seedOnEmpty) {
    await withSeedLock(db, Boolean(config.DATABASE_URL), async () => {
      if (!(await isCatalogueEmpty(db))) return
      await seedDemoContent(db, storage, {
        authorId: adminUser?.id ?? null,
        authorName: 'The Artist',
        log: (line) => log.info(line),
        imageSize: config.DEMO_IMAGE_SIZE,
        renderCacheDir: path.join(config.DATA_DIR, 'render-cache'),
        onProgress: (done, total) => progress({ phase: 'seeding', done, total }),
      })
    })
  }
  if (services.demoAdmin) {
    // Printed on purpose: demo mode exists to be tried. Set ADMIN_EMAIL/ADMIN_PASSWORD to leave it.
    console.log(`\n  Demo admin login: ${services.demoAdmin.email} / ${services.demoAdmin.password}  (at /admin/login)\n`)
  }
  progress({ phase: 'ready' })
}

/**
 * Several instances starting together on an empty PostgreSQL database seed it once: the first
 * takes the advisory lock, the others wait and then find the catalogue filled. PGlite lives in
 * one process and has one connection, so there is nothing to lock.
 */
async function withSeedLock(db: DB, isServer: boolean, work: () => Promise<void>): Promise<void> {
  if (!isServer) return work()
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${SEED_LOCK})`.execute(connection)
    try {
      await work()
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(connection)
    }
  })
}
