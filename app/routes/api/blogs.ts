import type { Route } from './+types/blogs'
import { listPosts } from '~/domain/blog/blog.server'
import { servicesContext } from '~/web/context.server'
import { apiRoute } from '~/web/http.server'

// GET /api/blogs → every post, newest first.
async function GET({ context }: Route.LoaderArgs) {
  const posts = await listPosts(context.get(servicesContext).db)
  return Response.json(posts, { headers: { 'Cache-Control': 'public, max-age=60' } })
}

const route = apiRoute<Route.LoaderArgs>({ GET })
export const loader = route.loader
export const action = route.action
