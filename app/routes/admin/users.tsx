import { data, Form, Link } from 'react-router'
import { Alert, Badge, Button, Container, Group, Table, Text, TextInput, VisuallyHidden } from '@mantine/core'
import { z } from '~/lib/zod'
import type { Route } from './+types/users'
import { getAdmin } from '~/web/session.server'
import { listUsersForAdmin } from '~/domain/admin/admin.server'
import { log } from '~/platform/log.server'
import { AdminHeader } from '~/components/admin/AdminHeader/AdminHeader'
import { StatTiles, formatCount } from '~/components/admin/StatTiles/StatTiles'
import { Pagination } from '~/components/Pagination/Pagination'
import { SITE_NAME } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { withSharing } from '~/lib/sharing'
import { errorMessage } from '~/lib/errors'
import { plural } from '~/lib/plural'
import { WideTable } from '~/components/WideTable/WideTable'

const pageMeta: Route.MetaFunction = () => [{ title: `Users | Admin | ${SITE_NAME}` }]

const LOAD_FAILED = 'Failed to load users'

const QuerySchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
})

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await getAdmin(request, context)
  const query = QuerySchema.parse(Object.fromEntries(url.searchParams))
  try {
    const result = await listUsersForAdmin(context.get(servicesContext).db, query)
    return { ...result, q: query.q ?? '', error: null }
  } catch (error) {
    log.error('admin users failed', { error: errorMessage(error) })
    return data(
      { users: [], counts: null, total: 0, page: 1, pageCount: 1, limit: 0, q: query.q ?? '', error: LOAD_FAILED },
      { status: 503 },
    )
  }
}

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { users, counts, total, page, pageCount, q, error } = loaderData
  const hrefFor = (p: number) =>
    `/admin/users?${new URLSearchParams({ ...(q ? { q } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`
  return (
    <Container size="xl" py="xl">
      <AdminHeader title="Users" />
      {error ? (
        <Alert color="red" role="alert" mb="lg">
          {error}
        </Alert>
      ) : null}
      {counts ? (
        <StatTiles
          tiles={[
            { label: 'Total', value: formatCount(counts.total) },
            { label: 'Free', value: formatCount(counts.free) },
            { label: 'Pro', value: formatCount(counts.pro) },
          ]}
        />
      ) : null}
      <Form method="get" role="search">
        <Group align="flex-end" mb="md" gap="xs">
          <TextInput
            label="Search users"
            name="q"
            type="search"
            placeholder="Name or email"
            defaultValue={q}
            maxLength={100}
            w={320}
          />
          <Button type="submit" variant="light">
            Search
          </Button>
          {q ? (
            <Button component={Link} to="/admin/users" variant="subtle">
              Clear
            </Button>
          ) : null}
        </Group>
      </Form>
      {!error ? (
        <Text size="sm" c="dimmed" mb="xs">
          {q ? `${plural(total, 'user')} ${total === 1 ? 'matches' : 'match'} “${q}”` : plural(total, 'user')}
        </Text>
      ) : null}
      {users.length > 0 ? (
        <WideTable minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Joined</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    {user.full_name || '–'}{' '}
                    {user.role === 'admin' ? (
                      <Badge size="xs" variant="outline" ml={4}>
                        Admin
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>
                    <Badge color={user.subscription_status === 'pro' ? 'indigo' : 'gray'} variant="light">
                      {/* An administrator's downloads have no daily limit, whatever the plan. */}
                      {user.subscription_status === 'pro' ? 'Pro' : user.role === 'admin' ? 'Free · unlimited' : 'Free'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{user.created_at.slice(0, 10)}</Table.Td>
                  <Table.Td ta="right">
                    {/* Not built yet; shown disabled so they do not pretend to work. */}
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="compact-xs" variant="default" disabled title="Not available yet">
                        Edit
                      </Button>
                      <Button size="compact-xs" variant="default" disabled title="Not available yet">
                        Suspend
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      ) : !error ? (
        <Text c="dimmed">No users found.</Text>
      ) : null}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
