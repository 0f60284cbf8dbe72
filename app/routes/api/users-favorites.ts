import { z } from '~/lib/zod'
import type { Route } from './+types/users-favorites'
import { requireApiUser } from '~/web/session.server'
import { addFavourite, listFavourites } from '~/domain/favourites/favourites.server'
import { jsonError, readApiBody, apiRoute } from '~/web/http.server'
import { servicesContext } from '~/web/context.server'
import { idSchema } from '~/lib/ids'

// GET /api/users/favorites → {favorites: [asset...]}; POST {asset_id} adds (twice is harmless).
async function GET({ request, context, url }: Route.LoaderArgs) {
  const user = await requireApiUser(request, context)
  const pageParam = url.searchParams.get('page') ?? '1'
  if (!/^\d{1,6}$/.test(pageParam) || pageParam === '0') return jsonError(400, 'page must be a whole number from 1')
  const { assets, total } = await listFavourites(context.get(servicesContext).db, user.id, {
    page: Number(pageParam),
    limit: 100,
  })
  return Response.json({ favorites: assets, total }, { headers: { 'Cache-Control': 'no-store' } })
}

const AddFavourite = z.object({
  asset_id: idSchema('asset_id must be a whole number from 1.'),
})

async function POST({ request, context }: Route.ActionArgs) {
  const user = await requireApiUser(request, context)
  const body = await readApiBody(request, AddFavourite)
  if (!body.ok) return body.response
  const added = await addFavourite(context.get(servicesContext).db, user.id, body.value.asset_id)
  if (!added.ok) return jsonError(404, 'Asset not found', { reason: added.reason })
  return Response.json({ ok: true, asset_id: body.value.asset_id, isFavourite: true }, { status: 201 })
}

const route = apiRoute<Route.LoaderArgs>({ GET, POST })
export const loader = route.loader
export const action = route.action
