import type { Route } from './+types/auth-export'
import { requireApiUser } from '~/web/session.server'
import { accountExportResponse } from '~/web/account-export.server'
import { apiRoute } from '~/web/http.server'

// GET /api/auth/export → the account's data as a JSON attachment.
async function GET({ request, context }: Route.LoaderArgs) {
  return accountExportResponse(context, await requireApiUser(request, context))
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
