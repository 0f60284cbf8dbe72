import type { Route } from './+types/blog'
import { jsonError, methodNotAllowed } from '~/web/http.server'
import { getPostBySlug } from '~/domain/blog.server'
import { servicesContext } from '~/web/context.server'

// GET /api/blogs/{slug} → one post, or 404 {error}.
export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await getPostBySlug(context.get(servicesContext).db, params.slug)
  if (!post) return jsonError(404, 'Post not found.')
  return Response.json(post, { headers: { 'Cache-Control': 'public, max-age=60' } })
}

// Any other method gets a JSON 405, not the router's generic error.
export const action = () => methodNotAllowed('GET')
