import { data } from 'react-router'
import type { Route } from './+types/analytics-csv'
import { getAdmin } from '~/web/session.server'
import { ANALYTICS_TABLES, analyticsTable, type AnalyticsTable } from '~/domain/analytics/tables.server'
import { parseWindow } from '~/domain/analytics/figures.server'
import { csvResponse } from '~/web/csv.server'
import { servicesContext } from '~/web/context.server'

// GET /admin/analytics/:table.csv?days=30|90: a table of the analytics page as a CSV (admin only:
// a resource route is not behind the admin layout's loader, so it checks itself).
export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  await getAdmin(request, context)
  const table = params.table as AnalyticsTable
  if (!ANALYTICS_TABLES.includes(table)) throw data(null, { status: 404 })
  const csv = await analyticsTable(context.get(servicesContext).db, table, {
    days: parseWindow(url.searchParams.get('days')),
  })
  return csvResponse(csv.filename, csv.columns, csv.rows)
}
