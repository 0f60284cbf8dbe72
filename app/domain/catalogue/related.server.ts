import { sql, type SqlBool } from 'kysely'
import type { DB } from '#db/client'
import type { Asset } from '#db/schema'
import type { AssetView } from '~/lib/asset-view'
import { RELATED_TAG_SOURCE } from '~/lib/constants'
import { cellsNear, labDistance, MIN_COLOUR_WEIGHT, NEAR_DISTANCE, type PaletteColour } from '~/lib/colour'
import { assetViewsInOrder, isPublished, STRIP_COLUMNS } from './assets.server'
import { sharedResult } from './shared-results.server'

// What an asset's page shows besides the asset: Related Assets (same category, shared tags)
// and Similar colours (the closest palettes), each bounded at any catalogue size.

/** How many of the newest published assets Related Assets looks among first. */
export const RELATED_WINDOW = 2_000
/** How many matches Related Assets ranks when the newest assets had too few. */
export const RELATED_CANDIDATES = 500

/**
 * Related assets (at most 10, from the category and the first 3 tags): same category and
 * at least one of those tags, never the asset itself; the most shared tags first
 * (relatedCandidates).
 */
export async function relatedAssets(
  db: DB,
  asset: Pick<AssetView, 'id' | 'category' | 'tags'>,
  limit = 10,
): Promise<AssetView[]> {
  return assetViewsInOrder(
    db,
    (await relatedCandidates(db, asset, limit)).map((c) => c.id),
  )
}

const RELATED_CANDIDATE_COLUMNS = [...STRIP_COLUMNS, 'category', 'tags', 'download_count'] as const

/** An asset as Related Assets ranks it, with what its thumbnail needs. */
export type RelatedCandidate = Pick<Asset, (typeof RELATED_CANDIDATE_COLUMNS)[number]>

/**
 * Related Assets, best first, with what their thumbnails need. Bounded at any catalogue size
 * (decision 92): ranking every match of a common category and tag read 20,000 heap rows of a
 * million (0.4-1.2 s). The newest RELATED_WINDOW assets are ranked first; only when they hold
 * too few matches, which means the matches are rare and their index bitmap small, are up to
 * RELATED_CANDIDATES matches of the whole catalogue ranked. A catalogue smaller than the
 * window gets every match ranked. The window is the same for every asset, so it is shared
 * (relatedWindow, decision 104) and ranked here: an asset page then asks the database for its
 * related assets only when they are rare. The result holds the window's rows: do not change it.
 */
export async function relatedCandidates(
  db: DB,
  source: Pick<AssetView, 'id' | 'category' | 'tags'>,
  limit: number,
): Promise<readonly RelatedCandidate[]> {
  const firstTags = source.tags.slice(0, RELATED_TAG_SOURCE)
  if (firstTags.length === 0 || !source.category) return []
  const group = (await relatedWindow(db)).get(source.category.toLowerCase()) ?? NO_GROUP
  const recent = rankRelated(source, firstTags, carrying(group, firstTags), limit)
  if (recent.length >= limit) return recent
  // The index narrows to the category and tags; rankRelated decides, over these and the
  // window's (PostgreSQL's lower() and JavaScript's can differ beyond ASCII).
  const matches = await db
    .selectFrom('assets')
    .select(RELATED_CANDIDATE_COLUMNS)
    .where(isPublished())
    .where('id', '<>', source.id)
    .where(sql<SqlBool>`lower(category) = ${source.category.toLowerCase()}`)
    .where(sql<SqlBool>`tags && ${firstTags}::text[]`)
    .limit(RELATED_CANDIDATES)
    .execute()
  const fresh = new Set(matches.map((m) => m.id))
  return rankRelated(source, firstTags, [...matches, ...group.rows.filter((c) => !fresh.has(c.id))], limit)
}

/** One category's share of the related window: its rows, and the rows carrying each tag. */
interface WindowGroup {
  readonly rows: readonly RelatedCandidate[]
  readonly byTag: ReadonlyMap<string, readonly RelatedCandidate[]>
}

const NO_GROUP: WindowGroup = { rows: [], byTag: new Map() }

/**
 * The rows of `group` carrying any of `tags`: rankRelated then reads only those, not the whole
 * group (under load nearly every row it reads is a cache miss).
 */
function carrying(group: WindowGroup, tags: readonly string[]): RelatedCandidate[] {
  const found = new Set<RelatedCandidate>()
  for (const tag of tags) for (const row of group.byTag.get(tag) ?? []) found.add(row)
  return [...found]
}

/**
 * The newest RELATED_WINDOW published assets by category (in lower case), shared by every asset
 * page and read again when the catalogue changes or the reading is 30 s old (sharedResult): a
 * page ranks only its own category's share of them. Shared: never changed once read.
 */
