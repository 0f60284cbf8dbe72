import type { Route } from './+types/blogs'
import { listPosts } from '~/domain/blog.server'
import { servicesContext } from '~/web/context.server'
import { methodNotAllowed } from '~/web/http.server'

// GET /api/blogs → every post, newest first.
export async function loader({ context }: Route.LoaderArgs) {
  const posts = await listPosts(context.get(servicesContext).db)
  return Response.json(posts, { headers: { 'Cache-Control': 'public, max-age=60' } })
}

// Any other method gets a JSON 405, not the router's generic error.
export const action = () => methodNotAllowed('GET')
