import { CompiledQuery, sql, type SelectQueryBuilder, type SqlBool } from 'kysely'
import type { DB } from '#db/client'
import { RUM_INDEXES } from '#db/migrations/0004_ranked_search'
import type { Database } from '#db/schema'
import type { Asset, AssetType } from '#db/schema'
import type { AssetView } from '~/lib/asset-view'
import type { Sort } from '~/lib/constants'
import { cachedForCatalogue } from './catalogue-cache.server'
import { log } from './log.server'

export interface SearchQuery {
  q?: string
  assetType?: AssetType
  category?: string
  /** Every one of these tags must be on the asset. */
  tags?: string[]
  sort?: Sort
  page?: number
  limit?: number
}

export interface SearchResult {
  assets: AssetView[]
  /** Exact up to MAX_COUNTED; `totalCapped` says there are more. An estimate when `totalEstimated`. */
  total: number
  totalCapped: boolean
  /** True when the total is the planner's estimate ('about 52,000'), for large match sets. */
  totalEstimated: boolean
  page: number
  pageCount: number
  limit: number
  /** The words actually searched for, when a typo was corrected ('robto' → 'robot'). */
  correctedQuery: string | null
}

export function toAssetView(asset: Asset): AssetView {
  const url = (key: string | null) => (key ? `/images/${key.replace(/^public\//, '')}` : '')
  const thumb = url(asset.thumb_png_key)
  const preview = url(asset.preview_png_key)
  return {
    id: asset.id,
    title: asset.title,
    description: asset.description,
    tags: asset.tags,
    category: asset.category,
    asset_type: asset.asset_type,
    download_count: asset.download_count,
    is_active: asset.is_active,
    created_at: asset.created_at.toISOString(),
    image: preview,
    thumbnail: thumb,
    preview_urls: { thumb, thumb_webp: url(asset.thumb_key), preview, preview_webp: url(asset.preview_key) },
    width: asset.width,
    height: asset.height,
    dominant_colour: asset.dominant_colour,
  }
}

/** Letters and digits only: what reaches to_tsquery can never be query syntax. */
export function searchWords(q: string | undefined): string[] {
  if (!q) return []
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8).map((w) => w.slice(0, 40))
}

/** 'glass rob' → 'glass & rob:*': every word must match, the last one as a prefix. */
export function toTsQueryText(words: string[]): string {
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ')
}

const SIMILARITY_FLOOR = 0.25

/** Each word not in the catalogue's vocabulary, replaced by its nearest term if one is close. */
async function correctWords(db: DB, words: string[]): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    // Below pg_trgm's default of 0.3, so transpositions such as 'shpere' (0.27) still match;
    // `set local` keeps the setting inside this transaction.
    await sql`set local pg_trgm.similarity_threshold = ${sql.lit(SIMILARITY_FLOOR)}`.execute(trx)
    let changed = false
    const corrected: string[] = []
    for (const [i, word] of words.entries()) {
      const isLast = i === words.length - 1
      const known = await trx
        .selectFrom('search_terms')
        .select('term')
        .where(isLast ? sql<SqlBool>`term like ${`${word.replace(/[\\%_]/g, '\\$&')}%`}` : sql<SqlBool>`term = ${word}`)
        .limit(1)
        .executeTakeFirst()
      if (known || word.length < 3) {
        corrected.push(word)
        continue
      }
      const nearest = await trx
        .selectFrom('search_terms')
        .select(['term', sql<number>`similarity(term, ${word})`.as('score')])
        .where(sql<SqlBool>`term % ${word}`)
        .orderBy('score', 'desc')
        .orderBy('term')
        .limit(1)
        .executeTakeFirst()
      if (nearest) {
        corrected.push(nearest.term)
        changed = true
      } else {
        corrected.push(word)
      }
    }
    return changed ? corrected : null
  })
}

export const MAX_PAGE_SIZE = 100
export const MAX_COUNTED = 10_000
/** Above this many estimated matches the total is the estimate; below, it is counted. */
export const EXACT_COUNT_BELOW = 2_000

