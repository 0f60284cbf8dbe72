import type { Route } from './+types/blogs-slug'
import { jsonError, apiRoute } from '~/web/http.server'
import { getPostBySlug } from '~/domain/blog/blog.server'
import { servicesContext } from '~/web/context.server'

// GET /api/blogs/{slug} → one post, or 404 {error}.
async function GET({ params, context }: Route.LoaderArgs) {
  const post = await getPostBySlug(context.get(servicesContext).db, params.slug)
  if (!post) return jsonError(404, 'Post not found.')
  return Response.json(post, { headers: { 'Cache-Control': 'public, max-age=60' } })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
