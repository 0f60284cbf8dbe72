import { z } from 'zod'
import type { Route } from './+types/asset-events'
import { recordAssetEvent } from '~/domain/analytics/asset-events.server'
import { sessionHash } from '~/web/asset-views.server'
import { isBot } from '~/web/bots.server'
import { normaliseSearchQuery } from '~/lib/search-query'
import { servicesContext } from '~/web/context.server'
import { apiRoute, readApiBody } from '~/web/http.server'

// POST /api/asset-events: a view the page saw itself, after a client-side navigation that
// reached no page on the server (a full page load is counted at the door, server/app.ts).
// Same-origin only (the root middleware); no user id or address is kept.
const Body = z.object({
  asset_id: z.coerce.number().int().positive().max(999_999_999),
  kind: z.enum(['page_view', 'dialog_view']),
  q: z.string().max(400).optional(),
})

async function POST({ request, context }: Route.ActionArgs) {
  const body = await readApiBody(request, Body)
  if (!body.ok) return body.response
  if (!isBot(request.headers.get('user-agent'))) {
    recordAssetEvent(context.get(servicesContext).db, {
      kind: body.value.kind,
      assetId: body.value.asset_id,
      searchQuery: normaliseSearchQuery(body.value.q) || null,
      at: new Date(),
      // An admin's own looking is left out when written (decision 96).
      session: sessionHash(request.headers.get('cookie')),
    })
  }
  return Response.json({ ok: true }, { status: 202, headers: { 'Cache-Control': 'no-store' } })
}

const route = apiRoute<Route.ActionArgs>({ POST })
export const loader = route.loader
export const action = route.action