/** What this database offers search: index-ordered ranking needs the RUM indexes of migration 0004. */
export interface SearchCapabilities {
  indexOrdered: boolean
}
const capabilities = new WeakMap<DB, Promise<SearchCapabilities>>()
let fallbackLogged = false

export function searchCapabilities(db: DB): Promise<SearchCapabilities> {
  let known = capabilities.get(db)
  if (!known) {
    known = sql<{ n: number }>`
      select count(*)::int as n from pg_indexes
      where schemaname = current_schema() and indexname in (${sql.join([...RUM_INDEXES])})`
      .execute(db)
      .then(({ rows }) => {
        const indexOrdered = rows[0]?.n === RUM_INDEXES.length
        if (!indexOrdered && !fallbackLogged) {
          fallbackLogged = true
          log.warn('search: the rum extension is not available, so ranked search sorts every match (slow past ~100 000 assets)')
        }
        return { indexOrdered }
      })
    known.catch(() => capabilities.delete(db))
    capabilities.set(db, known)
  }
  return known
}

/**
 * The one search of the catalogue, for /explore and GET /api/assets alike: full-text search
 * with prefix matching of the last word, a trigram correction of unknown words when that
 * finds nothing, filters, sorts, and pages with the total.
 *
 * Relevance is in tiers: every word in the title, then every word in the title, tags or
 * category, then the rest (description); newest first within a tier. With the RUM indexes
 * each tier is read newest-first straight from its index, so a page costs about its size
 * however many assets match; without them every match is sorted (the fallback).
 */
export async function searchAssets(db: DB, query: SearchQuery): Promise<SearchResult> {
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? 20), 1), MAX_PAGE_SIZE)
  const page = Math.max(Math.trunc(query.page ?? 1), 1)
  const words = searchWords(query.q)
  const { indexOrdered } = await searchCapabilities(db)
  let result = await runSearch(db, query, words, page, limit, indexOrdered)
  let correctedQuery: string | null = null
  if (result.total === 0 && words.length > 0) {
    const corrected = await correctWords(db, words)
    if (corrected) {
      result = await runSearch(db, query, corrected, page, limit, indexOrdered)
      correctedQuery = corrected.join(' ')
    }
  }
  const pageCount = Math.max(1, Math.ceil(Math.min(result.total, MAX_COUNTED) / limit))
  return { ...result, page, limit, pageCount, correctedQuery }
}

type AssetQuery = SelectQueryBuilder<Database, 'assets', object>
type Tsquery = ReturnType<typeof sql<unknown>>
const FAR_FUTURE = sql`'9999-01-01'::timestamptz`

async function runSearch(db: DB, query: SearchQuery, words: string[], page: number, limit: number, indexOrdered: boolean) {
  const text = words.length ? toTsQueryText(words) : null
  const tsquery = text ? sql`to_tsquery('english', ${text})` : null
  const sort = query.sort ?? (text ? 'relevance' : 'newest')

  let filtered: AssetQuery = db.selectFrom('assets').where('is_active', '=', true)
  if (query.assetType) filtered = filtered.where('asset_type', '=', query.assetType)
  if (query.category) filtered = filtered.where(sql`lower(category)`, '=', query.category.toLowerCase())
  if (query.tags?.length) filtered = filtered.where('tags', '@>', sql<string[]>`${query.tags}::text[]`)
  const matching = tsquery ? filtered.where(sql<SqlBool>`search @@ ${tsquery}`) : filtered

  const offset = (page - 1) * limit
  // Pages stop where counting does, so no request walks deep into the catalogue.
  const found = offset >= MAX_COUNTED
    ? []
    : tsquery && indexOrdered && (sort === 'relevance' || sort === 'newest')
      ? await indexOrderedPage(db, filtered, tsquery, sort, offset, limit)
      : await sortedPage(matching, tsquery, sort, offset, limit)
  // A short first page is the whole answer: no count needed.
  if (offset === 0 && found.length < limit) return { assets: found.map(toAssetView), total: found.length, totalCapped: false, totalEstimated: false }
  return { assets: found.map(toAssetView), ...(await countMatches(db, matching)) }
}

