import { z } from './zod'

// Collections' limits and fields, shared by the forms (in the browser too), the JSON API and the domain.

export const COLLECTION_NAME_MAX = 80
export const COLLECTION_DESCRIPTION_MAX = 1000
export const MAX_COLLECTIONS_PER_USER = 100
export const MAX_ASSETS_PER_COLLECTION = 1000
/** Assets per page of a collection. */
export const COLLECTION_PAGE_SIZE = 24

const name = z
  .string({ message: 'Give the collection a name.' })
  .trim()
  .min(1, 'Give the collection a name.')
  .max(COLLECTION_NAME_MAX, `A name has at most ${COLLECTION_NAME_MAX} characters.`)
const description = z
  .string()
  .trim()
  .max(COLLECTION_DESCRIPTION_MAX, `A description has at most ${COLLECTION_DESCRIPTION_MAX} characters.`)

/** What a person gives a collection: a name, maybe a description, private unless said otherwise. */
export const CollectionFieldsSchema = z.object({
  name,
  description: description.optional(),
  isPublic: z.boolean().optional(),
})
export type CollectionFields = z.infer<typeof CollectionFieldsSchema>

/** A change: any of the fields. */
export const CollectionChangesSchema = z.object({
  name: name.optional(),
  description: description.optional(),
  isPublic: z.boolean().optional(),
})
export type CollectionChanges = z.infer<typeof CollectionChangesSchema>

/** The web form's fields: a checkbox is 'on' or absent. */
export const CollectionFormSchema = z.object({
  name,
  description: description.optional(),
  isPublic: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()),
})

/** A kit's fields in the admin: its title and text, its cover, its place, its assets in order. */
export const KitFieldsSchema = z.object({
  name,
  description: description.optional(),
  coverAssetId: z.number().int().positive().nullable().optional(),
  kitOrder: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  assetIds: z.array(z.number().int().positive()).max(MAX_ASSETS_PER_COLLECTION).optional(),
})
export type KitFields = z.infer<typeof KitFieldsSchema>

/** The owner's name as others see it: never the email. */
export function ownerDisplayName(fullName: string | null | undefined, isKit: boolean): string {
  if (isKit) return 'The artist'
  return fullName?.trim() || 'A member'
}

const optionalId = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
  z.coerce.number({ message: 'An asset id is a whole number from 1.' }).int().positive().optional(),
)

/** The admin's kit form: ids typed as text (the assets as a list separated by commas or spaces). */
export const KitFormSchema = z.object({
  id: optionalId,
  name,
  description: description.optional(),
  cover: optionalId,
  order: z.preprocess(
    (v) => (v === undefined || v === '' ? 0 : v),
    z.coerce.number({ message: 'The order is a whole number.' }).int().min(-1_000_000).max(1_000_000),
  ),
  assets: z.preprocess(
    (v) => (typeof v === 'string' ? v : ''),
    z
      .string()
      .regex(/^[\d,\s]*$/, 'List asset ids (whole numbers) separated by commas or spaces.')
      .transform((text) =>
        text
          .split(/[,\s]+/)
          .filter(Boolean)
          .map(Number),
      )
      .pipe(
        z
          .array(z.number().int().positive().max(2_147_483_647, 'No asset has so large an id.'))
          .max(MAX_ASSETS_PER_COLLECTION, `A kit holds at most ${MAX_ASSETS_PER_COLLECTION} assets.`),
      ),
  ),
})

/** The formats a collection's ZIP can hold (the bundle's formats): each file as it was uploaded, or converted. */
export const ZIP_FORMATS = ['original', 'png', 'webp', 'jpeg', 'avif'] as const
export type ZipFormat = (typeof ZIP_FORMATS)[number]
export const ZIP_FORMAT_LABELS: Record<ZipFormat, string> = {
  original: 'Original files',
  png: 'PNG',
  webp: 'WebP',
  jpeg: 'JPEG',
  avif: 'AVIF',
}

/**
 * What a refused ZIP says, from its reason in the URL (never text from the URL itself, so a
 * link cannot put words on the page).
 */
export function bundleRefusalText(reason: string | null): { text: string; upgrade: boolean } | null {
  if (!reason) return null
  if (reason === 'quota-exceeded')
    return {
      text: 'Not enough downloads left today for this ZIP: each asset you have not downloaded today takes one, and the ZIP is made whole or not at all.',
      upgrade: true,
    }
  if (reason === 'bundle-too-large')
    return { text: 'A ZIP holds at most 100 assets, and this one has more.', upgrade: false }
  if (reason === 'bundle-empty') return { text: 'There is nothing to download here yet.', upgrade: false }
  return { text: 'The ZIP could not be made. Please try again.', upgrade: false }
}
