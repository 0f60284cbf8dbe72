import type { Route } from './+types/analytics-searches-csv'
import {
  searchConversion,
  searchDaily,
  searchList,
  type SearchDay,
  type SearchRow,
} from '~/domain/analytics/searches.server'
import { isSearchList, listHasFilters, parseSearchPeriod, SEARCH_LISTS } from '~/lib/search-query'
import { csvResponse, type CsvColumn } from '~/web/csv.server'
import { servicesContext } from '~/web/context.server'
import { getAdmin } from '~/web/session.server'
import { jsonError } from '~/web/http.server'

// GET /admin/analytics/searches.csv?list=top|zero|few|unopened|daily|conversion&period=7|30|90: each
// table of the searches section as CSV, from the same query as the page (decision 90).
const ROW_COLUMNS: CsvColumn<SearchRow>[] = [
  { header: 'search', value: (r) => r.query },
  {
    header: 'filters',
    value: (r) =>
      Object.entries(r.filters)
        .map(([k, v]) => `${k}=${v}`)
        .join('&'),
  },
  { header: 'searches', value: (r) => r.searches },
  { header: 'previous_period', value: (r) => r.previous },
  { header: 'latest_results', value: (r) => r.results },
]
/** The lists by words alone count the latest search without filters, and say when every one had some. */
const WORDS_COLUMNS: CsvColumn<SearchRow>[] = [
  ...ROW_COLUMNS.filter((c) => c.header !== 'filters'),
  { header: 'latest_results_with_filters', value: (r) => (r.resultsFiltered ? 'yes' : 'no') },
]

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await getAdmin(request, context)
  const { db } = context.get(servicesContext)
  const list = url.searchParams.get('list') ?? ''
  const days = parseSearchPeriod(url.searchParams.get('period'))
  const day = new Date().toISOString().slice(0, 10)
  if (list === 'conversion') {
    const c = await searchConversion(db, days)
    return csvResponse(
      `searches-conversion-${days}d-${day}.csv`,
      [
        { header: 'step', value: (r: { step: string; count: number }) => r.step },
        { header: 'count', value: (r) => r.count },
      ],
      [
        { step: 'searches', count: c.searches },
        { step: 'opened_from_search', count: c.opens },
        { step: 'downloaded_after_opening', count: c.downloads },
      ],
    )
  }
  if (list === 'daily') {
    const columns: CsvColumn<SearchDay>[] = [
      { header: 'day', value: (r) => r.day },
      { header: 'searches', value: (r) => r.searches },
      { header: 'zero_results', value: (r) => r.zeroResults },
      { header: 'few_results', value: (r) => r.fewResults },
      { header: 'unopened', value: (r) => r.unopened },
    ]
    return csvResponse(`searches-daily-${days}d-${day}.csv`, columns, await searchDaily(db, days))
  }
  if (!isSearchList(list))
    throw jsonError(400, `list must be one of ${[...SEARCH_LISTS, 'daily', 'conversion'].join(', ')}`)
  // The CSV has every row, not only the page's first 20.
  const rows = await searchList(db, list, { days, limit: 10_000 })
  const columns = listHasFilters(list) ? ROW_COLUMNS : WORDS_COLUMNS
  return csvResponse(`searches-${list}-${days}d-${day}.csv`, columns, rows)
}