/** Today's plan for every sort: the database orders all matches (with indexes where they fit). */
async function sortedPage(matching: AssetQuery, tsquery: Tsquery | null, sort: Sort, offset: number, limit: number) {
  let rows = matching.selectAll()
  switch (sort) {
    case 'relevance':
      rows = tsquery ? rows.orderBy(tierOf(tsquery)).orderBy('created_at', 'desc') : rows.orderBy('created_at', 'desc')
      break
    case 'newest':
      rows = rows.orderBy('created_at', 'desc')
      break
    case 'downloads':
      rows = rows.orderBy('download_count', 'desc')
      break
    case 'alphabetical':
      // With a text query the matches are few: sort them, rather than walk the title index
      // of the whole catalogue looking for matches (the `|| ''` keeps the planner off it).
      rows = rows.orderBy(tsquery ? sql`lower(title) || ''` : sql`lower(title)`, 'asc')
      break
  }
  return rows.orderBy('id', 'desc').limit(limit).offset(offset).execute()
}

/** 0: every word in the title; 1: in title, tags or category; 2: anywhere (description). */
function tierOf(tsquery: Tsquery) {
  return sql<number>`case when search_title @@ ${tsquery} then 0 when search_named @@ ${tsquery} then 1 else 2 end`
}

const TIERS = ['search_title', 'search_named', 'search'] as const

/**
 * A page of relevance (or newest) order read from the RUM indexes: each tier newest-first from
 * its own index, excluding the tier before it, until offset + limit rows are in hand. A tier
 * is only read past its start when the tiers before it are exhausted within the page, so a
 * request reads at most about offset + limit index entries per tier.
 */
async function indexOrderedPage(db: DB, filtered: AssetQuery, tsquery: Tsquery, sort: 'relevance' | 'newest', offset: number, limit: number) {
  const want = offset + limit
  const tiers = sort === 'newest' ? (['search'] as const) : TIERS
  const picked: { id: number; created_at: Date }[] = []
  for (const [i, column] of tiers.entries()) {
    let tier = filtered.where(sql<SqlBool>`${sql.ref(column)} @@ ${tsquery}`)
    if (i > 0) tier = tier.where(sql<SqlBool>`not (${sql.ref(tiers[i - 1])} @@ ${tsquery})`)
    const need = want - picked.length
    const rows = await tier.select(['id', 'created_at']).orderBy(sql`created_at <=| ${FAR_FUTURE}`).limit(need).execute()
    if (rows.length === need && rows.length > 0) {
      // The index orders by created_at alone; assets sharing the boundary instant are all
      // fetched and ordered by id, so the page is exactly what (created_at, id) gives.
      const boundary = rows[rows.length - 1].created_at
      const ties = await tier.select(['id', 'created_at']).where('created_at', '=', boundary).execute()
      const seen = new Set(rows.map((r) => r.id))
      const merged = [...rows, ...ties.filter((r) => !seen.has(r.id))]
      merged.sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id)
      picked.push(...merged.slice(0, need))
      break
    }
    picked.push(...rows)
  }
  const ids = picked.slice(offset, want).map((r) => r.id)
  if (ids.length === 0) return []
  const rows = await db.selectFrom('assets').selectAll().where('id', 'in', ids).execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/**
 * The total: the planner's estimate when it is large ('about 52,000'), else an exact count
 * (capped at MAX_COUNTED). Counting 50 000 matches of a million costs more than the page.
 */
async function countMatches(db: DB, matching: AssetQuery) {
  const estimate = await estimateRows(db, matching)
  if (estimate !== null && estimate >= EXACT_COUNT_BELOW) {
    return { total: roundEstimate(estimate), totalCapped: false, totalEstimated: true }
  }
  const counted = await db
    .selectFrom(matching.select(sql`1`.as('one')).limit(MAX_COUNTED + 1).as('matches'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow()
  return { total: Math.min(counted.n, MAX_COUNTED), totalCapped: counted.n > MAX_COUNTED, totalEstimated: false }
}

async function estimateRows(db: DB, matching: AssetQuery): Promise<number | null> {
  const compiled = matching.select(sql`1`.as('one')).compile()
  const explained = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]))
  const cell = Object.values(explained.rows[0] ?? {})[0]
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: { 'Plan Rows'?: number } }[] | undefined
  const rows = plan?.[0]?.Plan?.['Plan Rows']
  return typeof rows === 'number' ? rows : null
}

