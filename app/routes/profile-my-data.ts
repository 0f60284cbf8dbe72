import type { Route } from './+types/profile-my-data'
import { requireUser } from '~/web/session.server'
import { accountExportResponse } from '~/web/account-export.server'

// GET /profile/my-data: the signed-in person's data as a JSON attachment (a plain link on /profile/account).
export async function loader({ request, context, url }: Route.LoaderArgs) {
  return accountExportResponse(context, await requireUser(request, context, url))
}
