import type { Route } from './+types/blogs'
import { requireApiAdmin } from '~/web/session.server'
import { authorOf, createPost, listPosts } from '~/domain/blog/blog.server'
import { readApiBody, apiRoute } from '~/web/http.server'
import { BlogPostSchema } from '~/lib/blog-schema'
import { servicesContext } from '~/web/context.server'

// GET /api/admin/blogs → every post; POST with the seven fields → 201 with the new post.
async function GET({ request, context }: Route.LoaderArgs) {
  await requireApiAdmin(request, context)
  const posts = await listPosts(context.get(servicesContext).db)
  return Response.json(posts, { headers: { 'Cache-Control': 'no-store' } })
}

async function POST({ request, context }: Route.ActionArgs) {
  const admin = await requireApiAdmin(request, context)
  const body = await readApiBody(request, BlogPostSchema)
  if (!body.ok) return body.response
  const post = await createPost(context.get(servicesContext).db, body.value, authorOf(admin))
  return Response.json(post, { status: 201, headers: { Location: `/api/blogs/${post.slug}` } })
}

const route = apiRoute<Route.LoaderArgs>({ GET, POST })
export const loader = route.loader
export const action = route.action
