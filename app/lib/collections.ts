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
