import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
  type FileUpload,
} from '@remix-run/form-data-parser'
import type { Route } from './+types/upload-image'
import { requireApiAdmin } from '~/web/session.server'
import { BLOG_NOT_AN_IMAGE, storeBlogImage } from '~/domain/blog/blog.server'
import { BAD_TEXT } from '~/web/text.server'
import { jsonError, apiRoute, refusalResponse } from '~/web/http.server'
import { UPLOAD_LIMIT_BYTES } from '~/lib/constants'
import { fileTooLargeMessage } from '~/lib/upload-limits'
import { servicesContext } from '~/web/context.server'

const TOO_LARGE = fileTooLargeMessage(UPLOAD_LIMIT_BYTES, 'The image')
// Room for the multipart framing around one file.
const MAX_REQUEST_BYTES = UPLOAD_LIMIT_BYTES + 64 * 1024
/** The server's body cap for this call (server/guards.ts): the image's own limit applies while it streams. */
export const handle = { maxBodyBytes: MAX_REQUEST_BYTES }

function isTooLarge(error: unknown): boolean {
  const errors = [error, (error as { cause?: unknown } | null)?.cause]
  return errors.some((e) => e instanceof MaxFileSizeExceededError || e instanceof MaxTotalSizeExceededError)
}

// POST /api/admin/upload-image (multipart, field `image`) → {url} of the re-encoded picture.
async function POST({ request, context }: Route.ActionArgs) {
  await requireApiAdmin(request, context)
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    return jsonError(400, 'Send the image as multipart/form-data in the field "image".')
  }
  // A declared size over the limit is refused before a byte is read.
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_REQUEST_BYTES) return jsonError(413, TOO_LARGE)

  let image: FileUpload | null = null
  try {
    // The limit is enforced while the body streams in: an oversized file is never buffered whole.
    await parseFormData(
      request,
      { maxFiles: 1, maxFileSize: UPLOAD_LIMIT_BYTES, maxTotalSize: MAX_REQUEST_BYTES },
      (file) => {
        if (file.fieldName === 'image') image = file
      },
    )
  } catch (error) {
    if (isTooLarge(error)) return jsonError(413, TOO_LARGE)
    if (error instanceof TypeError && (error as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA')
      return jsonError(400, BAD_TEXT)
    if (error instanceof FormDataParseError || error instanceof MultipartParseError) {
      return jsonError(400, 'The upload could not be read. Send one image in the field "image".')
    }
    throw error
  }
  const file = image as FileUpload | null
  if (!file || file.size === 0) return jsonError(400, 'Choose an image to upload (field "image").')
  if (!file.type.startsWith('image/')) return jsonError(400, BLOG_NOT_AN_IMAGE)
  const { db, storage } = context.get(servicesContext)
  const stored = await storeBlogImage(db, storage, Buffer.from(await file.arrayBuffer()))
  if (!stored.ok) return refusalResponse(stored)
  return Response.json({ url: stored.url }, { status: 201 })
}

const route = apiRoute<Route.LoaderArgs>({ POST })
export const loader = route.loader
export const action = route.action
