import { z } from './zod'
import { COLLECTION_DESCRIPTION_MAX, COLLECTION_NAME_MAX, MAX_ASSETS_PER_COLLECTION } from './collection-limits'

// Collections' fields as schemas, shared by the forms (in the browser too), the JSON API and the
// domain. The limits and words without zod are in collection-limits.ts, for code every page loads.

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
