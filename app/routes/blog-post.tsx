import { data, isRouteErrorResponse, Link } from 'react-router'
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import type { Route } from './+types/blog-post'
import { BlogContent } from '~/components/BlogContent/BlogContent'
import { getPostBySlug } from '~/domain/blog/blog.server'
import { SITE_NAME } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { JsonLd } from '~/components/JsonLd/JsonLd'
import { blogPosting, breadcrumbList } from '~/lib/structured-data'
import classes from './blog-post.module.css'
import { shareImageTags, withSharing } from '~/lib/sharing'

const NOT_FOUND = 'Post not found.'

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await getPostBySlug(context.get(servicesContext).db, params.slug)
  if (!post) throw data(NOT_FOUND, { status: 404 })
  return { post, origin: context.get(servicesContext).config.appUrl }
}

const pageMeta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: `Post not found | ${SITE_NAME}` }]
  const { post, origin } = loaderData
  const image = `${origin}/og/blog/${post.slug}.png`
  return [
    { title: `${post.title} | ${SITE_NAME}` },
    { name: 'description', content: post.excerpt },
    { property: 'og:title', content: post.title },
    { property: 'og:description', content: post.excerpt },
    { property: 'og:type', content: 'article' },
    ...shareImageTags(image, post.title),
    { property: 'article:published_time', content: post.date },
    { property: 'og:url', content: `${origin}/blog/${post.slug}` },
    { tagName: 'link', rel: 'canonical', href: `${origin}/blog/${post.slug}` },
  ]
}

function BackToBlog() {
  return (
    <Button component={Link} to="/blog" variant="subtle" px={0} mb="md">
      ← Back to Blog
    </Button>
  )
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, origin } = loaderData
  return (
    <Container size="md" py="xl">
      <JsonLd
        data={[
          blogPosting(origin, post),
          breadcrumbList(origin, [
            { name: 'Home', path: '/' },
            { name: 'Blog', path: '/blog' },
            { name: post.title, path: `/blog/${post.slug}` },
          ]),
        ]}
      />
      <article>
        <BackToBlog />
        <Text size="sm" c="var(--app-accent)" fw={600} tt="uppercase" mb={4}>
          {post.category}
        </Text>
        <Title order={1} mb="sm">
          {post.title}
        </Title>
        <Group gap="xs" c="dimmed" fz="sm" mb="lg">
          <span>{post.author.name}</span>
          <span aria-hidden="true">·</span>
          <span>{post.date}</span>
          <span aria-hidden="true">·</span>
          <span>{post.readTime}</span>
        </Group>
        <img src={post.image} alt="" width={1200} height={675} className={classes.cover} />
        <BlogContent html={post.content} />
      </article>
    </Container>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404
  return (
    <Container size="md" py="xl">
      <BackToBlog />
      <Stack gap="sm">
        <Title order={1} fz={28}>
          {missing ? NOT_FOUND : 'This post could not be loaded.'}
        </Title>
        {missing ? null : <Text c="dimmed">Please try again in a moment.</Text>}
      </Stack>
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
