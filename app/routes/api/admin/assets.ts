import type { Route } from './+types/assets'
import { requireApiAdmin } from '~/web/session.server'
import { uploadAsset } from '~/domain/uploads/asset-upload.server'
import { getAssetForAdmin, listAssetsForAdmin } from '~/domain/catalogue/assets.server'
import { scheduleAssets } from '~/domain/catalogue/scheduled-publishing.server'
import { PublishAtSchema } from '~/lib/schedule'
import { jsonError, apiRoute, refusalResponse } from '~/web/http.server'
import { AdminAssetQuerySchema, UploadFieldsSchema } from '~/lib/admin-assets'
import { AUDIO_UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_BYTES } from '~/lib/constants'
import { servicesContext } from '~/web/context.server'
import { readMultipartUpload } from '~/web/multipart.server'

const NO_STORE = { 'Cache-Control': 'no-store' }
// An audio file or an image, and a thumbnail, with room for the fields and the framing.
const MAX_UPLOAD_BYTES = AUDIO_UPLOAD_LIMIT_BYTES + UPLOAD_LIMIT_BYTES + 256 * 1024

/** The server's body cap for this call (server/guards.ts): the upload's own limits apply while it streams. */
export const handle = { maxBodyBytes: MAX_UPLOAD_BYTES }

// GET /api/admin/assets?q=&status=all|published|pending|scheduled&page=&limit= → every asset, drafts too.
async function GET({ request, url, context }: Route.LoaderArgs) {
  await requireApiAdmin(request, context)
  const parsed = AdminAssetQuerySchema.safeParse(Object.fromEntries(url.searchParams))
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'Invalid query.')
  const result = await listAssetsForAdmin(context.get(servicesContext).db, parsed.data)
  return Response.json(result, { headers: NO_STORE })
}

// POST /api/admin/assets (multipart: file, title, description, tags, category, optional
// thumbnail, optional publish_at: scheduled as it is stored, decision 89) → 201 at once with the unpublished asset, processing.state 'processing'; the job
// 'process-upload' makes its previews (GET /api/admin/assets/{id} shows when it is 'ready').
async function POST({ request, context }: Route.ActionArgs) {
  const admin = await requireApiAdmin(request, context)
  const upload = await readMultipartUpload(request, {
    maxFiles: 2,
    // Each type's own limit is checked by uploadAsset.
    maxFileBytes: AUDIO_UPLOAD_LIMIT_BYTES,
    maxTotalBytes: MAX_UPLOAD_BYTES,
    staging: 'memory',
    tooManyFilesMessage: 'Send one file and at most one thumbnail.',
  })
  if (!upload.ok) return jsonError(upload.status, upload.error)
  try {
    const file = upload.files.find((f) => f.fieldName === 'file')
    if (!file) return jsonError(400, 'Choose an image to upload (field "file").')
    const thumbnail = upload.files.find((f) => f.fieldName === 'thumbnail')
    const fields = UploadFieldsSchema.safeParse(Object.fromEntries(upload.fields))
    if (!fields.success) return jsonError(400, fields.error.issues[0]?.message ?? 'Invalid upload fields.')
    // Read before anything is stored: a bad time refuses the upload.
    const publishAt = PublishAtSchema.safeParse(upload.fields.get('publish_at') ?? null)
    if (!publishAt.success) return jsonError(400, publishAt.error.issues[0]?.message ?? 'Invalid publish_at.')
    const { db, storage, jobs } = context.get(servicesContext)
    const result = await uploadAsset(db, storage, jobs, admin.id, {
      original: await file.read(),
      filename: file.name,
      thumbnail: thumbnail ? await thumbnail.read() : null,
      title: fields.data.title,
      description: fields.data.description,
      tags: fields.data.tags,
      category: fields.data.category,
      assetType: fields.data.asset_type,
      mimeType: file.type,
    })
    if (!result.ok) return refusalResponse(result)
    let asset = result.asset
    if (publishAt.data) {
      // Still processing: it keeps the time and goes live at it, or once ready if that is later.
      await scheduleAssets({ db, jobs }, [asset.id], publishAt.data, admin.id)
      const scheduled = await getAssetForAdmin(db, asset.id)
      if (scheduled) asset = { ...asset, publish_at: scheduled.publish_at, is_active: scheduled.is_active }
    }
    return Response.json(asset, {
      status: 201,
      headers: { ...NO_STORE, Location: `/api/admin/assets/${asset.id}` },
    })
  } finally {
    await upload.dispose()
  }
}

const route = apiRoute<Route.LoaderArgs>({ GET, POST })
export const loader = route.loader
export const action = route.action
