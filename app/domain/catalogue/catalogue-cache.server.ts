import type { DB } from '#db/client'
import { forgetSharedResults } from './shared-results.server'

// Category counts and tag counts read the whole catalogue (about a second at a million
// assets); they change only when an asset does. So they are kept per database: every asset
// write of this process clears them at once; after 5 seconds an entry is served as it is while
// it is checked in the background: recounted when the catalogue version (migration 0005) has
// moved, which another instance's write does. Download counts, which pick the thumbnails, do
// not move the version: once an entry is a minute old its `refresh` (the thumbnails alone, a
// few index lookups) runs instead of a recount. So a request never waits for a recount of a
// warm entry, the catalogue is recounted only when it changed, and another instance's write
// shows within 5 seconds plus one recount: the bound docs/deploy.md promises (under 10 s).
const TTL_MS = 5_000
const MAX_AGE_MS = 60_000
interface Entry {
  value: Promise<unknown>
  version: string | null
  computedAt: number
  checkedAt: number
  checking: boolean
}
const caches = new WeakMap<DB, Map<string, Entry>>()

/**
 * `compute`'s value for `key` while the catalogue is unchanged. `refresh` brings a value
 * unchanged for a minute up to date with what moves without the version (download counts);
 * without it, `compute` runs again.
 */
export function cachedForCatalogue<T>(
  db: DB,
  key: string,
  compute: () => Promise<T>,
  refresh?: (previous: T) => Promise<T>,
): Promise<T> {
  let cache = caches.get(db)
  if (!cache) {
    cache = new Map()
    caches.set(db, cache)
  }
  const entries = cache
  const hit = entries.get(key)
  const now = Date.now()
  if (hit) {
    if (now - hit.checkedAt >= TTL_MS && !hit.checking) {
      hit.checking = true
      void revalidate(db, entries, key, hit, compute, refresh)
    }
    return hit.value as Promise<T>
  }
  const entry: Entry = { value: Promise.resolve(), version: null, computedAt: now, checkedAt: now, checking: false }
  // The version is read before the count, so a write in between is seen by the next check.
  const version = catalogueVersion(db).catch(() => null)
  entry.value = version.then(async (v) => {
    entry.version = v
    return compute()
  })
  entries.set(key, entry)
  entry.value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key)
  })
  return entry.value as Promise<T>
}

async function revalidate<T>(
  db: DB,
  entries: Map<string, Entry>,
  key: string,
  entry: Entry,
  compute: () => Promise<T>,
  refresh: ((previous: T) => Promise<T>) | undefined,
) {
  try {
    const version = await catalogueVersion(db)
    const unchanged = version === entry.version
    if (unchanged && Date.now() - entry.computedAt < MAX_AGE_MS) {
      entry.checkedAt = Date.now()
      return
    }
    const value = unchanged && refresh ? await refresh(await (entry.value as Promise<T>)) : await compute()
    // Replaced only if no write of this process cleared the entry meanwhile.
    if (entries.get(key) === entry)
      entries.set(key, {
        value: Promise.resolve(value),
        version,
        computedAt: Date.now(),
        checkedAt: Date.now(),
        checking: false,
      })
  } catch {
    // The database is away: the entry is checked again on a later request.
    entry.checkedAt = Date.now()
  } finally {
    entry.checking = false
  }
}

const changeListeners = new Set<() => void>()

/** Called on every catalogue write made by this process (the page cache re-checks at once). */
export function onCatalogueChange(listener: () => void): () => void {
  changeListeners.add(listener)
  return () => changeListeners.delete(listener)
}

export function invalidateCatalogueCache(db: DB): void {
  caches.get(db)?.clear()
  forgetSharedResults(db)
  for (const listener of changeListeners) listener()
}

/**
 * The catalogue's change counter (migration 0005), as a string: bigint. Caches of whole pages
 * compare it with the version they were made from.
 */
export async function catalogueVersion(db: DB): Promise<string> {
  const row = await db.selectFrom('catalogue_version').select('version').executeTakeFirst()
  return String(row?.version ?? 0)
}
