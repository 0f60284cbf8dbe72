import { Anchor, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import type { SearchInsights as Insights, SearchRow } from '~/domain/analytics/searches.server'
import { ActivityChart, type ChartSeries } from '~/components/admin/ActivityChart/ActivityChart'
import {
  FEW_RESULTS,
  listHasFilters,
  OPENED_WITHIN_MINUTES,
  SEARCH_PERIODS,
  type SearchListKind,
} from '~/lib/search-query'
import { plural } from '~/lib/plural'
import classes from './SearchInsights.module.css'
import { WideTable } from '~/components/WideTable/WideTable'

/** The query parameter of the section's period, beside whatever else the page's URL holds. */
export const SEARCH_PERIOD_PARAM = 'searches'

type DayKey = 'searches' | 'zeroResults' | 'fewResults' | 'unopened'

const LISTS: {
  kind: SearchListKind
  rows: (i: Insights) => SearchRow[]
  title: string
  about: string
  empty: string
  series: ChartSeries<DayKey>
}[] = [
  {
    kind: 'top',
    rows: (i) => i.top,
    title: 'Top searches',
    about: 'The words people search for most.',
    empty: 'No searches with words in this period.',
    series: { key: 'searches', label: 'Searches', noun: ['search', 'searches'] },
  },
  {
    kind: 'zero',
    rows: (i) => i.zeroResults,
    title: 'Searches with no results',
    about: 'What people look for that the library does not have yet.',
    empty: 'Every search found something.',
    series: { key: 'zeroResults', label: 'Searches with no results', noun: ['search', 'searches'] },
  },
  {
    kind: 'few',
    rows: (i) => i.fewResults,
    title: `Searches with few results (1 to ${FEW_RESULTS})`,
    about: 'Subjects with too little to choose from.',
    empty: `No search found only 1 to ${FEW_RESULTS} assets.`,
    series: { key: 'fewResults', label: 'Searches with few results', noun: ['search', 'searches'] },
  },
  {
    kind: 'unopened',
    rows: (i) => i.unopened,
    title: 'Searches whose results nobody opened',
    about: `Results were shown, but no asset was opened or previewed from them within ${OPENED_WITHIN_MINUTES} minutes.`,
    empty: 'Every search with results led to an asset being opened.',
    series: { key: 'unopened', label: 'Searches whose results nobody opened', noun: ['search', 'searches'] },
  },
]

function filtersText(filters: Record<string, string>): string {
  const names: Record<string, string> = {
    asset_type: 'type',
    category: 'category',
    tags: 'tags',
    color: 'colour',
    orientation: 'orientation',
  }
  const flags: Record<string, string> = { transparent: 'transparent only', tag_match: 'any of the tags' }
  return Object.entries(filters)
    .map(([key, value]) => flags[key] ?? `${names[key] ?? key}: ${value}`)
    .join('; ')
}

function trend(row: SearchRow): string {
  if (row.previous === row.searches) return 'same'
  return row.searches > row.previous ? `up from ${row.previous}` : `down from ${row.previous}`
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`
}

/**
 * What people look for: the searches section of /admin/analytics (decision 90). Drawn on the
 * server: the period switch is links, each chart has its figures in a table, each table a CSV.
 */
export function SearchInsights({
  insights,
  search,
  csvPath,
}: {
  insights: Insights
  /** The page's query string, kept by the period links. */
  search: string
  /** Where a list's CSV is: its kind and the period are added as parameters. */
  csvPath: string
}) {
  const { days } = insights
  const periodHref = (n: number) => {
    const params = new URLSearchParams(search)
    params.set(SEARCH_PERIOD_PARAM, String(n))
    return `?${params}#searches`
  }
  const csvHref = (list: string) => `${csvPath}?list=${list}&period=${days}`
  const { searches, opens, downloads } = insights.conversion
  const steps = [
    { step: 'Searches', count: searches, rate: '' },
    { step: 'Opened from a search', count: opens, rate: percent(opens, searches) },
    { step: 'Downloaded after opening', count: downloads, rate: percent(downloads, opens) },
  ]
  const widest = Math.max(1, searches, opens, downloads)
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      id="searches"
      aria-labelledby="searches-title"
      mt="xl"
    >
      <Group justify="space-between" align="flex-start" gap="sm" mb="xs">
        <Title order={2} fz="h3" id="searches-title">
          What people look for
        </Title>
        <nav aria-label="Period of the search figures" className={classes.periods}>
          {SEARCH_PERIODS.map((n) => (
            <Link
              key={n}
              to={periodHref(n)}
              className={classes.period}
              aria-current={n === days ? 'page' : undefined}
              preventScrollReset
            >
              {n} days
            </Link>
          ))}
        </nav>
      </Group>
      <Text c="dimmed" size="sm" mb="lg">
        {insights.from} to {insights.to} (UTC), against the {days} days before. Searches are counted without who made
        them; a later page of the same search is not a new search.
      </Text>

      <Title order={3} fz="h4" mb="xs">
        From search to download
      </Title>
      <figure className={classes.funnel}>
        <svg
          viewBox="0 0 420 126"
          role="img"
          className={classes.funnelSvg}
          aria-label={`Over ${plural(days, 'day')}: ${plural(searches, 'search', 'searches')}, ${plural(opens, 'asset')} opened from a search (${percent(opens, searches)}), ${plural(downloads, 'download')} after (${percent(downloads, opens)}).`}
        >
          {steps.map((s, i) => (
            <g key={s.step}>
              <rect x={0} y={i * 42} width={Math.max(2, (420 * s.count) / widest)} height={30} rx={3} data-step={i} />
              <text x={8} y={i * 42 + 20} className={classes.funnelLabel}>
                {`${s.step}: ${s.count.toLocaleString('en-US')}${s.rate ? ` (${s.rate})` : ''}`}
              </text>
            </g>
          ))}
        </svg>
      </figure>
      <WideTable minWidth={260}>
        <Table verticalSpacing={4} horizontalSpacing="xs" mb="xs">
          <Table.Caption>Searches, opens and downloads in the last {plural(days, 'day')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Step</Table.Th>
              <Table.Th scope="col" ta="right">
                Count
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Rate
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {steps.map((s) => (
              <Table.Tr key={s.step}>
                <Table.Th scope="row" fw={400}>
                  {s.step}
                </Table.Th>
                <Table.Td ta="right">{s.count.toLocaleString('en-US')}</Table.Td>
                <Table.Td ta="right">{s.rate || '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
      <Text size="sm" c="dimmed">
        Each rate is of the step before. A download counts when its asset was opened from a search within{' '}
        {OPENED_WITHIN_MINUTES} minutes before it.{' '}
        <Anchor component={Link} to={csvHref('conversion')} reloadDocument>
          Download the conversion as CSV
        </Anchor>{' '}
        ·{' '}
        <Anchor component={Link} to={csvHref('daily')} reloadDocument>
          Download the figures per day as CSV
        </Anchor>
      </Text>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl" mt="xl">
        {LISTS.map((list) => {
          const rows = list.rows(insights)
          const id = `searches-${list.kind}`
          return (
            <section key={list.kind} aria-labelledby={id} className={classes.list}>
              <Title order={3} fz="h4" id={id}>
                {list.title}
              </Title>
              <Text size="sm" c="dimmed" mb="sm">
                {list.about}
              </Text>
              <ActivityChart points={insights.daily} series={[list.series]} summary={`${list.series.label} per day`} />
              {rows.length === 0 ? (
                <Text c="dimmed" mt="sm">
                  {list.empty}
                </Text>
              ) : (
                <WideTable minWidth={300} mt="sm">
                  <Table verticalSpacing={4} horizontalSpacing="xs">
                    <Table.Caption>
                      {list.title}, last {plural(days, 'day')}
                    </Table.Caption>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Search</Table.Th>
                        <Table.Th scope="col" ta="right">
                          Searches
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          <abbr title={`Searches in the ${days} days before`}>Before</abbr>
                        </Table.Th>
                        {list.kind === 'zero' ? null : (
                          <Table.Th scope="col" ta="right">
                            {listHasFilters(list.kind) ? (
                              'Results'
                            ) : (
                              <abbr title="Found by the latest search of these words without filters">Results</abbr>
                            )}
                          </Table.Th>
                        )}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((row) => (
                        <Table.Tr key={`${row.query} ${JSON.stringify(row.filters)}`}>
                          <Table.Th scope="row" fw={500} className={classes.query}>
                            {row.query || (
                              <Text span c="dimmed" inherit>
                                (no words)
                              </Text>
                            )}
                            {listHasFilters(list.kind) && Object.keys(row.filters).length > 0 ? (
                              <Text span display="block" size="xs" c="dimmed" fw={400}>
                                {filtersText(row.filters)}
                              </Text>
                            ) : null}
                          </Table.Th>
                          <Table.Td ta="right">{row.searches.toLocaleString('en-US')}</Table.Td>
                          <Table.Td ta="right" title={trend(row)}>
                            {row.previous.toLocaleString('en-US')}
                          </Table.Td>
                          {list.kind === 'zero' ? null : (
                            <Table.Td ta="right">
                              {row.results}
                              {row.resultsFiltered ? (
                                <Text span display="block" size="xs" c="dimmed">
                                  with filters
                                </Text>
                              ) : null}
                            </Table.Td>
                          )}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </WideTable>
              )}
              <Text size="sm" mt="xs">
                <Anchor component={Link} to={csvHref(list.kind)} reloadDocument>
                  Download “{list.title}” as CSV
                </Anchor>
              </Text>
            </section>
          )
        })}
      </SimpleGrid>
    </Paper>
  )
}
