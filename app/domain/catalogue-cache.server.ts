import type { DB } from '#db/client'

// Category counts and tag counts read the whole catalogue; they change only when an asset
// does. So they are kept per database for 5 seconds, and every asset write clears them here at
// once. With several app instances, another instance's write shows within those 5 seconds:
// the bound docs/deploy.md promises (under 10 s), for one cheap recount per instance per 5 s.
const TTL_MS = 5_000
const caches = new WeakMap<DB, Map<string, { at: number; value: Promise<unknown> }>>()

export function cachedForCatalogue<T>(db: DB, key: string, compute: () => Promise<T>): Promise<T> {
  let cache = caches.get(db)
  if (!cache) {
    cache = new Map()
    caches.set(db, cache)
  }
  const hit = cache.get(key)
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>
  const value = compute()
  cache.set(key, { at: Date.now(), value })
  value.catch(() => cache.delete(key))
  return value
}

const changeListeners = new Set<() => void>()

/** Called on every catalogue write made by this process (the page cache re-checks at once). */
export function onCatalogueChange(listener: () => void): () => void {
  changeListeners.add(listener)
  return () => changeListeners.delete(listener)
}

export function invalidateCatalogueCache(db: DB): void {
  caches.get(db)?.clear()
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
