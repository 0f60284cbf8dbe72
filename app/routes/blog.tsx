import { data } from 'react-router'
import { Alert, SimpleGrid, Text } from '@mantine/core'
import type { Route } from './+types/blog'
import { BlogCard } from '~/components/BlogCard/BlogCard'
import { Page } from '~/components/Page/Page'
import { listPosts } from '~/domain/blog/blog.server'
import { log } from '~/platform/log.server'
import { SITE_NAME } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { withSharing } from '~/lib/sharing'
import { errorMessage } from '~/lib/errors'

const pageMeta: Route.MetaFunction = () => [
  { title: `Blog | ${SITE_NAME}` },
  {
    name: 'description',
    content: 'News, tutorials and behind-the-scenes notes on AI-generated 3D renders, images and audio.',
  },
]

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const posts = await listPosts(context.get(servicesContext).db)
    // The grid needs no post bodies: leave them out of the page's data.
    return { posts: posts.map(({ content: _content, author: _author, ...card }) => card), error: null }
  } catch (error) {
    log.error('blog list failed', { error: errorMessage(error) })
    return data({ posts: [], error: 'Failed to load blog posts' }, { status: 503 })
  }
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { posts, error } = loaderData
  return (
    <Page title="Blog" lead="News, tutorials and behind the scenes.">
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : posts.length === 0 ? (
        <Text c="dimmed">No posts yet. Check back soon.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {posts.map((post, index) => (
            <BlogCard key={post.id} post={post} loading={index < 3 ? 'eager' : 'lazy'} />
          ))}
        </SimpleGrid>
      )}
    </Page>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
