import { z } from '~/lib/zod'
import { ASSET_TYPES, type AssetType } from './constants'
import { parseId } from './ids'
import { PublishAtSchema } from './schedule'
import { normaliseTags } from './tags'

// Shapes of the admin's asset calls, shared by the admin pages and the admin JSON API.

export const ADMIN_ASSETS_PAGE_SIZE = 50
const ASSET_TYPE_MESSAGE = `asset_type is one of ${ASSET_TYPES.join(', ')}.`
// 'pending': every draft; 'scheduled': the drafts with a publish time (decision 89).
export const ADMIN_STATUSES = ['all', 'published', 'pending', 'scheduled'] as const
export type AdminStatusFilter = (typeof ADMIN_STATUSES)[number]
export const MAX_TAGS = 30

const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])], { error: 'Invalid input: expected true or false' })
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on')

/** PUT /api/admin/assets/{id} and the inline edit: every field optional, at least one given. */
export const AssetChangesSchema = z
  .object({
    title: z
      .string({ message: 'Title must be text.' })
      .trim()
      .min(1, { message: 'Enter a title.' })
      .max(200, { message: 'Keep the title under 200 characters.' })
      .optional(),
    description: z
      .string({ message: 'Description must be text.' })
      .trim()
      .max(5000, { message: 'Keep the description under 5,000 characters.' })
      .optional(),
    category: z
      .string({ message: 'Category must be text.' })
      .trim()
      .max(100, { message: 'Keep the category under 100 characters.' })
      .optional(),
    // An array, a JSON string or a comma string.
    tags: z
      .union([z.array(z.union([z.string(), z.number()])), z.string()], {
        message: 'Tags must be a list or a comma-separated string.',
      })
      .transform((v) => normaliseTags(v))
      .pipe(z.array(z.string()).max(MAX_TAGS, { message: `Use at most ${MAX_TAGS} tags.` }))
      .optional(),
    is_active: booleanish.optional(),
    // An image is a '3d' render or an 'image'; audio stays audio (decision: the file decides).
    asset_type: z.enum(ASSET_TYPES, { message: ASSET_TYPE_MESSAGE }).optional(),
    // When a draft goes live (ISO 8601 with its zone); null or '' withdraws the schedule.
    publish_at: PublishAtSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Send at least one of title, description, tags, category, is_active, asset_type, publish_at.',
  })
  .refine((v) => v.is_active === undefined || v.publish_at === undefined, {
    message: 'Send is_active or publish_at, not both: a schedule is for a draft.',
  })
export type AssetChanges = z.infer<typeof AssetChangesSchema>

/**
 * POST /api/admin/assets/{id}/publish's body: is_active, true when left out (the publish button).
 * Strict: this call publishes at once, so a field it does not take (publish_at meant as a
 * schedule) is a 400, never a publish now.
 */
export const PublishSchema = z.strictObject({ is_active: booleanish.default(true) })

/** Query of the admin asset list, for GET /api/admin/assets: bad values are a 400. */
export const AdminAssetQuerySchema = z.object({
  q: z.string().trim().max(100, { message: 'Keep the search under 100 characters.' }).optional(),
  status: z.enum(ADMIN_STATUSES, { message: 'status is one of all, published, pending, scheduled.' }).optional(),
  page: z.coerce
    .number({ message: 'page is a whole number from 1.' })
    .int()
    .min(1, { message: 'page is a whole number from 1.' })
    .max(100_000)
    .optional(),
  limit: z.coerce
    .number({ message: 'limit is a whole number from 1 to 200.' })
    .int()
    .min(1)
    .max(200, { message: 'limit is a whole number from 1 to 200.' })
    .optional(),
})

/** The same for the admin pages, where a bad value in the address bar falls back to the default. */
export const AdminPageQuerySchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  status: z.enum(ADMIN_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
})

