import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import sharp from 'sharp'
import type { DB } from '#db/client'
import type { BlogPost, User } from '#db/schema'
import type { BlogPostInput } from '~/lib/blog-schema'
import { inImagePool, inspectImage, MAX_INPUT_PIXELS, NotAnImageError } from '~/platform/images.server'
import { sanitizeBlogHtml } from '~/platform/sanitize.server'
import { publicFileUrl, type Storage } from '~/platform/storage.server'
import { removeFiles, scheduleDeletion } from '~/platform/storage-cleanup.server'
import { log } from '~/platform/log.server'
import { errorMessage } from '~/lib/errors'
import { recordAudit } from '~/domain/admin/audit.server'

/** A post as pages and the JSON API show it (author.name, readTime, ...). */
export interface BlogPostView {
  id: number
  slug: string
  title: string
  excerpt: string
  image: string
  date: string
  readTime: string
  category: string
  /** Sanitised on save: safe to render as HTML. */
  content: string
  author: { name: string }
}

const SLUG_MAX = 80
/** Blog images wider than this are scaled down: the post column is far narrower. */
const BLOG_IMAGE_MAX_WIDTH = 2000

function toView(row: BlogPost): BlogPostView {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    image: row.image_url,
    date: row.date,
    readTime: row.read_time,
    category: row.category,
    content: row.content_html,
    author: { name: row.author_name },
  }
}

/** 'Café & Crème: 3D!' → 'cafe-and-creme-3d'; a title with no letters or digits gives 'post'. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '')
  return slug || 'post'
}

/** The slug itself if free, else the first free of slug-2, slug-3, ... */
async function uniqueSlug(db: DB, base: string): Promise<string> {
  // The base holds only [a-z0-9-], so it needs no escaping inside LIKE.
  const rows = await db
    .selectFrom('blog_posts')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute()
  const taken = new Set(rows.map((row) => row.slug))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

function isSlugConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null
  return e?.code === '23505' && (e.constraint?.includes('slug') || e.message?.includes('slug') || false)
}

/** Newest first. `date` is free text, so the order is that of creation. */
export async function listPosts(db: DB): Promise<BlogPostView[]> {
  const rows = await db
    .selectFrom('blog_posts')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map(toView)
}

export async function getPostBySlug(db: DB, slug: string): Promise<BlogPostView | null> {
  if (!slug || slug.length > 200) return null
  const row = await db.selectFrom('blog_posts').selectAll().where('slug', '=', slug).executeTakeFirst()
  return row ? toView(row) : null
}

export async function getPostById(db: DB, id: number): Promise<BlogPostView | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null
  const row = await db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toView(row) : null
}

function columns(input: BlogPostInput) {
  return {
    title: input.title,
    excerpt: input.excerpt,
    // The only copy kept is the sanitised one: nothing unsafe can be rendered later.
    content_html: sanitizeBlogHtml(input.content),
    image_url: input.image,
    date: input.date,
    read_time: input.readTime,
    category: input.category,
  }
}

/** The byline of a post an admin writes: their name, never their email address. */
export function authorOf(admin: Pick<User, 'id' | 'full_name'>): { id: string; name: string } {
  return { id: admin.id, name: admin.full_name.trim() || 'The Artist' }
}

/** Creates a post with a unique slug made from its title ('my-post', then 'my-post-2', ...). */
export async function createPost(
  db: DB,
  input: BlogPostInput,
  author: { id: string | null; name: string },
): Promise<BlogPostView> {
  const base = slugify(input.title)
  // Two posts with the same title saved at once both see the slug free: the loser retries.
  for (let attempt = 0; ; attempt++) {
    const slug = await uniqueSlug(db, base)
    try {
      const row = await db
        .insertInto('blog_posts')
        .values({ ...columns(input), slug, author_id: author.id, author_name: author.name })
        .returningAll()
        .executeTakeFirstOrThrow()
      return toView(row)
    } catch (error) {
      if (!isSlugConflict(error) || attempt >= 4) throw error
    }
  }
}

