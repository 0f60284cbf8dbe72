import { ASSET_TYPES } from '~/lib/constants'
import { z } from '~/lib/zod'

/** The JSON API's `asset_type` query parameter, read strictly: another value is a 400 saying which. */
export const assetTypeParam = z
  .enum(ASSET_TYPES, { message: `asset_type must be one of ${ASSET_TYPES.join(', ')}` })
  .optional()
