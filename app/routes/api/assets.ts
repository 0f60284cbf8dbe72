import type { Route } from './+types/assets'
import { searchAssets } from '~/domain/catalogue/search.server'
import { z } from '~/lib/zod'
import { SORTS } from '~/lib/constants'
import { normaliseTags } from '~/lib/tags'
import { TAG_MATCHES, tagMatchOf } from '~/lib/explore-params'
import { API_MAX_LIMIT } from '~/lib/api-reference'
import { COLOUR_SWATCHES, ORIENTATIONS, parseColour } from '~/lib/colour'
import { servicesContext } from '~/web/context.server'
import { apiRoute, jsonError } from '~/web/http.server'
import { apiSearch, recordSearch } from '~/web/search-log.server'
import { assetTypeParam, flagParam } from '~/web/query-params.server'

// The public API's query, read strictly: a bad value is a 400 with a message. (Here, not in
// the shared URL helpers, so zod stays out of the pages' JavaScript.)
const intParam = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${name} must be at least 1`).max(max, `${name} must be at most ${max}`))

const ApiAssetQuerySchema = z.object({
  search: z.string().max(200, 'search must be at most 200 characters').optional(),
  q: z.string().max(200, 'q must be at most 200 characters').optional(),
  sort: z.enum(SORTS, { message: `sort must be one of ${SORTS.join(', ')}` }).optional(),
  asset_type: assetTypeParam,
  category: z.string().max(100, 'category must be at most 100 characters').optional(),
  tags: z.string().max(500, 'tags must be at most 500 characters').optional(),
  tag_match: z.enum(TAG_MATCHES, { message: `tag_match must be one of ${TAG_MATCHES.join(', ')}` }).optional(),
  color: z
    .string()
    .refine(
      (v) => parseColour(v) !== null,
      `color must be one of ${COLOUR_SWATCHES.map((s) => s.name).join(', ')} or a colour as #rrggbb`,
    )
    .optional(),
  orientation: z.enum(ORIENTATIONS, { message: `orientation must be one of ${ORIENTATIONS.join(', ')}` }).optional(),
  transparent: flagParam('transparent'),
  exact: flagParam('exact'),
  page: intParam('page', 100_000).optional(),
  limit: intParam('limit', API_MAX_LIMIT).optional(),
})

// GET /api/assets: the same search as /explore, for scripts and the hero strip (limit=5).
async function GET({ request, url, context }: Route.LoaderArgs) {
  const params = Object.fromEntries(url.searchParams)
  if (url.searchParams.getAll('tags').length > 1) params.tags = url.searchParams.getAll('tags').join(',')
  const parsed = ApiAssetQuerySchema.safeParse(params)
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'Invalid query')
  const p = parsed.data
  const { db } = context.get(servicesContext)
  const tags = p.tags ? normaliseTags(p.tags) : undefined
  const tagMatch = tagMatchOf(p.tag_match, tags?.length ?? 0)
  const terms = {
    q: p.search ?? p.q ?? '',
    assetType: p.asset_type,
    category: p.category,
    tags,
    tagMatch,
    colour: p.color,
    orientation: p.orientation,
    transparentOnly: p.transparent ?? false,
  }
  const result = await searchAssets(db, { ...terms, sort: p.sort, page: p.page, limit: p.limit ?? 20, exact: p.exact })
  // A search with words or filters is recorded for the artist's analytics (decision 90).
  const colour = parseColour(p.color)
  const search = apiSearch(
    {
      ...terms,
      color: colour ? (colour.name ?? colour.hex.slice(1)) : '',
      transparent: terms.transparentOnly,
      page: p.page,
    },
    result.total,
  )
  if (search && request.method !== 'HEAD') recordSearch(db, (name) => request.headers.get(name), search)
  return Response.json(
    {
      assets: result.assets,
      total: result.total,
      totalCapped: result.totalCapped,
      totalEstimated: result.totalEstimated,
      page: result.page,
      limit: result.limit,
      pageCount: result.pageCount,
      correctedQuery: result.correctedQuery,
    },
    { headers: { 'Cache-Control': 'public, max-age=30' } },
  )
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
