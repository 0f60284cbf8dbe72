import { data, Link } from 'react-router'
import { Alert, Anchor, Container, Group, Paper, SimpleGrid, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import type { Route } from './+types/analytics'
import { getAdmin } from '~/web/session.server'
import { adminAnalytics } from '~/domain/admin/admin.server'
import { parseWindow } from '~/domain/analytics/figures.server'
import { log } from '~/platform/log.server'
import { AssetImage } from '~/components/AssetImage/AssetImage'
import { AdminHeader } from '~/components/admin/AdminHeader/AdminHeader'
import { FigureChart, FigureTable, type FigureSeries } from '~/components/admin/FigureChart/FigureChart'
import { WindowLinks } from '~/components/admin/FigureChart/WindowLinks'
import { StatTiles, formatCount, formatDollars } from '~/components/admin/StatTiles/StatTiles'
import { PublicationBadge } from '~/components/admin/TagList/TagList'
import { ASSET_FIGURE_SERIES, dollars } from '~/lib/figure-series'
import { SITE_NAME } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { withSharing } from '~/lib/sharing'
import { errorMessage } from '~/lib/errors'
import { searchInsights } from '~/domain/analytics/searches.server'
import { parseSearchPeriod } from '~/lib/search-query'
import { SEARCH_PERIOD_PARAM, SearchInsights } from '~/components/admin/SearchInsights/SearchInsights'

const pageMeta: Route.MetaFunction = () => [{ title: `Analytics | Admin | ${SITE_NAME}` }]

const LOAD_FAILED = 'Failed to fetch analytics data'

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await getAdmin(request, context)
  const days = parseWindow(url.searchParams.get('days'))
  const { db, config } = context.get(servicesContext)
  try {
    const [analytics, searches] = await Promise.all([
      adminAnalytics(db, { days }),
      searchInsights(db, parseSearchPeriod(url.searchParams.get(SEARCH_PERIOD_PARAM))),
    ])
    return { analytics, searches, search: url.search, demo: config.demoMode, error: null }
  } catch (error) {
    log.error('admin analytics failed', { error: errorMessage(error) })
    return data(
      { analytics: null, searches: null, search: url.search, demo: config.demoMode, error: LOAD_FAILED },
      { status: 503 },
    )
  }
}

const DAILY_SERIES: FigureSeries[] = [
  { key: 'downloads', label: 'Downloads' },
  { key: 'licences', label: 'Licences' },
  { key: 'signups', label: 'Sign-ups' },
  ...ASSET_FIGURE_SERIES.filter((s) => s.key !== 'downloads' && s.key !== 'licences'),
]

const GROUP_SERIES: FigureSeries[] = [{ key: 'assets', label: 'Published', summable: true }, ...ASSET_FIGURE_SERIES]

const SUBSCRIPTION_SERIES: FigureSeries[] = [
  { key: 'new', label: 'New' },
  { key: 'cancelled', label: 'Cancelled' },
  { key: 'active', label: 'Subscribers', summable: false },
  { key: 'mrr_cents', label: 'MRR', summable: false, format: dollars },
]

/** This page with another window, the searches' own period kept. */
function windowHref(search: string, days: number): string {
  const params = new URLSearchParams(search)
  if (days === 30) params.delete('days')
  else params.set('days', String(days))
  const query = params.toString()
  return query ? `?${query}` : '?'
}

/** A CSV link of one table, for the window shown. */
const csv = (table: string, days: number) => `/admin/analytics/${table}.csv${days === 30 ? '' : `?days=${days}`}`

function GroupTable({
  id,
  title,
  rows,
  csvHref,
  label,
}: {
  id: string
  title: string
  rows: ({ group: string } & Record<string, number | string>)[]
  csvHref: string
  label: string
}) {
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={`${id}-heading`} data-testid={id}>
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} fz="h4" id={`${id}-heading`}>
          {title}
        </Title>
        <Anchor href={csvHref} size="sm" download>
          Download CSV
        </Anchor>
      </Group>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must be reachable by keyboard */}
      <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={title}>
        <FigureTable
          caption={title}
          xLabel={label}
          series={GROUP_SERIES}
          rows={rows.map((r) => ({ label: r.group, values: r }))}
        />
      </div>
    </Paper>
  )
}