/** The text fields of an upload (POST /api/admin/assets and the upload page). */
export const UploadFieldsSchema = z.object({
  title: z.string().trim().max(200, { message: 'Keep the title under 200 characters.' }).optional(),
  description: z.string().trim().max(5000, { message: 'Keep the description under 5,000 characters.' }).optional(),
  // A JSON string ('["a","b"]'); a comma string or a single tag works too.
  tags: z
    .string()
    .max(5000, { message: 'Too many tags.' })
    .optional()
    .transform((v) => normaliseTags(v ?? ''))
    .pipe(z.array(z.string()).max(MAX_TAGS, { message: `Use at most ${MAX_TAGS} tags.` })),
  category: z.string().trim().max(100, { message: 'Keep the category under 100 characters.' }).optional(),
  asset_type: z.enum(ASSET_TYPES, { message: ASSET_TYPE_MESSAGE }).optional(),
})

/** The most assets one bulk change takes (a page of the table is 50). */
export const MAX_BULK_IDS = 500
export const BULK_ACTIONS = [
  'add-tags',
  'remove-tags',
  'set-category',
  'set-type',
  'publish',
  'unpublish',
  'schedule',
] as const
export type BulkActionName = (typeof BULK_ACTIONS)[number]

/** One change for many assets (the bulk bar of /admin/assets, POST /api/admin/assets/bulk). */
export type BulkAction =
  | { action: 'add-tags' | 'remove-tags'; tags: string[] }
  | { action: 'set-category'; category: string }
  | { action: 'set-type'; asset_type: AssetType }
  | { action: 'publish' | 'unpublish' }
  | { action: 'schedule'; publish_at: Date | null }

export const NO_ROWS_SELECTED = 'Select at least one asset.'
const BULK_ACTION_MESSAGE = `action is one of ${BULK_ACTIONS.join(', ')}.`

/** POST /api/admin/assets/bulk and the bulk bar: the ids and the change; what the change needs is required. */
export const BulkRequestSchema = z
  .object({
    ids: z
      .array(z.unknown(), { message: 'ids is a list of asset ids.' })
      .min(1, { message: NO_ROWS_SELECTED })
      .max(MAX_BULK_IDS, { message: `Select at most ${MAX_BULK_IDS} assets at a time.` })
      .transform((ids, ctx) => {
        const parsed = ids.map(parseId)
        if (parsed.some((id) => id === undefined)) {
          ctx.addIssue({ code: 'custom', message: 'ids are whole numbers from 1.' })
          return z.NEVER
        }
        return [...new Set(parsed as number[])]
      }),
    action: z.enum(BULK_ACTIONS, { message: BULK_ACTION_MESSAGE }),
    tags: z
      .union([z.array(z.union([z.string(), z.number()])), z.string()], {
        message: 'Tags must be a list or a comma-separated string.',
      })
      .transform((v) => normaliseTags(v))
      .pipe(z.array(z.string()).max(MAX_TAGS, { message: `Use at most ${MAX_TAGS} tags.` }))
      .optional(),
    category: z
      .string({ message: 'category must be text.' })
      .trim()
      .max(100, { message: 'Keep the category under 100 characters.' })
      .optional(),
    // '' is the bar's 'Choose…'.
    asset_type: z
      .union([z.literal(''), z.enum(ASSET_TYPES)], { message: ASSET_TYPE_MESSAGE })
      .optional()
      .transform((v) => v || undefined),
    publish_at: PublishAtSchema.optional(),
  })
  .transform((v, ctx): { ids: number[]; change: BulkAction } => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    switch (v.action) {
      case 'add-tags':
      case 'remove-tags':
        if (!v.tags?.length) return fail('Enter at least one tag.')
        return { ids: v.ids, change: { action: v.action, tags: v.tags } }
      case 'set-category':
        if (!v.category) return fail('Choose a category.')
        return { ids: v.ids, change: { action: v.action, category: v.category } }
      case 'set-type':
        if (!v.asset_type) return fail(`Choose a type: ${ASSET_TYPE_MESSAGE}`)
        return { ids: v.ids, change: { action: v.action, asset_type: v.asset_type } }
      case 'schedule':
        if (v.publish_at === undefined) return fail('Enter the publish date and time (publish_at; null withdraws).')
        return { ids: v.ids, change: { action: v.action, publish_at: v.publish_at } }
      default:
        return { ids: v.ids, change: { action: v.action } }
    }
  })
