import { data, Link } from 'react-router'
import { Alert, Anchor, Button, Container, Grid, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import type { Route } from './+types/dashboard'
import { getAdmin } from '~/web/session.server'
import { adminDashboard } from '~/domain/admin/admin.server'
import { log } from '~/platform/log.server'
import { systemStatus } from '~/domain/admin/system-status.server'
import { AssetImage } from '~/components/AssetImage/AssetImage'
import { AdminHeader } from '~/components/admin/AdminHeader/AdminHeader'
import { StatTiles, formatCount, formatDollars } from '~/components/admin/StatTiles/StatTiles'
import { StatusCards } from '~/components/admin/StatusCards/StatusCards'
import { PublicationBadge, TagList } from '~/components/admin/TagList/TagList'
import { ScheduledFor } from '~/components/admin/ScheduleField/ScheduleField'
import { ProcessingStatus } from '~/components/admin/ProcessingStatus/ProcessingStatus'
import { SITE_NAME } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { withSharing } from '~/lib/sharing'
import { errorMessage } from '~/lib/errors'
import { WideTable } from '~/components/WideTable/WideTable'

const pageMeta: Route.MetaFunction = () => [{ title: `Admin Dashboard | ${SITE_NAME}` }]

const LOAD_FAILED = 'Failed to load admin dashboard data'

export async function loader({ request, context }: Route.LoaderArgs) {
  await getAdmin(request, context)
  const { db, storage, config } = context.get(servicesContext)
  try {
    const [dashboard, status] = await Promise.all([adminDashboard(db), systemStatus(db, storage, config)])
    return {
      error: null,
      totals: dashboard.totals,
      recentAssets: dashboard.recentAssets.map((a) => ({
        id: a.id,
        title: a.title,
        tags: a.tags,
        thumbnail: a.thumbnail,
        is_active: a.is_active,
        download_count: a.download_count,
        created_at: a.created_at,
        publish_at: a.publish_at,
        processing: a.processing,
      })),
      status,
    }
  } catch (error) {
    log.error('admin dashboard failed', { error: errorMessage(error) })
    return data({ error: LOAD_FAILED, totals: null, recentAssets: [], status: null }, { status: 503 })
  }
}

const MENU = [
  { to: '/admin/upload', label: 'Upload Assets' },
  { to: '/admin/assets', label: 'Manage Assets' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/kits', label: 'Kits' },
  { to: '/admin/blog', label: 'Blog' },
  { to: '/admin/system-status', label: 'System Status' },
  { to: '/admin/analytics', label: 'Analytics' },
  { to: '/admin/licences', label: 'Licences' },
]

export default function AdminDashboardPage({ loaderData }: Route.ComponentProps) {
  const { error, totals, recentAssets, status } = loaderData
  return (
    <Container size="xl" py="xl">
      <AdminHeader title="Admin Dashboard" back={false} />
      <nav aria-label="Admin">
        <Group gap="sm" mb="xl">
          {MENU.map((item) => (
            <Button key={item.to} component={Link} to={item.to} variant="light">
              {item.label}
            </Button>
          ))}
          {/* Shown disabled: there are no settings to change yet. */}
          <Button variant="default" disabled title="Settings are not available yet">
            Settings
          </Button>
        </Group>
      </nav>
      {error ? (
        <Alert color="red" role="alert" mb="xl">
          {error}
        </Alert>
      ) : null}
      {totals ? (
        <StatTiles
          tiles={[
            { label: 'Total Assets', value: formatCount(totals.assets) },
            { label: 'Total Users', value: formatCount(totals.users) },
            { label: 'Downloads Today', value: formatCount(totals.downloadsToday) },
            { label: 'Revenue ($)', value: formatDollars(totals.revenueCents / 100) },
          ]}
        />
      ) : null}
      {!error ? (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="h3">
                Recent Assets
              </Title>
              <Anchor component={Link} to="/admin/assets">
                All assets
              </Anchor>
            </Group>
            {recentAssets.length === 0 ? (
              <Text c="dimmed">
                No assets yet.{' '}
                <Anchor component={Link} to="/admin/upload">
                  Upload the first ones.
                </Anchor>
              </Text>
            ) : (
              <WideTable minWidth={720}>
                <Table verticalSpacing="xs" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <VisuallyHidden>Thumbnail</VisuallyHidden>
                      </Table.Th>
                      <Table.Th>Title</Table.Th>
                      <Table.Th>Tags</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Downloads</Table.Th>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Actions</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {recentAssets.map((asset) => (
                      <Table.Tr key={asset.id}>
                        <Table.Td w={64}>
                          {/* An upload still being processed has no thumbnail yet. */}
                          {asset.thumbnail ? (
                            <AssetImage
                              src={asset.thumbnail}
                              alt=""
                              width={48}
                              height={48}
                              style={{ width: 48, height: 48, objectFit: 'contain' }}
                            />
                          ) : null}
                        </Table.Td>
                        <Table.Td>
                          {asset.title}
                          {/* As in the assets table (decision 89): when a draft goes live. */}
                          {asset.publish_at ? <ScheduledFor at={asset.publish_at} /> : null}
                        </Table.Td>
                        <Table.Td>
                          <TagList tags={asset.tags} />
                        </Table.Td>
                        <Table.Td maw={280}>
                          <PublicationBadge isActive={asset.is_active} />
                          {/* An upload still processing cannot be published yet; a failed one says why (decision 87). */}
                          {asset.processing.state === 'ready' ? null : (
                            <ProcessingStatus
                              processing={asset.processing}
                              retry={
                                <Anchor
                                  component={Link}
                                  to={`/admin/assets?preview=${asset.id}`}
                                  size="xs"
                                  aria-label={`Retry processing ${asset.title}`}
                                >
                                  Retry…
                                </Anchor>
                              }
                            />
                          )}
                        </Table.Td>
                        <Table.Td>{formatCount(asset.download_count)}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{asset.created_at.slice(0, 10)}</Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <Button
                              component={Link}
                              to={`/admin/assets?edit=${asset.id}`}
                              size="compact-xs"
                              variant="light"
                              aria-label={`Edit ${asset.title}`}
                            >
                              Edit
                            </Button>
                            <Button
                              component={Link}
                              to={`/admin/assets?preview=${asset.id}`}
                              size="compact-xs"
                              variant="subtle"
                              aria-label={`Preview ${asset.title}`}
                            >
                              Preview
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </WideTable>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Paper withBorder p="lg">
              <Title order={2} fz="h4" mb="md">
                System Status
              </Title>
              {status ? <StatusCards status={status} compact /> : null}
              <Anchor component={Link} to="/admin/system-status" size="sm" mt="md" display="inline-block">
                Details
              </Anchor>
            </Paper>
          </Grid.Col>
        </Grid>
      ) : null}
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
