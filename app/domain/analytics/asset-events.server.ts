import { sql } from 'kysely'
import type { DB } from '#db/client'
import type { AssetEventKind } from '#db/schema'
import { parseId } from '~/lib/ids'
import { normaliseSearchQuery } from '~/lib/search-query'
import { createBatcher, type Batcher } from '~/platform/batched-writes.server'
import { hashToken } from '~/platform/tokens.server'

// Views of an asset's page and dialog, and its audio preview played, without a user id or an
// address (decision 91). Requests are classified at the door (server/app.ts), before the
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

/** The session a request carries (the `__session` cookie), as its stored hash. */
export function sessionHash(cookieHeader: string | undefined | null): string | null {
  const match = /(?:^|;\s*)__session=([^;]+)/.exec(cookieHeader ?? '')
  if (!match?.[1] || match[1].length > 400) return null
  try {
    return hashToken(decodeURIComponent(match[1]))
  } catch {
    return null
  }
}

/** Crawlers, link unfurlers, monitors and scripts: not people looking. */
const BOT =
  /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|whatsapp|telegram|discord|lighthouse|pingdom|uptime|monitor|curl|wget|python|httpclient|go-http|okhttp|java\/|libwww|node-fetch|undici|axios|headlesschrome|phantomjs/i

export function isBot(userAgent: string | undefined | null): boolean {
  return !userAgent || BOT.test(userAgent)
}

export interface DoorRequest {
  method: string
  /** The path, without the query. */
  path: string
  query: URLSearchParams
  header(name: string): string | undefined
}

/** Pages whose ?assetId= opens the preview dialog: home, explore, favourites, a collection. */
const DIALOG_PAGES = /^\/(?:(?:explore|favorites|collections\/\d+)\/?)?$/
const ASSET_PAGE = /^\/assets\/(\d{1,9})\/?$/
const PREVIEW_FILE = /^\/images\/([\w-]+\/preview\.mp3)$/

/** The search words of a same-site page this request came from, if it was a search. */
function searchFromReferrer(referrer: string | undefined, host: string | undefined): string | null {
  if (!referrer) return null
  try {
    const url = new URL(referrer)
    if (host && url.host !== host) return null
    return normaliseSearchQuery(url.searchParams.get('q') ?? url.searchParams.get('search')) || null
  } catch {
    return null
  }
}

/**
 * What a request at the door means for the figures: a page view (GET /assets/:id), a dialog view
 * (a page with ?assetId=), a preview played (its MP3 fetched from the start), or nothing.
 * Changing the dialog's background or zoom without JavaScript is a new request of the same view:
 * not counted again (with JavaScript it makes no request). React Router's data requests
 * (`.data`) are not counted here: the page reports those views itself.
 */
export function classifyRequest(req: DoorRequest, now = new Date()): AssetEvent | null {
  if (req.method !== 'GET') return null
  if (isBot(req.header('user-agent'))) return null
  // A browser's speculative fetch is no view.
  const purpose = req.header('sec-purpose') ?? req.header('purpose')
  if (purpose && /prefetch|prerender/i.test(purpose)) return null
  const preview = PREVIEW_FILE.exec(req.path)
  if (preview) {
    const range = req.header('range')
    // A player asks again for the rest (or after seeking): only the start of the file counts.
    if (range && !/^bytes=0-/.test(range)) return null
    return {
      kind: 'preview_play',
      previewKey: `public/${preview[1]}`,
      searchQuery: searchFromReferrer(req.header('referer'), req.header('host')),
      at: now,
      session: sessionHash(req.header('cookie')),
    }
  }
  if (req.query.has('bg') || req.query.has('zoom')) return null
  const page = ASSET_PAGE.exec(req.path)
  if (page) {
    const assetId = parseId(page[1])
    if (!assetId) return null
    return {
      kind: 'page_view',
      assetId,
      searchQuery:
        normaliseSearchQuery(req.query.get('q')) || searchFromReferrer(req.header('referer'), req.header('host')),
      at: now,
      session: sessionHash(req.header('cookie')),
    }
  }
  if (DIALOG_PAGES.test(req.path)) {
    const assetId = parseId(req.query.get('assetId'))
    if (!assetId) return null
    return {
      kind: 'dialog_view',
      assetId,
      searchQuery: normaliseSearchQuery(req.query.get('q') ?? req.query.get('search')) || null,
      at: now,
      session: sessionHash(req.header('cookie')),
    }
  }
  return null
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
