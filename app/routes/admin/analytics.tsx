import { data, Link } from 'react-router'
import { Alert, Anchor, Container, Grid, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import type { Route } from './+types/analytics'
import { getAdmin } from '~/web/session.server'
import { adminAnalytics } from '~/domain/admin/admin.server'
import { log } from '~/platform/log.server'
import { AssetImage } from '~/components/AssetImage/AssetImage'
import { ActivityChart } from '~/components/admin/ActivityChart/ActivityChart'
import { AdminHeader } from '~/components/admin/AdminHeader/AdminHeader'
import { StatTiles, formatCount, formatDollars } from '~/components/admin/StatTiles/StatTiles'
import { PublicationBadge } from '~/components/admin/TagList/TagList'
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
  const { db } = context.get(servicesContext)
  try {
    const [analytics, searches] = await Promise.all([
      adminAnalytics(db),
      searchInsights(db, parseSearchPeriod(url.searchParams.get(SEARCH_PERIOD_PARAM))),
    ])
    return { analytics, searches, search: url.search, error: null }
  } catch (error) {
    log.error('admin analytics failed', { error: errorMessage(error) })
    return data({ analytics: null, searches: null, search: url.search, error: LOAD_FAILED }, { status: 503 })
  }
}

export default function AnalyticsPage({ loaderData }: Route.ComponentProps) {
  const { analytics, searches, search, error } = loaderData
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
            ]}
          />
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Paper withBorder p="lg">
                <Title order={2} fz="h4" mb="md">
                  Downloads and sign-ups, last {analytics.daily.length} days
                </Title>
                <ActivityChart points={analytics.daily} />
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Paper withBorder p="lg">
                <Title order={2} fz="h4" mb="md">
                  Top 10 downloaded assets
                </Title>
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
                            <Anchor component={Link} to={`/admin/assets?preview=${asset.id}`} c="inherit">
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
            </Grid.Col>
          </Grid>
          {searches ? (
            <SearchInsights insights={searches} search={search} csvPath="/admin/analytics/searches.csv" />
          ) : null}
        </>
      ) : null}
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