/**
 * Updates the seven fields. The slug stays as it was, even when the title changes: links to a
 * published post keep working. Null when the post does not exist.
 */
export async function updatePost(db: DB, id: number, input: BlogPostInput): Promise<BlogPostView | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null
  const row = await db
    .updateTable('blog_posts')
    .set({ ...columns(input), updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
  return row ? toView(row) : null
}

/**
 * Deletes a post, audited in the same transaction; its slug is free again. Pictures uploaded for
 * it that no other post uses are swept now if past their day of grace, else by a later sweep.
 * Null when there is no such post.
 */
export async function deletePost(
  db: DB,
  storage: Storage,
  id: number,
  actorId: string,
): Promise<{ id: number; title: string } | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null
  const deleted = await db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('blog_posts').where('id', '=', id).returning(['id', 'title']).executeTakeFirst()
    if (row)
      await recordAudit(trx, {
        actorId,
        action: 'blog.delete',
        targetType: 'blog_post',
        targetId: row.id,
        details: { title: row.title },
      })
    return row ?? null
  })
  // The post is gone whatever the sweep does: a failure leaves its pictures to the next one.
  if (deleted)
    await sweepUnusedBlogImages(db, storage).catch((error) =>
      log.warn('blog image sweep failed', { error: errorMessage(error) }),
    )
  return deleted
}

/** A post's picture that is no image we process (also what the door says of a non-image type). */
export const BLOG_NOT_AN_IMAGE = 'Only image files can be uploaded.'

export type BlogImageResult = { ok: true; url: string } | { ok: false; reason: 'not-an-image'; error: string }

/**
 * Re-encodes an uploaded picture for a post as WebP (which also drops its metadata and anything
 * hidden after the image data) and stores it publicly: the URL it is served at, or
 * 'not-an-image' for anything sharp cannot decode (nothing is stored then).
 */
export async function storeBlogImage(db: DB, storage: Storage, data: Buffer): Promise<BlogImageResult> {
  let webp: Buffer
  try {
    await inspectImage(data)
    webp = await inImagePool(async () => {
      try {
        return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .rotate()
          .resize({ width: BLOG_IMAGE_MAX_WIDTH, withoutEnlargement: true })
          .webp({ quality: 82, alphaQuality: 90, effort: 3 })
          .toBuffer()
      } catch {
        throw new NotAnImageError()
      }
    })
  } catch (error) {
    if (error instanceof NotAnImageError) return { ok: false, reason: 'not-an-image', error: BLOG_NOT_AN_IMAGE }
    throw error
  }
  const key = `public/blog/${randomUUID()}.webp`
  // Recorded first: if the write fails half way or the image is never used, the sweep finds it.
  await db.insertInto('blog_images').values({ key }).execute()
  await storage.put(key, webp)
  await sweepUnusedBlogImages(db, storage).catch((error: unknown) => {
    log.warn('blog image sweep failed', { error: errorMessage(error) })
  })
  return { ok: true, url: publicFileUrl(key) }
}

/** An uploaded image no post uses after this long is removed: time enough to finish the post. */
export const BLOG_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000

/**
 * Removes the blog images older than a day that no post's content or cover names (by the
 * file's name, which is a fresh UUID, so the address form does not matter). Their records go
 * and their keys are scheduled for deletion in one transaction, then the files are removed;
 * one that fails stays in storage_cleanup for the storage sweep. Runs after each upload.
 */
export async function sweepUnusedBlogImages(db: DB, storage: Storage, now = new Date()): Promise<number> {
  const keys = await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ key: string }>`
      delete from blog_images i
      where i.created_at < ${new Date(now.getTime() - BLOG_IMAGE_GRACE_MS)}
        and not exists (
          select from blog_posts p
          where strpos(p.content_html, substring(i.key from '[^/]+$')) > 0
             or strpos(p.image_url, substring(i.key from '[^/]+$')) > 0
        )
      returning i.key
    `.execute(trx)
    const unused = rows.map((row) => row.key)
    await scheduleDeletion(trx, unused)
    return unused
  })
  return keys.length ? removeFiles(db, storage, keys) : 0
}
