import editDistance from 'damerau-levenshtein'
import { CompiledQuery, sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely'
import type { DB } from '#db/client'
import type { Database } from '#db/schema'
import type { AssetView } from '~/lib/asset-view'
import { sortToUse, type AssetType, type Sort } from '~/lib/constants'
import type { TagMatch } from '~/lib/explore-params'
import { cachedForCatalogue } from './catalogue-cache.server'
import { sharedResult } from './shared-results.server'
import { ASSET_VIEW_COLUMNS, assetsInOrder, isPublished, toAssetView } from './assets.server'
import { log } from '~/platform/log.server'
import { publicFileUrl } from '~/platform/storage.server'
import {
  hexToOklab,
  MIN_COLOUR_WEIGHT,
  NEAR_DISTANCE,
  parseColour,
  cellsNear,
  fineCellsNear,
  type Orientation,
} from '~/lib/colour'
import { errorMessage } from '~/lib/errors'

export interface SearchQuery {
  q?: string
  assetType?: AssetType
  category?: string
  /** Every one of these tags must be on the asset (any one of them with `tagMatch` 'any'). */
  tags?: string[]
  /** How the tags filter matches (explore-params' tagMatchOf): every tag (the default) or any. */
  tagMatch?: TagMatch
  /** `color=`: a swatch name or '#rrggbb' (see parseColour); assets with a weighty palette colour near it. */
  colour?: string
  orientation?: Orientation
  /** Only assets with a see-through background. */
  transparentOnly?: boolean
  sort?: Sort
  page?: number
  limit?: number
  /** Search the words as typed: no typo correction ('Search instead for shpere'). */
  exact?: boolean
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

/** A prefix matching more lexemes than this stays a prefix (GIN's partial match). */
export const MAX_PREFIX_LEXEMES = 32

/** A tsquery literal of lexemes ORed: `'toy' | 'toys'`, each quoted as tsquery input wants. */
function lexemesQuery(lexemes: string[]): string {
  return lexemes.map((l) => `'${l.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ')
}

/**
 * The words as a tsquery, every word required and the last one a prefix. The prefix is
 * replaced by the exact lexemes of the catalogue that start with it (search_lexemes, migration
 * 0011): the same matches, but GIN can intersect exact lexemes by skipping through their
 * posting lists where a prefix makes it collect every posting of every match first (10-25
 * times slower at a million assets). Without the table (a database before the migration), or
 * when the prefix matches many lexemes, the prefix stays.
 */
export async function wordsQuery(
  db: DB,
  words: string[],
): Promise<{ tsquery: Tsquery; lastLexemes: string[] | null; matchesNothing: boolean }> {
  const text = toTsQueryText(words)
  const plain = sql`to_tsquery('english', ${text})`
  const last = words.at(-1)
  if (!last) return { tsquery: plain, lastLexemes: null, matchesNothing: false }
  let lexemes: string[] | null = null
  // No lexeme of the catalogue starts with the last word: no asset can match every word.
  let matchesNothing = false
  try {
    // The last word's stemmed prefix as to_tsquery makes it ('glossy:*' → 'glossi'), then the
    // lexemes in its range of the primary key (collation "C": byte order).
    const found = await sql<{ prefix: string | null; lexemes: string[] | null }>`
      with p as (select (regexp_match(to_tsquery('english', ${`${last}:*`})::text, '^''([^'']+)'':[*]$'))[1] as prefix)
      select p.prefix, array(
        select l.lexeme from search_lexemes l
        where l.lexeme >= p.prefix and l.lexeme < p.prefix || chr(1114111)
        order by l.lexeme limit ${MAX_PREFIX_LEXEMES + 1}) as lexemes
      from p`.execute(db)
    const row = found.rows[0]
    if (row?.prefix && row.lexemes && row.lexemes.length > 0 && row.lexemes.length <= MAX_PREFIX_LEXEMES)
      lexemes = row.lexemes
    // The table holds every lexeme any asset has (a trigger in the same transaction), so an
    // empty range is exact: a typo's search ('robto') goes straight to its correction.
    matchesNothing = Boolean(row?.prefix) && row?.lexemes?.length === 0
  } catch (error) {
    noteNoLexemes(error)
  }
  if (!lexemes) return { tsquery: plain, lastLexemes: null, matchesNothing }
  const expansion = sql`${lexemesQuery(lexemes)}::tsquery`
  const head = words.slice(0, -1)
  return {
    tsquery: head.length ? sql`(to_tsquery('english', ${head.join(' & ')}) && ${expansion})` : expansion,
    lastLexemes: lexemes,
    matchesNothing: false,
  }
}

let warnedNoLexemes = false
function noteNoLexemes(error: unknown) {
  if (warnedNoLexemes) return
  warnedNoLexemes = true
  log.warn('search: no lexeme list, the last word is searched as a prefix (slower on a large catalogue)', {
    error: errorMessage(error),
  })
}

/** How many of the nearest terms by trigrams are weighed as a word's correction. */
const CORRECTION_CANDIDATES = 8

/**
 * Whether `term` is `word` mistyped: at most one slip (a letter wrong, missing, extra, or two
 * swapped) in a word of up to five letters, two in a longer one. Trigrams alone make 'dragon'
 * 'hexagon' and 'unicorn' 'acorn': a search for something the library lacks would show
 * something else and count as found.
 */
export function isTypoOf(word: string, term: string): boolean {
  return editDistance(word, term).steps <= (word.length <= 5 ? 1 : 2)
}

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
      const near = await trx
        .selectFrom('search_terms')
        .select(['term', sql<number>`similarity(term, ${word})`.as('score')])
        .where(sql<SqlBool>`term % ${word}`)
        .orderBy('score', 'desc')
        .orderBy('term')
        .limit(CORRECTION_CANDIDATES)
        .execute()
      const nearest = near.find((candidate) => isTypoOf(word, candidate.term))
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
 * with the last word, those the most published assets have first (then shortest), the earlier
 * words kept. 'glass sph' → 'glass sphere'; 'rob' → 'robot' (40 assets) before 'robe' (1).
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
    .orderBy('assets', 'desc')
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
    // Look-alikes only: the search's own words are offered by eachWordAlone, or found nothing.
    return rows.map((r) => r.term).filter((term) => !words.includes(term))
  })
}

/** A word of a search that found nothing, and how many assets it finds alone. */
export type WordAlone = { word: string } & Pick<SearchResult, 'total' | 'totalCapped' | 'totalEstimated'>

/**
 * For a search of several words that found nothing (every word must match): each word searched
 * alone with the same filters, those that find something, in the order typed. 'red robot' has
 * no asset with both; 'red' alone finds 14 and 'robot' 2.
 */
export async function eachWordAlone(db: DB, query: SearchQuery): Promise<WordAlone[]> {
  const words = [...new Set(searchWords(query.q))]
  if (words.length < 2) return []
  const alone = await Promise.all(
    words.map(async (word) => {
      // As typed (a typo finds nothing here: nearestTerms offers its look-alikes).
      const { total, totalCapped, totalEstimated } = await sharedSearch(db, {
        ...query,
        q: word,
        page: 1,
        limit: 1,
        exact: true,
      })
      return { word, total, totalCapped, totalEstimated }
    }),
  )
  return alone.filter((w) => w.total > 0)
}

export const MAX_PAGE_SIZE = 100
export const MAX_COUNTED = 10_000
/** Above this many estimated matches the total is the estimate; below, it is counted. */
export const EXACT_COUNT_BELOW = 1_000

/**
 * The one search of the catalogue, for /explore and GET /api/assets alike: full-text search
 * with prefix matching of the last word, a trigram correction of unknown words when that
 * finds nothing, filters, sorts, and pages with the total.
 *
 * Relevance is in tiers: every word in the title, then every word in the title, tags or
 * category, then the rest (description); newest first within a tier (then the higher id).
 */
/**
 * searchAssets for pages: one result per query shared by every visitor, signed in or not, until
 * the catalogue changes (shared-results.server.ts, decision 92). The pages read the personal
 * parts (favourite hearts) beside it. The caller must not change the result.
 */
export function sharedSearch(db: DB, query: SearchQuery): Promise<SearchResult> {
  return sharedResult(db, `search:${searchKey(query)}`, () => searchAssets(db, query))
}

/** The query as a key: its set fields in a fixed order, so the same search is the same key. */
export function searchKey(query: SearchQuery): string {
  const fields: (keyof SearchQuery)[] = [
    'q',
    'assetType',
    'category',
    'tags',
    'tagMatch',
    'colour',
    'orientation',
    'transparentOnly',
    'sort',
    'page',
    'limit',
    'exact',
  ]
  return JSON.stringify(fields.map((f) => query[f] ?? null))
}

export async function searchAssets(db: DB, query: SearchQuery): Promise<SearchResult> {
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? 20), 1), MAX_PAGE_SIZE)
  const page = Math.max(Math.trunc(query.page ?? 1), 1)
  const words = searchWords(query.q)
  // Text with nothing searchable in it ('🐉', '!!!') matches nothing, rather than everything.
  if (words.length === 0 && query.q?.trim())
    return {
      assets: [],
      total: 0,
      totalCapped: false,
      totalEstimated: false,
      page,
      limit,
      pageCount: 1,
      correctedQuery: null,
    }
  let result = await runSearch(db, query, words, page, limit)
  let correctedQuery: string | null = null
  if (result.total === 0 && words.length > 0 && !query.exact) {
    const corrected = await correctWords(db, words)
    if (corrected) {
      result = await runSearch(db, query, corrected, page, limit)
      correctedQuery = corrected.join(' ')
    }
  }
  const pageCount = Math.max(1, Math.ceil(Math.min(result.total, MAX_COUNTED) / limit))
  return { ...result, page, limit, pageCount, correctedQuery }
}

type AssetQuery = SelectQueryBuilder<Database, 'assets', object>

/** The published assets that pass the filters and, with words, match them. */
function matchingAssets(db: DB, filters: RawBuilder<SqlBool>[], tsquery: Tsquery | null): AssetQuery {
  const filtered: AssetQuery = db.selectFrom('assets').where(all(filters))
  return tsquery ? filtered.where(sql<SqlBool>`search @@ ${tsquery}`) : filtered
}
type Tsquery = RawBuilder<unknown>

/**
 * The filters besides the words, as conditions usable on `assets` or on a window of it.
 * `byWords`: a search with words. Its colour is then written `(colour_swatches || '{}')`, an
 * expression only the GIN indexes of words and colour carry (migration 0013: each tsvector
 * with it), so the planner intersects the words and the colour inside one index, skipping
 * through both posting lists. Against the colour's own index it would AND two bitmaps, and
 * building the colour's costs 40-100 ms at a million assets whatever the words
 * (docs/decisions/069-words-with-a-colour.md).
 */
function filterConditions(query: SearchQuery, byWords = false): RawBuilder<SqlBool>[] {
  const swatches = byWords ? sql`(colour_swatches || '{}'::text[])` : sql`colour_swatches`
  const conditions = [isPublished()]
  if (query.assetType) conditions.push(sql<SqlBool>`asset_type = ${query.assetType}`)
  if (query.category) conditions.push(sql<SqlBool>`lower(category) = ${query.category.toLowerCase()}`)
  if (query.tags?.length)
    conditions.push(
      query.tagMatch === 'any'
        ? sql<SqlBool>`tags && ${query.tags}::text[]`
        : sql<SqlBool>`tags @> ${query.tags}::text[]`,
    )
  const colour = parseColour(query.colour)
  if (colour?.name) {
    // A swatch: the palette was filed under it at upload (an index lookup, exact).
    conditions.push(sql<SqlBool>`${swatches} @> array[${colour.name}]::text[]`)
  } else if (colour) {
    // Any colour: narrowed by the grid cells a near colour must be filed under, then measured.
    conditions.push(sql<SqlBool>`${swatches} && ${cellsNear(colour.hex)}::text[]`)
    conditions.push(sql<SqlBool>`${colourDistance(colour.hex)} < ${NEAR_DISTANCE}`)
  }
  if (query.orientation) conditions.push(sql<SqlBool>`orientation = ${query.orientation}`)
  if (query.transparentOnly) conditions.push(sql<SqlBool>`has_transparency`)
  return conditions
}

/** OKLab distance from `hex` to the nearest palette colour with enough weight (null: none). */
function colourDistance(hex: string) {
  const [l, a, b] = hexToOklab(hex)
  return sql<number>`(select min(sqrt(power((p->>'l')::float8 - ${l}, 2) + power((p->>'a')::float8 - ${a}, 2) + power((p->>'b')::float8 - ${b}, 2)))
    from jsonb_array_elements(palette) as p where (p->>'weight')::float8 >= ${MIN_COLOUR_WEIGHT})`
}
const all = (conditions: RawBuilder<SqlBool>[]) => sql<SqlBool>`${sql.join(conditions, sql` and `)}`

async function runSearch(db: DB, query: SearchQuery, words: string[], page: number, limit: number) {
  const text = words.length ? toTsQueryText(words) : null
  const matched = text ? await wordsQuery(db, words) : null
  if (matched?.matchesNothing) return { assets: [], total: 0, totalCapped: false, totalEstimated: false }
  const tsquery = matched?.tsquery ?? null
  const sort = sortToUse(query.sort, words.length > 0)
  const colour = parseColour(query.colour)
  // With words, the colour in the form only the words-and-colour indexes know (filterConditions).
  const filters = filterConditions(query, Boolean(tsquery))
  const matching = matchingAssets(db, filters, tsquery)
  const published = publishedEstimate(db)

  const offset = (page - 1) * limit
  // undefined: not a ranked search; null: matches too thin to estimate (they are counted).
  let density: number | null | undefined
  let found: Awaited<ReturnType<typeof sortedPage>> = []
  // Pages stop where counting does, so no request walks deep into the catalogue.
  if (offset < MAX_COUNTED) {
    if (tsquery && (sort === 'newest' || sort === 'relevance')) {
      const ranked = await rankedPage(db, matching, filters, tsquery, sort, offset, limit, published, colour?.hex)
      found = ranked.rows
      density = ranked.density
      // Every match was read: the total is known.
      if ('total' in ranked && ranked.total !== undefined)
        return { assets: found.map(toAssetView), total: ranked.total, totalCapped: false, totalEstimated: false }
    } else if (tsquery && sort === 'alphabetical') {
      const colourTokens = colour ? (colour.name ? [colour.name] : fineCellsNear(colour.hex)) : null
      found =
        (await titleWindowPage(
          db,
          filters,
          tsquery,
          words,
          matched?.lastLexemes ?? null,
          colourTokens,
          offset,
          limit,
        )) ?? (await sortedMatchesPage(db, filters, tsquery, sort, offset, limit))
    } else {
      found = await sortedPage(matching, tsquery, sort, offset, limit, colour?.hex)
    }
  }
  // A short first page is the whole answer: no count needed.
  if (offset === 0 && found.length < limit)
    return { assets: found.map(toAssetView), total: found.length, totalCapped: false, totalEstimated: false }
  return { assets: found.map(toAssetView), ...(await countMatches(db, matching, density, published)) }
}

const TIERS = ['search_title', 'search_named', 'search'] as const
/** How many of the newest assets a ranked page looks at: first the short window, then the long one. */
export const RANK_WINDOWS = [2_000, 20_000] as const
/**
 * Closeness to a searched colour ranks in steps of this OKLab distance (about one just
 * noticeable difference: CSS Color 4's gamut mapping uses 0.02 for deltaEOK); newest first
 * within a step. Steps make a colour search with words a newest-first walk per step, so it
 * never measures every match.
 */
export const COLOUR_STEP = 0.02
const COLOUR_STEPS = Math.ceil(NEAR_DISTANCE / COLOUR_STEP)
function colourStep(hex: string) {
  return sql<number>`least(floor(${colourDistance(hex)} / ${COLOUR_STEP})::int, ${COLOUR_STEPS - 1})`
}

type Ranked = { id: number; created_at: Date; step: number }

/** How many palette colours nearest the searched one are read (palette_colours, migration 0012); tests lower it. */
export const colourSearchTuning = { nearestColours: 1_000 }
const missingColourIndex = new WeakSet<DB>()
let warnedNoColourIndex = false

/**
 * The assets with a weighty colour in the closest steps of `hex`, from the palette colours
 * nearest it (a GiST index of the cube extension). `covered`: every asset whose closest colour
 * is below that step is in `ids` (all steps when the nearest colours run past 'near'). Null
 * without the index (no cube extension): the caller measures the matches instead.
 */
async function nearestColours(db: DB, hex: string): Promise<{ covered: number; ids: number[] } | null> {
  if (missingColourIndex.has(db)) return null
  const [l, a, b] = hexToOklab(hex)
  let rows: { asset_id: number; d: number }[]
  try {
    const point = sql`cube(array[${l}, ${a}, ${b}]::float8[])`
    rows = (
      await sql<{ asset_id: number; d: number }>`
      select asset_id, colour <-> ${point} as d from palette_colours
      order by colour <-> ${point} limit ${colourSearchTuning.nearestColours}`.execute(db)
    ).rows
  } catch (error) {
    missingColourIndex.add(db)
    if (!warnedNoColourIndex) {
      warnedNoColourIndex = true
      log.warn('search: no palette colour index (cube extension), a colour search with words measures its matches', {
        error: errorMessage(error),
      })
    }
    return null
  }
  // A hair of slack, so the SQL step of each palette (computed from the jsonb) and the cube's
  // distance can never disagree at a step's edge: candidates are a superset, then filtered.
  const slack = 1e-9
  const last = rows.at(-1)
  const complete =
    rows.length < colourSearchTuning.nearestColours || (last !== undefined && Number(last.d) >= NEAR_DISTANCE + slack)
  const covered = complete ? COLOUR_STEPS : Math.max(0, Math.floor((Number(last?.d ?? 0) - slack) / COLOUR_STEP))
  const limit = (complete ? NEAR_DISTANCE : covered * COLOUR_STEP) + slack
  const ids = [...new Set(rows.filter((r) => Number(r.d) < limit).map((r) => r.asset_id))]
  return { covered, ids }
}

/**
 * A page in relevance (or newest) order, exact, without sorting every match:
 * 1. The newest RANK_WINDOW published assets (an index walk) are matched and put in tiers.
 *    When the window holds enough matches of a tier, those are that tier's newest matches.
 * 2. A tier the window is too thin for is sparse, so it is read whole from its own GIN
 *    index and sorted: few rows.
 * With a colour, each tier is ordered by the colour's step (COLOUR_STEP) first: the window
 * settles a tier when its closest step alone fills the page.
 * Common words cost one short index walk; rare words a few index lookups.
 */
async function rankedPage(
  db: DB,
  matching: AssetQuery,
  filters: RawBuilder<SqlBool>[],
  tsquery: Tsquery,
  sort: 'relevance' | 'newest',
  offset: number,
  limit: number,
  published: Published,
  colourHex?: string,
) {
  const want = offset + limit
  const tiers = sort === 'newest' ? (['search'] as const) : TIERS
  const tierExpression = sort === 'newest' ? sql<number>`0` : tierOf(tsquery)
  const stepExpression = sort === 'relevance' && colourHex ? colourStep(colourHex) : sql<number>`0`
  const readWindow = async (size: number) => {
    const recent = await sql<Ranked & { tier: number }>`
      select id, created_at, ${tierExpression} as tier, ${stepExpression} as step
      from (
        select id, created_at, is_active, asset_type, category, tags, search, search_named, search_title,
          palette, colour_swatches, orientation, has_transparency
        from assets where ${isPublished()} order by created_at desc, id desc limit ${size}
      ) as assets
      where ${all(filters)} and search @@ ${tsquery}
      order by created_at desc, id desc`.execute(db)
    const byTier: Ranked[][] = tiers.map(() => [])
    for (const row of recent.rows) byTier[row.tier].push(row)
    return { byTier, matches: recent.rows.length, size }
  }
  // A tier's first step in the window: its newest matches there are its newest anywhere.
  // With a colour and a window whose closest step is too thin, the steps the nearest palette
  // colours cover are read from them (below); the window then has to settle the first step
  // they do not cover.
  let colourNear: Awaited<ReturnType<typeof nearestColours>> = null
  let firstStep = 0
  const closest = (rows: Ranked[]) => rows.filter((r) => r.step === firstStep)
  // Whether a window settles the page: the first tier with matches there fills it from its
  // closest step. Otherwise that tier is read whole (below), whatever the window.
  // Also how much longer a window would have to be to do so, by the matches of this one
  // (Infinity: it shows none of the tier that decides).
  const settles = (byTier: Ranked[][]) => {
    for (const rows of byTier) {
      const near = closest(rows).length
      if (near >= want) return { settled: true, scale: 1 }
      if (rows.length > 0) return { settled: false, scale: near > 0 ? want / near : Infinity }
    }
    return { settled: false, scale: Infinity }
  }
  // Few matches by the planner's estimate (good for words ANDed: 2,101 for 1,234), too thin
  // for the first window to show a page of them: read them all at once, without the walk.
  // Denser matches take the window first, which is cheaper (at 100,000 assets 'sphere', 4,900
  // matches: 3 ms against 13 ms for reading them all).
  const firstWindow = Math.max(RANK_WINDOWS[0], want * 20)
  const estimate = await estimateRows(db, matching)
  const fewExpected = estimate !== null && estimate <= rankTuning.fewMatches
  if (fewExpected && (estimate / Math.max(await published(), 1)) * firstWindow < want) {
    const few = await fewMatchesPage(db, filters, tsquery, tierExpression, stepExpression, offset, want)
    if (few) return few
  }
  let window = await readWindow(firstWindow)
  const longest = Math.max(RANK_WINDOWS[1], want * 100)
  // A longer window only when this one shows it would settle the page, sized by the matches
  // seen (half as long again, for chance); else its walk is wasted and the tiers are read
  // from GIN anyway.
  let first = settles(window.byTier)
  // Few matches in all by the window's share of them, though the planner expected more.
  if (!first.settled && !fewExpected && (window.matches / window.size) * (await published()) <= rankTuning.fewMatches) {
    const few = await fewMatchesPage(db, filters, tsquery, tierExpression, stepExpression, offset, want)
    if (few) return few
  }
  let longer = Math.ceil(window.size * first.scale * 1.5)
  // The nearest colours when the window has none of the closest step, or too few for a longer one.
  if (sort === 'relevance' && colourHex && !first.settled && (first.scale === Infinity || longer > longest)) {
    colourNear = await nearestColours(db, colourHex)
    firstStep = colourNear?.covered ?? 0
    first = settles(window.byTier)
    longer = Math.ceil(window.size * first.scale * 1.5)
  }
  if (!first.settled && longer <= longest) window = await readWindow(Math.max(longer, window.size + 500))
  // The share of the newest assets that match: the estimate of the total (countMatches).
  const density = window.matches < limit ? null : window.matches / window.size

  const picked: { id: number }[] = []
  for (const [i, column] of tiers.entries()) {
    const need = want - picked.length
    const conditions = [...filters, sql<SqlBool>`${sql.ref(column)} @@ ${tsquery}`]
    if (i > 0) conditions.push(sql<SqlBool>`not (${sql.ref(tiers[i - 1])} @@ ${tsquery})`)
    // The tier's matches in the covered steps: few, from the nearest colours.
    let below: { id: number }[] = []
    if (colourNear && colourNear.ids.length > 0 && firstStep > 0) {
      below = (
        await sql<{ id: number }>`
          select id from (select id, created_at, ${stepExpression} as step from assets
            where id = any(${colourNear.ids}::int[]) and ${all(conditions)}) as covered
          where step < ${firstStep}
          order by step, created_at desc, id desc limit ${need}`.execute(db)
      ).rows
    }
    if (below.length >= need || (colourNear && firstStep >= COLOUR_STEPS)) {
      // The page, or (every step covered) the whole tier.
      picked.push(...below)
      if (below.length >= need) break
      continue
    }
    const near = closest(window.byTier[i])
    if (below.length + near.length >= need) {
      picked.push(...below, ...near.slice(0, need - below.length))
      break
    }
    // Too thin for the window: read the whole tier from its GIN index and sort it. Ordered by
    // an expression no index has, so the planner never walks the date index for rare matches.
    const rows = await sql<{ id: number }>`
      select id from assets where ${all(conditions)}
      order by ${colourHex && sort === 'relevance' ? sql`${stepExpression}, ` : sql``}created_at + interval '0 seconds' desc, id desc limit ${need}`.execute(
      db,
    )
    picked.push(...rows.rows)
    if (rows.rows.length === need) break
  }
  return {
    rows: await assetsInOrder(
      db,
      picked.slice(offset, want).map((r) => r.id),
    ),
    density,
  }
}

/** A ranked search with at most `fewMatches` matches reads them all at once (fewMatchesPage); tests lower it. */
export const rankTuning = { fewMatches: 5_000 }

/**
 * A ranked page when the matches are few: all of them in one read (GIN intersects the words,
 * and the colour with them), ranked by tier, colour step, newest and id, and counted, in the
 * database, so only the page's ids come back.
 * One pass instead of a read per tier and a count, each intersecting the words again ('glossy
 * robot' + teal at a million assets: 1,300 matches). Tried when the planner's estimate or the
 * newest assets' share of matches promises few; null when there turn out to be more (the
 * caller goes on), having read at most `fewMatches` + 1 rows.
 */
async function fewMatchesPage(
  db: DB,
  filters: RawBuilder<SqlBool>[],
  tsquery: Tsquery,
  tier: RawBuilder<number>,
  step: RawBuilder<number>,
  offset: number,
  want: number,
) {
  const found = await sql<{ id: number; total: number }>`
    select id, count(*) over ()::int as total from (
      select id, created_at, ${tier} as tier, ${step} as step from assets
      where ${all(filters)} and search @@ ${tsquery} limit ${rankTuning.fewMatches + 1}
    ) as matches
    order by tier, step, created_at desc, id desc
    offset ${offset} limit ${want - offset}`.execute(db)
  const total = found.rows[0]?.total ?? 0
  if (total > rankTuning.fewMatches) return null
  // A page past the last match comes back empty, without the count: count again (rare).
  if (found.rows.length === 0 && offset > 0) return null
  return {
    rows: await assetsInOrder(
      db,
      found.rows.map((r) => r.id),
    ),
    density: null,
    total,
  }
}

/**
 * The published assets as the planner estimates them (an EXPLAIN; exact enough to scale a
 * share), asked at most once per search however many steps want it.
 */
function publishedEstimate(db: DB): () => Promise<number> {
  let estimate: Promise<number> | undefined
  return () => (estimate ??= estimateRows(db, db.selectFrom('assets').where(isPublished())).then((n) => n ?? 0))
}
type Published = ReturnType<typeof publishedEstimate>

/** How many titles an alphabetical search with words walks from its bound: first the short window, then the long one. */
export const TITLE_WINDOWS = [2_000, 20_000] as const

/**
 * Alphabetical order with words, without sorting every match: no asset with every word can
 * have a title before the largest of the words' first titles (search_lexemes.first_title,
 * each word's smallest over its lexemes). With a colour, the first titles are those of the
 * word's lexemes filed under the colour (search_lexeme_colours, migration 0013: a swatch's
 * name, or the fine cells a colour near '#rrggbb' can lie in), since the first match can lie
 * far past the first title with the word. The title index is walked from there; when the
 * window holds the page, it is exact (the window is a stretch of the title order with nothing
 * before it). Null when it does not (sparse matches, or no lexeme list): the caller sorts.
 */
async function titleWindowPage(
  db: DB,
  filters: RawBuilder<SqlBool>[],
  tsquery: Tsquery,
  words: string[],
  lastLexemes: string[] | null,
  colourTokens: string[] | null,
  offset: number,
  limit: number,
) {
  const want = offset + limit
  let bound: string | null = null
  try {
    const head = words.slice(0, -1)
    // A word's lexemes (the last word's: its expansion) and their first title, with the colour or without.
    const firstTitle = (lexemes: RawBuilder<unknown>) =>
      colourTokens
        ? sql`(select min(l.first_title) from search_lexeme_colours l where l.lexeme = any(${lexemes}) and l.colour = any(${colourTokens}::text[]))`
        : sql`(select min(l.first_title) from search_lexemes l where l.lexeme = any(${lexemes}))`
    const found = await sql<{ bound: string | null }>`
      select max(b) as bound from (
        select ${firstTitle(sql`tsvector_to_array(to_tsvector('english', w))`)} as b
        from unnest(${head}::text[]) as w
        union all
        select ${firstTitle(sql`${lastLexemes ?? []}::text[]`)}
      ) as bounds`.execute(db)
    bound = found.rows[0]?.bound ?? null
  } catch (error) {
    noteNoLexemes(error)
    return null
  }
  if (bound === null) return null
  const readWindow = (size: number) =>
    sql<{ id: number }>`
      select id from (
        select id, lower(title) as title_key, is_active, asset_type, category, tags, search,
          palette, colour_swatches, orientation, has_transparency
        from assets where ${isPublished()} and lower(title) >= ${bound} order by lower(title), id desc limit ${size}
      ) as assets
      where ${all(filters)} and search @@ ${tsquery}
      order by title_key, id desc limit ${want}`.execute(db)
  const size = Math.max(TITLE_WINDOWS[0], want * 20)
  let window = await readWindow(size)
  // A longer window when this one shows matches dense enough to fill it (sized as in rankedPage).
  const longer = Math.ceil((size * want * 1.5) / Math.max(window.rows.length, 1e-9))
  if (window.rows.length > 0 && window.rows.length < want && longer <= Math.max(TITLE_WINDOWS[1], want * 100))
    window = await readWindow(Math.max(longer, size + 500))
  if (window.rows.length < want) return null
  return assetsInOrder(
    db,
    window.rows.slice(offset, want).map((r) => r.id),
  )
}

/** Memory for one sort of every match: the default 4 MB makes the bitmap of a common word lossy,
 * and its recheck reads every row of every page it touched (at a million assets, 'robot' with
 * a colour in title order: 58,000 pages read for 7,700 matches, 330 ms; 7,600 pages, 90 ms). */
const SORT_WORK_MEM = '32MB'

/** sortedPage for the words' matches, in a transaction that gives the sort SORT_WORK_MEM. */
function sortedMatchesPage(
  db: DB,
  filters: RawBuilder<SqlBool>[],
  tsquery: Tsquery,
  sort: Sort,
  offset: number,
  limit: number,
) {
  return db.transaction().execute(async (trx) => {
    await sql`set local work_mem = ${sql.lit(SORT_WORK_MEM)}`.execute(trx)
    return sortedPage(matchingAssets(trx, filters, tsquery), tsquery, sort, offset, limit)
  })
}

/** Today's plan for every sort: the database orders all matches (with indexes where they fit). */
async function sortedPage(
  matching: AssetQuery,
  tsquery: Tsquery | null,
  sort: Sort,
  offset: number,
  limit: number,
  colourHex?: string,
) {
  let rows = matching.select(ASSET_VIEW_COLUMNS)
  switch (sort) {
    case 'relevance':
      if (tsquery) rows = rows.orderBy(tierOf(tsquery))
      if (tsquery && colourHex) rows = rows.orderBy(colourStep(colourHex))
      rows = rows.orderBy('created_at', 'desc')
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

/**
 * The total: an estimate when it is large ('about 52,000'), else an exact count (capped at
 * MAX_COUNTED). Counting 50 000 matches of a million costs more than the page. For a word
 * search the estimate is the share of matches among the newest assets (the ranked window)
 * times the published assets, which the planner knows well; its own guess for a word is
 * poor (2.5 times off for 'robot' at a million). Without words the planner's estimate is used.
 */
async function countMatches(db: DB, matching: AssetQuery, density: number | null | undefined, published: Published) {
  const estimate =
    density === undefined ? await estimateRows(db, matching) : density === null ? null : density * (await published())
  if (estimate !== null && estimate >= EXACT_COUNT_BELOW) {
    return { total: roundEstimate(estimate), totalCapped: false, totalEstimated: true }
  }
  const counted = await db
    .selectFrom(
      matching
        .select(sql`1`.as('one'))
        .limit(MAX_COUNTED + 1)
        .as('matches'),
    )
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow()
  return { total: Math.min(counted.n, MAX_COUNTED), totalCapped: counted.n > MAX_COUNTED, totalEstimated: false }
}

async function estimateRows(db: DB, matching: AssetQuery): Promise<number | null> {
  const compiled = matching.select(sql`1`.as('one')).compile()
  const explained = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`explain (format json) ${compiled.sql}`, [...compiled.parameters]),
  )
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

/** `and asset_type = …` when a type is given (the counts of one Explore tab), else nothing. */
function ofType(assetType: AssetType | undefined, table?: 'a') {
  return assetType ? sql`and ${sql.ref(table ? `${table}.asset_type` : 'asset_type')} = ${assetType}` : sql``
}

export interface TagSummary {
  tag: string
  count: number
  thumbnail: string
}

/** How many of the most used tags are counted and kept: every page asks for fewer. */
const TAGS_KEPT = 100

/**
 * Tags of published assets (of one type, when given) by how many assets carry them, each with a
 * thumbnail: its most downloaded asset's, of that type. One count per type (or of the whole
 * catalogue) serves every length asked for.
 */
export async function topTags(db: DB, limit = 50, assetType?: AssetType): Promise<TagSummary[]> {
  const kept = Math.max(limit, TAGS_KEPT)
  const tags = await cachedForCatalogue(
    db,
    `tags:${kept}:${assetType ?? 'all'}`,
    async () => withTagThumbnails(db, await countTags(db, kept, assetType), assetType),
    (previous) => withTagThumbnails(db, previous, assetType),
  )
  return tags.length > limit ? tags.slice(0, limit) : tags
}

/** The whole catalogue read: about a second at a million assets. */
async function countTags(
  db: DB,
  limit: number,
  assetType: AssetType | undefined,
): Promise<{ tag: string; count: number }[]> {
  const rows = await sql<{ tag: string; count: number }>`
    select tag, count(*)::int as count
    from assets, unnest(tags) as tag
    where ${isPublished()} ${ofType(assetType)}
    group by tag
    order by count desc, tag asc
    limit ${limit}
  `.execute(db)
  return rows.rows
}

async function withTagThumbnails(
  db: DB,
  tags: { tag: string; count: number }[],
  assetType: AssetType | undefined,
): Promise<TagSummary[]> {
  const thumbs = await mostDownloadedThumbnails(
    db,
    tags.map((t) => t.tag),
    (value) => sql<SqlBool>`a.tags @> array[${value}] ${ofType(assetType, 'a')}`,
  )
  return tags.map(({ tag, count }) => ({ tag, count, thumbnail: thumbs.get(tag) ?? '' }))
}

/**
 * Each value's thumbnail: the most downloaded published asset that `matches` it, one index
 * lookup per value (milliseconds for a hundred), by value.
 */
async function mostDownloadedThumbnails(
  db: DB,
  values: string[],
  matches: (value: RawBuilder<string>) => RawBuilder<SqlBool>,
): Promise<Map<string, string>> {
  if (values.length === 0) return new Map()
  const value = sql<string>`v.value`
  const rows = await sql<{ value: string; thumb: string | null }>`
    select v.value, (
      select a.thumb_png_key from assets a
      where ${isPublished('a')} and ${matches(value)}
      order by a.download_count desc, a.id desc limit 1
    ) as thumb
    from unnest(${values}::text[]) as v(value)
  `.execute(db)
  return new Map(rows.rows.map((r) => [r.value, publicFileUrl(r.thumb)]))
}

export interface CategorySummary {
  category: string
  count: number
  thumbnail: string
}

/** Categories of published assets with their counts, each with its most downloaded asset's thumbnail. */
export function categoryCounts(db: DB): Promise<CategorySummary[]> {
  return cachedForCatalogue(
    db,
    'categories',
    async () => withCategoryThumbnails(db, await countCategories(db)),
    (previous) => withCategoryThumbnails(db, previous),
  )
}

/** One type's categories and how many published assets of the type each holds (an Explore tab's list). */
export function categoryCountsOfType(db: DB, assetType: AssetType): Promise<{ category: string; count: number }[]> {
  return cachedForCatalogue(db, `categories:${assetType}`, () => countCategories(db, assetType))
}

/** The whole catalogue read (half a second at a million assets; with the thumbnails picked in it, 2.6 s). */
async function countCategories(db: DB, assetType?: AssetType): Promise<{ category: string; count: number }[]> {
  const rows = await sql<{ category: string; count: number }>`
    select category, count(*)::int as count
    from assets where ${isPublished()} and category <> '' ${ofType(assetType)}
    group by category order by category
  `.execute(db)
  return rows.rows
}

async function withCategoryThumbnails(
  db: DB,
  categories: { category: string; count: number }[],
): Promise<CategorySummary[]> {
  const thumbs = await mostDownloadedThumbnails(
    db,
    categories.map((c) => c.category),
    (value) => sql<SqlBool>`a.category = ${value}`,
  )
  return categories.map(({ category, count }) => ({ category, count, thumbnail: thumbs.get(category) ?? '' }))
}

/** What the sitemap lists: published assets (newest first, up to `limit`) and blog posts. */
export async function sitemapEntries(db: DB, limit: number) {
  const [assets, posts] = await Promise.all([
    db
      .selectFrom('assets')
      .select(['id', 'updated_at'])
      .where(isPublished())
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute(),
    db.selectFrom('blog_posts').select(['slug', 'updated_at']).orderBy('created_at', 'desc').execute(),
  ])
  return { assets, posts }
}
