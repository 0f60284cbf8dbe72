import type { Route } from './+types/assets'
import { searchAssets } from '~/domain/search.server'
import { ApiAssetQuerySchema } from '~/lib/explore-params'
import { normaliseTags } from '~/lib/tags'
import { servicesContext } from '~/services.server'

// GET /api/assets: the same search as /explore, for scripts and the hero strip (limit=5).
export async function loader({ url, context }: Route.LoaderArgs) {
  const params = Object.fromEntries(url.searchParams)
  if (url.searchParams.getAll('tags').length > 1) params.tags = url.searchParams.getAll('tags').join(',')
  const parsed = ApiAssetQuerySchema.safeParse(params)
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]?.message ?? 'Invalid query' }, { status: 400 })
  const p = parsed.data
  const result = await searchAssets(context.get(servicesContext).db, {
    q: p.search ?? p.q,
    sort: p.sort,
    assetType: p.asset_type,
    category: p.category,
    tags: p.tags ? normaliseTags(p.tags) : undefined,
    page: p.page,
    limit: p.limit ?? 20,
  })
  return Response.json(
    { assets: result.assets, total: result.total, totalCapped: result.totalCapped, page: result.page, limit: result.limit, pageCount: result.pageCount },
    { headers: { 'Cache-Control': 'public, max-age=30' } },
  )
}
