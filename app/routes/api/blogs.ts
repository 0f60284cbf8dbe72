import type { Route } from './+types/blogs'
import { listPosts } from '~/domain/blog.server'
import { servicesContext } from '~/services.server'

// GET /api/blogs → every post, newest first.
export async function loader({ context }: Route.LoaderArgs) {
  const posts = await listPosts(context.get(servicesContext).db)
  return Response.json(posts, { headers: { 'Cache-Control': 'public, max-age=60' } })
}
