import type { DB } from '#db/client'

// What every visitor sees alike, signed in or not: a search's page of assets, an asset's public
// parts (the asset, Related Assets, Similar colours). Kept in this process for everyone, so a
// signed-in page reads only its personal parts (favourite hearts, quota, the header's user) per
// request (decision 92). Nothing personal is ever stored here: keys and values are built from
// the URL's query and the catalogue alone.
//
// Freshness: an entry remembers the catalogue version (migration 0005) it was computed under;
// every asset insert, edit, publish, unpublish and delete moves that version in the same
// commit. The version is re-read at most every CHECK_MS (one read shared by the requests
// waiting for it) and at once after a write by this process (`forgetSharedResults`, called by
// `invalidateCatalogueCache`). So an edit by any instance is seen within CHECK_MS; download
// counts, which do not move the version, within MAX_AGE_MS.
const CHECK_MS = 1_000
const MAX_AGE_MS = 30_000
const MAX_ENTRIES = 5_000

interface Entry {
  version: string
  at: number
  value: Promise<unknown>
}

interface State {
  entries: Map<string, Entry>
  known: { version: string; at: number } | null
  checking: Promise<string> | null
  /** Moves on every clear, so a version read that started before a write is not kept after it. */
  generation: number
}

const states = new WeakMap<DB, State>()

function stateOf(db: DB): State {
  let state = states.get(db)
  if (!state) {
    state = { entries: new Map(), known: null, checking: null, generation: 0 }
    states.set(db, state)
  }
  return state
}

function currentVersion(db: DB, state: State): Promise<string> {
  if (state.known && Date.now() - state.known.at < CHECK_MS) return Promise.resolve(state.known.version)
  if (state.checking) return state.checking
  const generation = state.generation
  const at = Date.now()
  const checking = db
    .selectFrom('catalogue_version')
    .select('version')
    .executeTakeFirst()
    .then((row) => {
      const version = String(row?.version ?? 0)
      if (state.generation === generation) state.known = { version, at }
      return version
    })
    .finally(() => {
      if (state.checking === checking) state.checking = null
    })
  state.checking = checking
  return checking
}

/**
 * The value of `compute` for `key`, shared by every request while the catalogue is unchanged.
 * The caller must not change what it gets: other requests hold the same object.
 */
export async function sharedResult<T>(db: DB, key: string, compute: () => Promise<T>): Promise<T> {
  const state = stateOf(db)
  let version: string
  try {
    version = await currentVersion(db, state)
  } catch {
    // The database does not answer: no sharing; the computation fails or answers as it would.
    return compute()
  }
  const hit = state.entries.get(key)
  const now = Date.now()
  if (hit && hit.version === version && now - hit.at < MAX_AGE_MS) return hit.value as Promise<T>
  const entry: Entry = { version, at: now, value: compute() }
  state.entries.delete(key)
  state.entries.set(key, entry)
  // Oldest first: a Map iterates in insertion order.
  if (state.entries.size > MAX_ENTRIES) {
    const oldest = state.entries.keys().next().value
    if (oldest !== undefined) state.entries.delete(oldest)
  }
  entry.value.catch(() => {
    if (state.entries.get(key) === entry) state.entries.delete(key)
  })
  return entry.value as Promise<T>
}

/**
 * The catalogue version as the shared results know it (re-read at most every CHECK_MS). The page
 * cache labels its pages with this same reading: a page rendered from shared results can then
 * never be labelled newer than what it shows (with a reading of its own, a page cache that had
 * seen a write before the shared results did stored their older result under the new version).
 */
export function sharedCatalogueVersion(db: DB): Promise<string> {
  return currentVersion(db, stateOf(db))
}

/** A write by this process: every shared result of this database is dropped, the version re-read. */
export function forgetSharedResults(db: DB): void {
  const state = states.get(db)
  if (!state) return
  state.entries.clear()
  state.known = null
  state.checking = null
  state.generation++
}
