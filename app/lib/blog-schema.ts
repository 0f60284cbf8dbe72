import { z } from '~/lib/zod'

/** Link schemes the editor and the sanitiser accept; relative links too. */
export const LINK_SCHEMES = ['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp'] as const

/** Undo history of the editor: 100 steps, changes within 500 ms are one step. */
export const EDITOR_UNDO_DEPTH = 100
export const EDITOR_UNDO_GROUP_MS = 500

export const BLOG_CONTENT_MAX = 200_000

/** An http(s) URL, or a path on this site ('/images/blog/x.webp'); never '//host' or 'javascript:'. */
export function isAllowedImageUrl(value: string): boolean {
  const url = value.trim()
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\')
  return /^https?:\/\/[^\s/?#]+/i.test(url)
}

/** True when HTML shows something: text once tags (and script/style bodies) are gone, or an image. */
export function hasVisibleContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
  return text.trim().length > 0
}

const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: tooLong })

/**
 * The seven fields of a blog post, as the admin form and the admin JSON API send them. One
 * schema for both doors, so their messages cannot drift apart.
 */
export const BlogPostSchema = z.object({
  title: required('Title is required.', 200, 'Title must be at most 200 characters.'),
  content: z
    .string({ error: 'Content is required.' })
    .max(BLOG_CONTENT_MAX, { error: `Content must be at most ${BLOG_CONTENT_MAX.toLocaleString('en-US')} characters.` })
    .refine(hasVisibleContent, { error: 'Content is required.' }),
  excerpt: required('Excerpt is required.', 1000, 'Excerpt must be at most 1,000 characters.'),
  date: required('Publish date is required.', 100, 'Publish date must be at most 100 characters.'),
  category: required('Category is required.', 100, 'Category must be at most 100 characters.'),
  readTime: required('Read time is required.', 50, 'Read time must be at most 50 characters.'),
  image: required('Image URL is required.', 2000, 'Image URL must be at most 2,000 characters.').refine(
    isAllowedImageUrl,
    {
      error: 'Image URL must start with http://, https:// or /.',
    },
  ),
})

export type BlogPostInput = z.output<typeof BlogPostSchema>
export type BlogField = keyof BlogPostInput
export const BLOG_FIELDS = [
  'title',
  'content',
  'excerpt',
  'date',
  'category',
  'readTime',
  'image',
] as const satisfies readonly BlogField[]

export type BlogFieldErrors = Partial<Record<BlogField, string>>

/** The first message per field, for showing under each input. */
export function blogFieldErrors(error: z.ZodError): BlogFieldErrors {
  const errors: BlogFieldErrors = {}
  for (const issue of error.issues) {
    const field = issue.path[0]
    if (
      typeof field === 'string' &&
      (BLOG_FIELDS as readonly string[]).includes(field) &&
      !errors[field as BlogField]
    ) {
      errors[field as BlogField] = issue.message
    }
  }
  return errors
}