/** Two significant figures: 52,347 → 52,000. */
export function roundEstimate(n: number): number {
  if (n < 100) return Math.round(n)
  const unit = 10 ** (Math.floor(Math.log10(n)) - 1)
  return Math.round(n / unit) * unit
}

export async function getPublishedAsset(db: DB, id: number): Promise<AssetView | null> {
  const row = await db.selectFrom('assets').selectAll().where('id', '=', id).where('is_active', '=', true).executeTakeFirst()
  return row ? toAssetView(row) : null
}

export const RELATED_TAG_COUNT = 3

/**
 * Related assets (spec: limit 10, from the category and the first 3 tags): same category and
 * at least one of those tags, never the asset itself; the most shared tags first.
 */
export async function relatedAssets(db: DB, asset: Pick<AssetView, 'id' | 'category' | 'tags'>, limit = 10): Promise<AssetView[]> {
  const firstTags = asset.tags.slice(0, RELATED_TAG_COUNT)
  if (firstTags.length === 0 || !asset.category) return []
  const rows = await db
    .selectFrom('assets')
    .selectAll()
    .where('is_active', '=', true)
    .where('id', '!=', asset.id)
    .where(sql`lower(category)`, '=', asset.category.toLowerCase())
    .where('tags', '&&', sql<string[]>`${firstTags}::text[]`)
    .orderBy(sql`cardinality(array(select unnest(tags) intersect select unnest(${firstTags}::text[])))`, 'desc')
    .orderBy('download_count', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
  return rows.map(toAssetView)
}

export interface TagSummary {
  tag: string
  count: number
  thumbnail: string
}

/** Tags of published assets by how many assets carry them, each with a thumbnail. */
export function topTags(db: DB, limit = 50): Promise<TagSummary[]> {
  return cachedForCatalogue(db, `tags:${limit}`, () => queryTopTags(db, limit))
}

async function queryTopTags(db: DB, limit: number): Promise<TagSummary[]> {
  const rows = await sql<{ tag: string; count: number; thumb: string | null }>`
    with counted as (
      select tag, count(*)::int as count
      from assets, unnest(tags) as tag
      where is_active
      group by tag
      order by count desc, tag asc
      limit ${limit}
    )
    select c.tag, c.count, (
      select a.thumb_png_key from assets a
      where a.is_active and a.tags @> array[c.tag]
      order by a.download_count desc, a.id desc limit 1
    ) as thumb
    from counted c
    order by c.count desc, c.tag asc
  `.execute(db)
  return rows.rows.map((r) => ({ tag: r.tag, count: r.count, thumbnail: r.thumb ? `/images/${r.thumb.replace(/^public\//, '')}` : '' }))
}

export interface CategorySummary {
  category: string
  count: number
  thumbnail: string
}

export function categoryCounts(db: DB): Promise<CategorySummary[]> {
  return cachedForCatalogue(db, 'categories', () => queryCategoryCounts(db))
}

async function queryCategoryCounts(db: DB): Promise<CategorySummary[]> {
  const rows = await sql<{ category: string; count: number; thumb: string | null }>`
    select category, count(*)::int as count,
      (array_agg(thumb_png_key order by download_count desc, id desc))[1] as thumb
    from assets where is_active and category <> ''
    group by category order by category
  `.execute(db)
  return rows.rows.map((r) => ({ category: r.category, count: r.count, thumbnail: r.thumb ? `/images/${r.thumb.replace(/^public\//, '')}` : '' }))
}

/** What the sitemap lists: published assets (newest first, up to `limit`) and blog posts. */
export async function sitemapEntries(db: DB, limit: number) {
  const [assets, posts] = await Promise.all([
    db.selectFrom('assets').select(['id', 'updated_at']).where('is_active', '=', true).orderBy('created_at', 'desc').limit(limit).execute(),
    db.selectFrom('blog_posts').select(['slug', 'updated_at']).orderBy('created_at', 'desc').execute(),
  ])
  return { assets, posts }
}

