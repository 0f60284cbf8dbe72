import { z } from '~/lib/zod'
import type { Route } from './+types/users'
import { requireApiAdmin } from '~/web/session.server'
import { listUsersForAdmin } from '~/domain/admin/admin.server'
import { jsonError, apiRoute } from '~/web/http.server'
import { servicesContext } from '~/web/context.server'

const QuerySchema = z.object({
  q: z.string().trim().max(100, { message: 'Keep the search under 100 characters.' }).optional(),
  page: z.coerce
    .number({ message: 'page is a whole number from 1.' })
    .int()
    .min(1, { message: 'page is a whole number from 1.' })
    .max(100_000)
    .optional(),
  limit: z.coerce
    .number({ message: 'limit is a whole number from 1 to 200.' })
    .int()
    .min(1)
    .max(200, { message: 'limit is a whole number from 1 to 200.' })
    .optional(),
})

// GET /api/admin/users?q=&page=&limit= → users (newest first), counts {total, free, pro}.
async function GET({ request, url, context }: Route.LoaderArgs) {
  await requireApiAdmin(request, context)
  const parsed = QuerySchema.safeParse(Object.fromEntries(url.searchParams))
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'Invalid query.')
  const result = await listUsersForAdmin(context.get(servicesContext).db, parsed.data)
  return Response.json(result, { headers: { 'Cache-Control': 'no-store' } })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