function relatedWindow(db: DB): Promise<ReadonlyMap<string, WindowGroup>> {
  return sharedResult(db, 'related-window', async () => {
    const rows = await db
      .selectFrom('assets')
      .select(RELATED_CANDIDATE_COLUMNS)
      .where(isPublished())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RELATED_WINDOW)
      .execute()
    const byCategory = new Map<string, { rows: RelatedCandidate[]; byTag: Map<string, RelatedCandidate[]> }>()
    for (const row of rows) {
      const key = row.category.toLowerCase()
      let group = byCategory.get(key)
      if (!group) {
        group = { rows: [], byTag: new Map() }
        byCategory.set(key, group)
      }
      group.rows.push(row)
      for (const tag of new Set(row.tags)) {
        const tagged = group.byTag.get(tag)
        if (tagged) tagged.push(row)
        else group.byTag.set(tag, [row])
      }
    }
    return byCategory
  })
}

/** Related Assets' rule: the matches of `candidates`, the most shared of `firstTags` first, then the most downloaded, then the newest id. */
function rankRelated(
  source: Pick<AssetView, 'id' | 'category'>,
  firstTags: string[],
  candidates: readonly RelatedCandidate[],
  limit: number,
): RelatedCandidate[] {
  const category = source.category.toLowerCase()
  const wanted = new Set(firstTags)
  const matches: { candidate: RelatedCandidate; shared: number }[] = []
  for (const candidate of candidates) {
    if (candidate.id === source.id) continue
    if (candidate.category !== source.category && candidate.category.toLowerCase() !== category) continue
    let shared = 0
    for (const tag of wanted) if (candidate.tags.includes(tag)) shared++
    if (shared > 0) matches.push({ candidate, shared })
  }
  return matches
    .sort(
      (x, y) =>
        y.shared - x.shared ||
        y.candidate.download_count - x.candidate.download_count ||
        y.candidate.id - x.candidate.id,
    )
    .slice(0, limit)
    .map((x) => x.candidate)
}

/** How many recent assets of the same main colour 'Similar colours' compares. */
export const SIMILAR_CANDIDATES = 200

/**
 * 'Similar colours', besides Related Assets: the assets whose palettes are closest to
 * this one's. Distance: each weighty colour of this asset to the nearest weighty colour of the
 * other, weighted by its share (paletteDistance). Compared among the newest SIMILAR_CANDIDATES
 * filed under the same main swatch, so the cost stays flat however large the catalogue. The
 * distances are measured here, not in SQL: unpacking each candidate's JSON palette there took
 * 12 of the query's 16 ms at a million assets.
 */
export async function similarColours(db: DB, assetId: number, limit = 10): Promise<AssetView[]> {
  const source = await db.selectFrom('assets').select(['id', 'palette']).where('id', '=', assetId).executeTakeFirst()
  const colours = similarityColours(source?.palette)
  if (!source || !colours[0]) return []
  const candidates = await similarCandidates(db, source.id, colours[0]).select('id').execute()
  return assetViewsInOrder(
    db,
    closestPalettes(colours, candidates, limit).map((c) => c.id),
  )
}

/** The colours Similar colours compares: an asset's weighty ones, the three largest. */
export function similarityColours(palette: PaletteColour[] | null | undefined): PaletteColour[] {
  return weightyColours(palette).slice(0, 3)
}

/**
 * Similar colours' candidates for the asset `sourceId` whose main colour is `main`: a weighty
 * colour within twice the search's 'near' of it; newest first. Selects the palette; a caller
 * adds the columns it needs besides.
 */
export function similarCandidates(db: DB, sourceId: number, main: PaletteColour) {
  return db
    .selectFrom('assets')
    .select('palette')
    .where(isPublished())
    .where('id', '<>', sourceId)
    .where(sql<SqlBool>`colour_swatches && ${cellsNear(main.hex, 2 * NEAR_DISTANCE)}::text[]`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SIMILAR_CANDIDATES)
}

/**
 * The `limit` candidates whose palettes are closest to `colours`, closest first; only palettes
 * that are alike (on average within twice the search's 'near'). The candidates come newest
 * first and the sort is stable, so equal distances keep the newest first.
 */
export function closestPalettes<T extends { palette: PaletteColour[] | null }>(
  colours: PaletteColour[],
  candidates: T[],
  limit: number,
): T[] {
  return candidates
    .map((candidate) => ({ candidate, distance: paletteDistance(colours, weightyColours(candidate.palette)) }))
    .filter((c) => c.distance < 2 * NEAR_DISTANCE)
    .sort((x, y) => x.distance - y.distance)
    .slice(0, limit)
    .map((c) => c.candidate)
}

function weightyColours(palette: PaletteColour[] | null | undefined): PaletteColour[] {
  return (palette ?? []).filter((c) => c.weight >= MIN_COLOUR_WEIGHT)
}

/** Each of `from`'s colours to the nearest of `to`'s (1 when `to` has none), weighted by its share. */
function paletteDistance(from: PaletteColour[], to: PaletteColour[]): number {
  const total = from.reduce((sum, c) => sum + c.weight, 0)
  let distance = 0
  for (const c of from) {
    const nearest = Math.min(...to.map((d) => labDistance([c.l, c.a, c.b], [d.l, d.a, d.b])))
    distance += (c.weight / total) * (to.length > 0 ? nearest : 1)
  }
  return distance
}
