import { createContext, RouterContextProvider } from 'react-router'
import { createDatabase, describeDatabase, migrateToLatest, type DB } from '#db/client'
import { isCatalogueEmpty, seedDemoContent } from '#db/seed/index'
import { getConfig, type Config } from './config.server'
import { createLocalStorage, type Storage } from './domain/storage.server'
import { ensureAdmin } from './domain/users.server'
import { log } from './domain/log.server'

/** What every loader and action may use, handed over through the router context. */
export interface Services {
  db: DB
  storage: Storage
  config: Config
  /** The credentials shown on /admin/login in demo mode; null otherwise. */
  demoAdmin: { email: string; password: string } | null
}

export const servicesContext = createContext<Services>()

/** Facts about the HTTP request that a Fetch Request does not carry. */
export const requestInfoContext = createContext<{ nonce: string; ip: string }>({ nonce: '', ip: 'unknown' })

export const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo-admin-password' } as const

let starting: Promise<Services> | undefined

/**
 * Opens the database, applies migrations, makes sure the administrator exists and fills an
 * empty catalogue with demo content. Runs once per process; every request waits for it.
 */
export function getServices(): Promise<Services> {
  starting ??= start().catch((error: unknown) => {
    starting = undefined
    throw error
  })
  return starting
}

async function start(): Promise<Services> {
  const config = getConfig()
  const dbOptions = { url: config.DATABASE_URL, pgliteDir: config.pgliteDir }
  const db = createDatabase(dbOptions)
  const storage = createLocalStorage(config.storageDir)
  log.info('database', { using: describeDatabase(dbOptions) })
  const applied = await migrateToLatest(db)
  if (applied.length > 0) log.info('migrations applied', { applied })

  const admin = config.ADMIN_EMAIL && config.ADMIN_PASSWORD
    ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }
    : DEMO_ADMIN
  const adminUser = await ensureAdmin(db, { ...admin, fullName: 'Site Admin' })

  const seedOnEmpty = config.SEED_ON_EMPTY ?? true
  if (seedOnEmpty && (await isCatalogueEmpty(db))) {
    await seedDemoContent(db, storage, {
      authorId: adminUser.id,
      authorName: 'The Artist',
      log: (line) => log.info(line),
      imageSize: config.DEMO_IMAGE_SIZE,
    })
  }
  const demoAdmin = config.demoMode ? { ...DEMO_ADMIN } : null
  if (demoAdmin) {
    // Printed on purpose: demo mode exists to be tried. Set ADMIN_EMAIL/ADMIN_PASSWORD to leave it.
    console.log(`\n  Demo admin login: ${demoAdmin.email} / ${demoAdmin.password}  (at /admin/login)\n`)
  }
  return { db, storage, config, demoAdmin }
}

export async function createLoadContext(): Promise<RouterContextProvider> {
  const context = new RouterContextProvider()
  context.set(servicesContext, await getServices())
  return context
}
