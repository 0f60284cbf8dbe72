import type { Route } from './+types/assets-tags'
import { topTags } from '~/domain/catalogue/search.server'
import { z } from '~/lib/zod'
import { servicesContext } from '~/web/context.server'
import { apiRoute, jsonError } from '~/web/http.server'
import { assetTypeParam } from '~/web/query-params.server'

const TagsQuerySchema = z.object({
  asset_type: assetTypeParam,
})

// GET /api/assets/tags: tags by count (of one type's assets, when asked), most used first, each
// with a thumbnail.
async function GET({ url, context }: Route.LoaderArgs) {
  const parsed = TagsQuerySchema.safeParse(Object.fromEntries(url.searchParams))
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'Invalid query')
  const tags = await topTags(context.get(servicesContext).db, 100, parsed.data.asset_type)
  return Response.json({ tags }, { headers: { 'Cache-Control': 'public, max-age=60' } })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