export default function AnalyticsPage({ loaderData }: Route.ComponentProps) {
  const { analytics, searches, search, demo, error } = loaderData
  return (
    <Container size="xl" py="xl">
      <AdminHeader title="Analytics" />
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {analytics ? (
        <>
          <StatTiles
            tiles={[
              { label: 'Total Users', value: formatCount(analytics.users) },
              { label: 'Total Assets', value: formatCount(analytics.assets) },
              { label: 'Downloads Today', value: formatCount(analytics.downloads) },
              { label: 'Revenue ($)', value: formatDollars(analytics.revenue) },
              { label: 'Published Assets', value: formatCount(analytics.published) },
              { label: 'Downloads (all time)', value: formatCount(analytics.totalDownloads) },
              { label: 'Pro Subscribers', value: formatCount(analytics.proSubscribers) },
              { label: 'MRR ($)', value: formatDollars((analytics.subscriptions.at(-1)?.mrr_cents ?? 0) / 100) },
            ]}
          />
          <WindowLinks days={analytics.days} hrefFor={(n) => windowHref(search, n)} />
          <FigureChart
            id="analytics-daily"
            title={`Per day, last ${analytics.days} days`}
            unit="day"
            xLabel="Day (UTC)"
            series={DAILY_SERIES}
            rows={analytics.daily.map((d) => ({ label: d.day, values: d }))}
            csvHref={csv('daily', analytics.days)}
            note={`Downloads are one per person, asset and day; a licence is granted for each file taken. Views and previews come from people, not crawlers; favourites are those still kept, on the day they were added.${demo ? " The demo catalogue's downloads are dated history without licences or accounts." : ''}`}
          />

          {/* What people look for (issue 24, item 4): between the activity and what each asset earns. */}
          {searches ? (
            <SearchInsights insights={searches} search={search} csvPath="/admin/analytics/searches.csv" />
          ) : null}

          <SimpleGrid cols={1} spacing="xl" mb="xl">
            <GroupTable
              id="analytics-categories"
              title={`Per category, last ${analytics.days} days`}
              label="Category"
              rows={analytics.byCategory}
              csvHref={csv('categories', analytics.days)}
            />
            <GroupTable
              id="analytics-types"
              title={`Per type, last ${analytics.days} days`}
              label="Type"
              rows={analytics.byType}
              csvHref={csv('types', analytics.days)}
            />
          </SimpleGrid>

          <Paper withBorder p="lg" mb="xl" component="section" aria-labelledby="top-heading" data-testid="top-assets">
            <Group justify="space-between" align="baseline" mb="md">
              <Title order={2} fz="h4" id="top-heading">
                Top 10 downloaded assets
              </Title>
              <Anchor href={csv('top-assets', 30)} size="sm" download>
                Download CSV
              </Anchor>
            </Group>
            {analytics.topAssets.length === 0 ? (
              <Text c="dimmed">No downloads yet.</Text>
            ) : (
              <Table verticalSpacing={6}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Thumbnail</VisuallyHidden>
                    </Table.Th>
                    <Table.Th>Title</Table.Th>
                    <Table.Th ta="right">Downloads</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {analytics.topAssets.map((asset, i) => (
                    <Table.Tr key={asset.id}>
                      <Table.Td>{i + 1}</Table.Td>
                      <Table.Td w={48}>
                        <AssetImage
                          src={asset.thumbnail}
                          alt=""
                          width={36}
                          height={36}
                          style={{ width: 36, height: 36, objectFit: 'contain' }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={`/admin/assets/${asset.id}/figures`} c="inherit">
                          {asset.title}
                        </Anchor>{' '}
                        {asset.is_active ? null : <PublicationBadge isActive={false} />}
                      </Table.Td>
                      <Table.Td ta="right">{formatCount(asset.downloads)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>

          <FigureChart
            id="analytics-subscriptions"
            title="Pro subscriptions, last 12 months"
            unit="month"
            xLabel="Month (UTC)"
            series={SUBSCRIPTION_SERIES}
            rows={analytics.subscriptions.map((m) => ({
              label: m.month,
              values: { new: m.new, cancelled: m.cancelled, active: m.active, mrr_cents: m.mrr_cents },
            }))}
            csvHref={csv('subscriptions', 30)}
            note="From the Stripe events the site receives: a subscription is new in the month it started and cancelled in the month it ended. Subscribers and MRR are at each month's end (this month: now)."
          />
        </>
      ) : null}
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
