import type { Route } from './+types/blogs-id'
import { requireApiAdmin } from '~/web/session.server'
import { deletePost, getPostById, updatePost } from '~/domain/blog/blog.server'
import { jsonError, readApiBody, apiRoute } from '~/web/http.server'
import { BlogPostSchema } from '~/lib/blog-schema'
import { servicesContext } from '~/web/context.server'
import { parseId } from '~/lib/ids'

const postId = (param: string | undefined): number | null => parseId(param) ?? null

// GET /api/admin/blogs/{id} → the seven fields the edit form loads (with id and slug).
async function GET({ request, params, context }: Route.LoaderArgs) {
  await requireApiAdmin(request, context)
  const id = postId(params.id)
  const post = id ? await getPostById(context.get(servicesContext).db, id) : null
  if (!post) return jsonError(404, 'Blog post not found.')
  const { title, excerpt, image, date, readTime, category, content, slug } = post
  return Response.json(
    { id: post.id, slug, title, excerpt, image, date, readTime, category, content },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

// PUT /api/admin/blogs/{id} with the seven fields → the updated post.
async function PUT({ request, params, context }: Route.ActionArgs) {
  await requireApiAdmin(request, context)
  const id = postId(params.id)
  if (!id) return jsonError(404, 'Blog post not found.')
  const body = await readApiBody(request, BlogPostSchema)
  if (!body.ok) return body.response
  const post = await updatePost(context.get(servicesContext).db, id, body.value)
  if (!post) return jsonError(404, 'Blog post not found.')
  return Response.json(post)
}

// DELETE /api/admin/blogs/{id} → { ok, id }: the post is gone, its address with it.
async function DELETE({ request, params, context }: Route.ActionArgs) {
  const admin = await requireApiAdmin(request, context)
  const id = postId(params.id)
  const { db, storage } = context.get(servicesContext)
  const deleted = id ? await deletePost(db, storage, id, admin.id) : null
  if (!deleted) return jsonError(404, 'Blog post not found.')
  return Response.json({ ok: true, id: deleted.id })
}

const route = apiRoute<Route.LoaderArgs>({ GET, PUT, DELETE })
export const loader = route.loader
export const action = route.action
