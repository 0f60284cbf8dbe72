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

export function invalidateCatalogueCache(db: DB): void {
  caches.get(db)?.clear()
}
