// `npm run db:migrate` and `npm run db:seed`: the same code the server runs at start.
import { createDatabase, describeDatabase, migrateToLatest } from './client'
import { seedDemoContent } from './seed/index'
import { ConfigError, getConfig } from '~/config.server'
import { createLocalStorage } from '~/domain/storage.server'
import { ensureAdmin } from '~/domain/users.server'
import { DEMO_ADMIN } from '~/services.server'

async function main(command: string | undefined) {
  const config = getConfig()
  const options = { url: config.DATABASE_URL, pgliteDir: config.pgliteDir }
  const db = createDatabase(options)
  try {
    console.log(`Using ${describeDatabase(options)}`)
    const applied = await migrateToLatest(db)
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database schema is up to date.')
    if (command === 'seed') {
      const admin = config.ADMIN_EMAIL && config.ADMIN_PASSWORD ? { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD } : DEMO_ADMIN
      const adminUser = await ensureAdmin(db, { ...admin, fullName: 'Site Admin' })
      await seedDemoContent(db, createLocalStorage(config.storageDir), { authorId: adminUser.id, log: console.log })
    } else if (command !== 'migrate') {
      throw new Error(`Unknown command "${command}". Use "migrate" or "seed".`)
    }
  } finally {
    await db.destroy()
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
