import type { Route } from './+types/assets-early-access'
import { earlyAccessAssets } from '~/domain/catalogue/early-access.server'
import { hasEarlyAccess } from '~/lib/early-access'
import { servicesContext } from '~/web/context.server'
import { apiRoute } from '~/web/http.server'
import { getUser, readSessionToken } from '~/web/session.server'

// GET /api/assets/early-access → {assets, total, open}: what /early-access lists, and whether
// the caller (bearer optional) can open and download them now.
async function GET({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  const [user, { coming, total }] = await Promise.all([getUser(request, context), earlyAccessAssets(db)])
  // `open` depends on the caller: only an anonymous answer may be shared (the root middleware
  // marks the others private).
  const headers: HeadersInit = readSessionToken(request) ? {} : { 'Cache-Control': 'public, max-age=60' }
  return Response.json({ assets: coming, total, open: hasEarlyAccess(user) }, { headers })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
