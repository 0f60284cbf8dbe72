import { data, Link } from 'react-router'
import { Alert, Anchor, Button, Container, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import type { Route } from './+types/blog'
import { getAdmin } from '~/web/session.server'
import { listPosts } from '~/domain/blog/blog.server'
import { log } from '~/platform/log.server'
import { SITE_NAME } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { withSharing } from '~/lib/sharing'
import { errorMessage } from '~/lib/errors'
import { WideTable } from '~/components/WideTable/WideTable'

const pageMeta: Route.MetaFunction = () => [{ title: `Blog Posts | Admin | ${SITE_NAME}` }]

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await getAdmin(request, context)
  // Back from the edit page's Delete.
  const deleted = url.searchParams.get('deleted') === '1'
  try {
    const posts = await listPosts(context.get(servicesContext).db)
    return {
      posts: posts.map(({ id, slug, title, category, date }) => ({ id, slug, title, category, date })),
      error: null,
      deleted,
    }
  } catch (error) {
    log.error('admin blog list failed', { error: errorMessage(error) })
    return data({ posts: [], error: 'Failed to load blog posts', deleted }, { status: 503 })
  }
}

export default function AdminBlogPage({ loaderData }: Route.ComponentProps) {
  const { posts, error, deleted } = loaderData
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" mb="lg">
        <Title order={1}>Blog Posts</Title>
        <Button component={Link} to="/admin/blog/new">
          Add New Blog Post
        </Button>
      </Group>
      {deleted ? (
        <Alert color="green" role="status" mb="md">
          Post deleted.
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : posts.length === 0 ? (
        <Text c="dimmed">No posts yet. Write the first one with 'Add New Blog Post'.</Text>
      ) : (
        <WideTable minWidth={560}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {posts.map((post) => (
                <Table.Tr key={post.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/blog/${post.slug}`} c="inherit">
                      {post.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{post.category}</Table.Td>
                  <Table.Td>{post.date}</Table.Td>
                  <Table.Td ta="right">
                    <Button component={Link} to={`/admin/blog/edit/${post.id}`} variant="light" size="xs">
                      Edit
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      )}
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
