import { ASSET_TYPES } from '~/lib/constants'
import { z } from '~/lib/zod'

/** The JSON API's `asset_type` query parameter, read strictly: another value is a 400 saying which. */
export const assetTypeParam = z
  .enum(ASSET_TYPES, { message: `asset_type must be one of ${ASSET_TYPES.join(', ')}` })
  .optional()

/** A yes/no query parameter of the JSON API ('true' or '1', 'false' or '0'), as a boolean. */
export const flagParam = (name: string) =>
  z
    .enum(['1', 'true', '0', 'false'], { message: `${name} must be true or false` })
    .transform((value) => value === '1' || value === 'true')
    .optional()
