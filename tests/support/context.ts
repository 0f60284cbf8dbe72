import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import { runDatabase } from './database-url'
import { RouterContextProvider } from 'react-router'
import { createDatabase, migrateToLatest, type DB } from '#db/client'
import { parseConfig, type Config } from '~/config.server'
import { createLocalStorage, type Storage } from '~/platform/storage.server'
import { sql } from 'kysely'
import { jobTable } from '~/jobs.server'
import { createJobQueue } from '~/platform/job-queue.server'
import { flushBatches } from '~/platform/batched-writes.server'
import { requestInfoContext, servicesContext, type Services } from '~/web/context.server'

export interface TestContext {
  db: DB
  storage: Storage
  storageDir: string
  config: Config
  services: Services
  /** A router context like the server's, for calling loaders and actions directly. */
  routerContext(ip?: string): RouterContextProvider
  close(): Promise<void>
}

let shared: Promise<DB> | undefined
let workerUrl: Promise<string | undefined> | undefined

/**
 * This worker's database on the real PostgreSQL server, made on its first use (files running
 * side by side have one each), or undefined when the tests run on PGlite.
 */
export function workerDatabaseUrl(): Promise<string | undefined> {
  workerUrl ??= (async () => {
    const server = inject('databaseServer')
    if (!server) return undefined
    return runDatabase(server, 'stock_test', `w${Math.max(Number(process.env.VITEST_POOL_ID ?? 1), 1)}`)
  })()
  return workerUrl
}

/** The worker's migrated database: the real PostgreSQL one, or an in-memory PGlite fallback. */
export function testDb(): Promise<DB> {
  shared ??= (async () => {
    const url = await workerDatabaseUrl()
    const db = url ? createDatabase({ url, poolSize: 20 }) : createDatabase({})
    await migrateToLatest(db)
    return db
  })()
  return shared
}

/** The shared database as a first start finds it: no asset, kit, post or demo seed begun. */
export async function emptyCatalogue(db: DB): Promise<void> {
  await db.deleteFrom('collections').execute()
  await db.deleteFrom('assets').execute()
  await db.deleteFrom('blog_posts').execute()
  await db.deleteFrom('demo_seed').execute()
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const db = await testDb()
  const databaseUrl = await workerDatabaseUrl()
  const storageDir = mkdtempSync(path.join(tmpdir(), 'stock-storage-'))
  const config = parseConfig({
    NODE_ENV: 'test',
    STORAGE_DIR: storageDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-123',
    ...env,
  })
  const storage = createLocalStorage(storageDir)
  // A queue schema of its own: a job must run with the services (the storage folder) of the
  // test that sent it, and a file's leftover jobs must not run in the next file's.
  const jobSchema = `jobs_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  const services: Services = {
    db,
    storage,
    config,
    jobs: createJobQueue({
      db,
      url: databaseUrl,
      jobs: jobTable,
      services: () => services,
      schema: jobSchema,
    }),
    demoAdmin: null,
  }
  return {
    db,
    storage,
    storageDir,
    config,
    services,
    routerContext(ip = '127.0.0.1') {
      const context = new RouterContextProvider()
      context.set(servicesContext, services)
      context.set(requestInfoContext, { nonce: 'test', ip })
      return context
    },
    async close() {
      await services.jobs.stop(1_000)
      await sql`drop schema if exists ${sql.id(jobSchema)} cascade`.execute(db).catch(() => {})
      rmSync(storageDir, { recursive: true, force: true })
    },
  }
}

export async function closeTestDb(): Promise<void> {
  if (!shared) return
  const db = await shared
  shared = undefined
  // Searches a test's loaders recorded are written before the pool closes, as at shutdown.
  await flushBatches()
  await db.destroy()
}

/** Builds a Request as the browser or an API client would send it. */
export function makeRequest(
  url: string,
  init: RequestInit & { form?: Record<string, string | string[]>; json?: unknown } = {},
): Request {
  const { form, json, ...rest } = init
  const headers = new Headers(rest.headers)
  let body = rest.body
  if (form) {
    const params = new URLSearchParams()
    for (const [k, v] of Object.entries(form)) for (const item of Array.isArray(v) ? v : [v]) params.append(k, item)
    body = params
    headers.set('content-type', 'application/x-www-form-urlencoded')
  } else if (json !== undefined) {
    body = JSON.stringify(json)
    headers.set('content-type', 'application/json')
  }
  const method = rest.method ?? (body ? 'POST' : 'GET')
  if (method !== 'GET' && !headers.has('origin')) headers.set('origin', 'http://localhost')
  return new Request(new URL(url, 'http://localhost'), { ...rest, method, headers, body })
}

type AnyArgs = { request: Request; params?: Record<string, string | undefined>; context: RouterContextProvider }

/**
 * Calls a route's loader or action the way React Router does, and turns thrown responses
 * (redirects, 404s) into return values, so tests can assert on either.
 */
export async function callRoute<T>(
  fn: (args: never) => T | Promise<T>,
  args: AnyArgs,
): Promise<Awaited<T> | Response | { thrown: unknown }> {
  const url = new URL(args.request.url)
  try {
    return await fn({ params: {}, url, pattern: '', ...args } as never)
  } catch (error) {
    if (error instanceof Response) return error
    return { thrown: error }
  }
}
