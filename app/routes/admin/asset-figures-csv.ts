import { data } from 'react-router'
import type { Route } from './+types/asset-figures-csv'
import { getAdmin } from '~/web/session.server'
import { assetFigures, assetFiguresTable } from '~/domain/analytics/tables.server'
import { parseWindow } from '~/domain/analytics/figures.server'
import { parseId } from '~/lib/ids'
import { csvResponse } from '~/web/csv.server'
import { servicesContext } from '~/web/context.server'

// GET /admin/assets/:id/figures.csv?days=30|90: one asset's figures per day (admin only: a
// resource route is not behind the admin layout's loader, so it checks itself).
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  await getAdmin(request, context)
  const id = parseId(params.id)
  const days = parseWindow(url.searchParams.get('days'))
  const figures = id ? await assetFigures(context.get(servicesContext).db, id, { days }) : null
  if (!figures) throw data(null, { status: 404 })
  const table = assetFiguresTable(figures.asset.id, days, figures.daily)
  return csvResponse(table.filename, table.columns, table.rows)
}
