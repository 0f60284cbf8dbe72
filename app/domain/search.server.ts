import { sql, type Expression, type SqlBool } from 'kysely'
import type { DB } from '#db/client'
import type { Asset, AssetType } from '#db/schema'
import type { AssetView } from '~/lib/asset-view'
import type { Sort } from '~/lib/constants'
import { cachedForCatalogue } from './catalogue-cache.server'

export interface SearchQuery {
  q?: string
  assetType?: AssetType
  category?: string
  /** Every one of these tags must be on the asset. */
  tags?: string[]
  sort?: Sort
  page?: number
  limit?: number
  /** Search the words as typed: no typo correction ('Search instead for shpere'). */
  exact?: boolean
}

export interface SearchResult {
  assets: AssetView[]
  /** Exact up to MAX_COUNTED; `totalCapped` says there are more. */
  total: number
  totalCapped: boolean
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

/**
 * Completions of what a person is typing, from the catalogue's vocabulary: terms that start
 * with the last word (shortest first), the earlier words kept. 'glass sph' → 'glass sphere'.
 */
export async function suggestSearches(db: DB, q: string, limit = 8): Promise<string[]> {
  const words = searchWords(q)
  const last = words.at(-1)
  if (!last || last.length < 2) return []
  const head = words.slice(0, -1).join(' ')
  const rows = await db
    .selectFrom('search_terms')
    .select('term')
    .where(sql<SqlBool>`term like ${`${last.replace(/[\\%_]/g, '\\$&')}%`}`)
    .orderBy(sql`length(term)`)
    .orderBy('term')
    .limit(limit)
    .execute()
  return rows.map((r) => (head ? `${head} ${r.term}` : r.term))
}

/** The catalogue's terms nearest to the words of a search that found nothing. */
export async function nearestTerms(db: DB, q: string, limit = 6): Promise<string[]> {
  const words = searchWords(q).filter((w) => w.length >= 3)
  if (!words.length) return []
  return db.transaction().execute(async (trx) => {
    await sql`set local pg_trgm.similarity_threshold = ${sql.lit(0.2)}`.execute(trx)
    const rows = await trx
      .selectFrom('search_terms')
      .select(['term', sql<number>`greatest(${sql.join(words.map((w) => sql`similarity(term, ${w})`))})`.as('score')])
      .where((eb) => eb.or(words.map((w) => sql<SqlBool>`term % ${w}`)))
      .orderBy('score', 'desc')
      .orderBy('term')
      .limit(limit)
      .execute()
    return rows.map((r) => r.term)
  })
}

export const MAX_PAGE_SIZE = 100
export const MAX_COUNTED = 10_000

/**
 * The one search of the catalogue, for /explore and GET /api/assets alike: full-text search
 * over the weighted vector with prefix matching of the last word, a trigram correction of
 * unknown words when that finds nothing, filters, sorts, and pages with the total.
 */
export async function searchAssets(db: DB, query: SearchQuery): Promise<SearchResult> {
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? 20), 1), MAX_PAGE_SIZE)
  const page = Math.max(Math.trunc(query.page ?? 1), 1)
  const words = searchWords(query.q)
  let result = await runSearch(db, query, words, page, limit)
  let correctedQuery: string | null = null
  if (result.total === 0 && words.length > 0 && !query.exact) {
    const corrected = await correctWords(db, words)
    if (corrected) {
      result = await runSearch(db, query, corrected, page, limit)
      correctedQuery = corrected.join(' ')
    }
  }
  return { ...result, page, limit, pageCount: Math.max(1, Math.ceil(result.total / limit)), correctedQuery }
}

async function runSearch(db: DB, query: SearchQuery, words: string[], page: number, limit: number) {
  const text = words.length ? toTsQueryText(words) : null
  const tsquery = text ? sql`to_tsquery('english', ${text})` : null
  const sort = query.sort ?? (text ? 'relevance' : 'newest')

  let base = db.selectFrom('assets').where('is_active', '=', true)
  if (tsquery) base = base.where(sql<SqlBool>`search @@ ${tsquery}`)
  if (query.assetType) base = base.where('asset_type', '=', query.assetType)
  if (query.category) base = base.where(sql`lower(category)`, '=', query.category.toLowerCase())
  if (query.tags?.length) base = base.where('tags', '@>', sql<string[]>`${query.tags}::text[]`)

  let rows = base.selectAll()
  const rank: Expression<number> = tsquery ? sql<number>`ts_rank(search, ${tsquery})` : sql<number>`0`
  // Each order ends in the columns of its index (migration 0003), so a page is an index read.
  switch (sort) {
    case 'relevance':
      rows = rows.orderBy(rank, 'desc').orderBy('created_at', 'desc')
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
  // The total is a query of its own: a window count would make the database read and sort
  // every match before it could stop at the page.
  // Counting stops at MAX_COUNTED: past ten thousand matches the exact number helps nobody
  // and costs a full scan; the page says '10,000+'.
  const offset = (page - 1) * limit
  const [found, counted] = await Promise.all([
    // Pages stop where counting does, so no request walks deep into the catalogue.
    offset >= MAX_COUNTED ? Promise.resolve([]) : rows.orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    db
      .selectFrom(base.select(sql`1`.as('one')).limit(MAX_COUNTED + 1).as('matches'))
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { assets: found.map(toAssetView), total: Math.min(counted.n, MAX_COUNTED), totalCapped: counted.n > MAX_COUNTED }
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
