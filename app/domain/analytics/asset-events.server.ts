import { sql } from 'kysely'
import type { DB } from '#db/client'
import type { AssetEventKind } from '#db/schema'
import { createBatcher, type Batcher } from '~/platform/batched-writes.server'

// Views of an asset's page and dialog, and its audio preview played, without a user id or an
// address (decision 91). Requests are classified at the door (app/web/asset-views.server.ts, from server/app.ts), before the
// anonymous page cache, so a cached page counts like a rendered one; client-side navigations,
// which reach no page at all, report themselves (POST /api/asset-events). Events wait in memory
// and are written in batches after the responses, never in a page's way.

export interface AssetEvent {
  kind: AssetEventKind
  /** The asset, or for a preview play the preview file's storage key. */
  assetId?: number
  previewKey?: string
  searchQuery: string | null
  at: Date
  /**
   * The hash of the visitor's session token, if signed in: held in memory only, so that the
   * writer can leave out the admin's own looking (decision 96). Never written.
   */
  session?: string | null
}

const writers = new WeakMap<DB, Batcher<AssetEvent>>()

function writerFor(db: DB): Batcher<AssetEvent> {
  let writer = writers.get(db)
  if (!writer) {
    writer = createBatcher<AssetEvent>('asset events', (events) => writeEvents(db, events))
    writers.set(db, writer)
  }
  return writer
}

/**
 * Queues an event; it is written within about a second, with others, by the same batched
 * writer as the searches (app/platform/batched-writes.server.ts), and at shutdown.
 */
export function recordAssetEvent(db: DB, event: AssetEvent): void {
  writerFor(db).add(event)
}

/** Writes every waiting event now (tests). */
export async function flushAssetEvents(db: DB): Promise<void> {
  await writerFor(db).flush()
}

/**
 * One statement per batch; events of unknown or unpublished assets fall away in the join, and
 * so do an admin's own (a session of an admin account; decision 96).
 */
async function writeEvents(db: DB, events: AssetEvent[]): Promise<void> {
  const at = events.map((e) => e.at.toISOString())
  const ids = events.map((e) => e.assetId ?? null)
  const keys = events.map((e) => e.previewKey ?? null)
  const kinds = events.map((e) => e.kind)
  const queries = events.map((e) => e.searchQuery)
  const sessions = events.map((e) => e.session ?? null)
  await sql`
    with e as (
      select * from unnest(${at}::timestamptz[], ${ids}::int[], ${keys}::text[], ${kinds}::text[], ${queries}::text[], ${sessions}::text[])
        as e(at, asset_id, preview_key, kind, search_query, session)
      where e.session is null or not exists (
        select 1 from sessions s join users u on u.id = s.user_id where s.token_hash = e.session and u.role = 'admin'
      )
    )
    insert into asset_events (at, asset_id, kind, search_query)
    select e.at, a.id, e.kind, e.search_query from e join assets a on a.id = e.asset_id
      where e.preview_key is null and a.is_active
    union all
    select e.at, a.id, e.kind, e.search_query from e join assets a on a.audio_preview_key = e.preview_key
      where e.preview_key is not null and a.is_active
  `.execute(db)
}
