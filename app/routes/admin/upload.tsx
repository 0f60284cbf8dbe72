import { data, Link } from 'react-router'
import { Alert, Button, Container } from '@mantine/core'
import { z } from '~/lib/zod'
import type { Route } from './+types/upload'
import { getAdmin } from '~/web/session.server'
import { uploadBatch } from '~/domain/uploads/asset-upload.server'
import { setPublished } from '~/domain/catalogue/assets.server'
import { scheduleAssets } from '~/domain/catalogue/scheduled-publishing.server'
import { readScheduleFields } from '~/lib/schedule'
import {
  deleteFailedUpload,
  processingStates,
  retryProcessing,
  type ProcessingStatus,
} from '~/domain/uploads/progress.server'
import { sendPrepareDownloads } from '~/domain/downloads/prepare-downloads.server'
import { readCsvMetadata } from '~/domain/uploads/csv-metadata.server'
import { AdminHeader } from '~/components/admin/AdminHeader/AdminHeader'
import { AssetUploader } from '~/components/admin/AssetUploader/AssetUploader'
import { UploadResults } from '~/components/admin/UploadResults/UploadResults'
import { AUDIO_UPLOAD_LIMIT_BYTES, imageTypeFrom, SITE_NAME, UPLOAD_LIMIT_BYTES } from '~/lib/constants'
import {
  claimsAudio,
  draftAllSelection,
  publishAllSelection,
  type CsvMetadataRow,
  type UploadItem,
} from '~/lib/upload-plan'
import { servicesContext } from '~/web/context.server'
import { readMultipartUpload } from '~/web/multipart.server'
import { oversizeMessage } from '~/lib/upload-limits'
import { readForm } from '~/web/http.server'
import { refusalStatus } from '~/web/refusals.server'
import { withSharing } from '~/lib/sharing'
import { idSchema, parseId } from '~/lib/ids'

const pageMeta: Route.MetaFunction = () => [{ title: `Upload Assets | Admin | ${SITE_NAME}` }]

const MAX_BATCH_FILES = 50
// A Retry or Delete of an asset deleted meanwhile (or an id that never was).
const ASSET_GONE = { error: 'That asset no longer exists.', status: 404 }
// The images and the CSV, with room for the fields and the framing.
const MAX_UPLOAD_BYTES = MAX_BATCH_FILES * UPLOAD_LIMIT_BYTES + 2 * 1024 * 1024
// The results form's batch, as JSON; in the form every character may be escaped to 9 bytes.
const MAX_BATCH_CHARS = 2 * 1024 * 1024

/** The server's body cap for this page (server/guards.ts): the upload's own limits apply while it streams. */
export const handle = { maxBodyBytes: MAX_UPLOAD_BYTES }

// ?states=1,2,3: the processing of those uploads, polled by the page while any is processing.
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await getAdmin(request, context)
  const ids = (url.searchParams.get('states') ?? '')
    .split(',')
    .flatMap((value) => parseId(value) ?? [])
    .slice(0, MAX_BATCH_FILES)
  if (ids.length === 0) return { states: {} as Record<string, ProcessingStatus> }
  const { db, jobs } = context.get(servicesContext)
  return { states: Object.fromEntries(await processingStates(db, jobs, ids)) as Record<string, ProcessingStatus> }
}

type ActionReply =
  | { intent: 'parse-csv'; rows?: CsvMetadataRow[]; fileName?: string; error?: string }
  | { intent: 'upload'; items: UploadItem[]; error?: string; notice?: string }
  | { intent: 'retried'; id: number }
  | { intent: 'deleted'; id: number; notice: string }
  | { intent: 'error'; error: string }

// The results page's batch comes back with each button: checked, and only ids and the
// admin's own file names in it, so nothing in it is trusted beyond display.
const BatchSchema = z
  .array(
    z.object({
      id: idSchema().nullable(),
      name: z.string().max(300),
      status: z.enum(['uploading', 'completed', 'published', 'draft', 'error']),
      detectedTitle: z.string().max(300),
      detectedTags: z.array(z.string().max(60)).max(60),
      bytes: z.number().int().min(0),
      metadata: z
        .object({
          category: z.string().max(200),
          releases: z.string().max(300),
          thumbnail: z.string().max(300).nullable(),
        })
        .nullable(),
      previewUrl: z
        .string()
        .max(300)
        .regex(/^\/images\//)
        .nullable(),
      isPublished: z.boolean(),
      error: z.string().max(500).nullable(),
      processing: z
        .object({
          state: z.enum(['processing', 'ready', 'failed']),
          error: z.string().max(600).nullable(),
          step: z.string().max(40).nullable().optional(),
          retryable: z.boolean().default(true),
        })
        .nullable()
        .default(null),
      publishAt: z.iso.datetime({ offset: true }).nullable().optional(),
    }),
  )
  .max(MAX_BATCH_FILES + 20)

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await getAdmin(request, context)
  const services = context.get(servicesContext)
  const { db, storage, jobs } = services

  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const upload = await readMultipartUpload(request, {
      // The images and the CSV. Each file is read whole into memory as it arrives, then waits in
      // a staging folder on disk, so one file at a time is held in memory (up to 50MB, the limit
      // for audio) and the batch waits on disk.
      maxFiles: MAX_BATCH_FILES + 1,
      maxTotalBytes: MAX_UPLOAD_BYTES,
      // The parser admits any file up to the audio limit; an image over its own 10MB is refused
      // below, before anything is stored.
      maxFileBytes: AUDIO_UPLOAD_LIMIT_BYTES,
      staging: 'disk',
      tooManyFilesMessage: `Upload at most ${MAX_BATCH_FILES} images at a time.`,
    })
    if (!upload.ok)
      return data<ActionReply>(
        { intent: 'error', error: `${upload.error} Nothing was uploaded.` },
        { status: upload.status },
      )
    try {
      const intent = upload.fields.get('intent')
      const csvFile = upload.files.find((f) => f.fieldName === 'csv')
      let rows: CsvMetadataRow[] = []
      if (csvFile) {
        const csv = readCsvMetadata(await csvFile.read())
        if (!csv.ok) {
          const reply =
            intent === 'parse-csv'
              ? { intent: 'parse-csv' as const, error: csv.error }
              : { intent: 'error' as const, error: `${csv.error} Nothing was uploaded.` }
          return data<ActionReply>(reply, { status: refusalStatus(csv.reason) })
        }
        rows = csv.rows
      }
      if (intent === 'parse-csv') {
        if (!csvFile) return data<ActionReply>({ intent: 'parse-csv', error: 'Choose a CSV file.' }, { status: 400 })
        return { intent: 'parse-csv', rows, fileName: csvFile.name } satisfies ActionReply
      }
      const images = upload.files.filter((f) => f.fieldName === 'files')
      // The parser's cap counts the CSV too: the images' own cap is checked here, exactly.
      if (images.length > MAX_BATCH_FILES) {
        return data<ActionReply>(
          { intent: 'error', error: `Upload at most ${MAX_BATCH_FILES} images at a time. Nothing was uploaded.` },
          { status: 413 },
        )
      }
      if (images.length === 0)
        return data<ActionReply>({ intent: 'error', error: 'Choose at least one image to upload.' }, { status: 400 })
      // As before audio came: an image over its limit refuses the whole form, naming it.
      // (Audio over its own limit never gets here: the parser stops at the largest limit.)
      const tooLarge = images.map((f) => oversizeMessage(f.size, claimsAudio(f), f.name)).find(Boolean)
      if (tooLarge)
        return data<ActionReply>({ intent: 'error', error: `${tooLarge} Nothing was uploaded.` }, { status: 413 })
      const imageType = imageTypeFrom(upload.fields.get('image_type'))
      // 'Publish at': read before anything is stored, so a bad time refuses the whole form.
      const schedule = readScheduleFields(
        String(upload.fields.get('publishAt') ?? ''),
        String(upload.fields.get('timeZone') ?? ''),
      )
      if (!schedule.ok)
        return data<ActionReply>({ intent: 'error', error: `${schedule.error} Nothing was uploaded.` }, { status: 400 })
      let items = await uploadBatch(db, storage, jobs, admin.id, images, rows, imageType)
      const { publishAt } = schedule
      if (publishAt) {
        // Each goes live at the time, or once processed if that is later (decision 89).
        const stored = items.flatMap((item) => (item.id !== null && item.status !== 'error' ? [item.id] : []))
        if (stored.length) await scheduleAssets({ db, jobs }, stored, publishAt, admin.id)
        items = items.map((item) =>
          item.id !== null && item.status !== 'error' ? { ...item, publishAt: publishAt.toISOString() } : item,
        )
      }
      const anyStored = items.some((item) => item.id !== null)
      return data<ActionReply>({ intent: 'upload', items }, { status: anyStored ? 200 : 400 })
    } finally {
      await upload.dispose()
    }
  }

  // The results page's buttons: Publish one, Publish All, Save all as Draft, Refresh, and a
  // failed upload's Retry and Delete (each also posted alone by the enhanced page).
  const form = await readForm(request, { maxFieldChars: MAX_BATCH_CHARS, maxBodyBytes: 9 * MAX_BATCH_CHARS })
  // A failed upload's Retry or Delete, refused.
  let itemRefusal: { error: string; status: number } | null = null
  const refused = (refusal: { error: string; status: number }) =>
    data<ActionReply>({ intent: 'error', error: refusal.error }, { status: refusal.status })
  let deleted: { id: number; notice: string } | null = null
  if (form.has('delete')) {
    const deleteId = parseId(form.get('delete'))
    const result = deleteId ? await deleteFailedUpload(db, storage, jobs, deleteId, admin.id) : null
    if (result?.ok) deleted = { id: result.id, notice: `Deleted ${result.title}.` }
    else if (result?.reason === 'upload-not-failed')
      itemRefusal = { error: result.error, status: refusalStatus(result.reason) }
    else itemRefusal = ASSET_GONE
    if (!form.has('batch'))
      return deleted ? ({ intent: 'deleted', ...deleted } satisfies ActionReply) : refused(itemRefusal ?? ASSET_GONE)
  } else if (form.has('retry')) {
    const retryId = parseId(form.get('retry'))
    const retried = retryId ? await retryProcessing(db, jobs, retryId, admin.id) : null
    if (!retried?.ok)
      itemRefusal =
        retried?.reason === 'processing-not-retryable'
          ? { error: retried.error, status: refusalStatus(retried.reason) }
          : ASSET_GONE
    if (!form.has('batch'))
      return itemRefusal ? refused(itemRefusal) : ({ intent: 'retried', id: retryId as number } satisfies ActionReply)
  }
  let batch: UploadItem[]
  try {
    batch = BatchSchema.parse(JSON.parse(String(form.get('batch') ?? '')))
  } catch {
    return data<ActionReply>(
      { intent: 'error', error: 'The upload results could not be read. Manage the assets from the assets page.' },
      { status: 400 },
    )
  }
  const intent = String(form.get('intent') ?? '')
  const one = parseId(form.get('publish'))
  if (form.has('publish') && !one)
    return data<ActionReply>({ intent: 'upload', items: batch, error: 'Asset ids are whole numbers.' }, { status: 400 })
  // The deleted upload leaves the list; the notice says so.
  if (deleted) batch = batch.filter((item) => item.id !== deleted.id)
  const stored = batch.filter((item) => item.id !== null && item.status !== 'error')
  const storedIds = stored.map((item) => item.id as number)
  // The batch comes from the page: what each asset's processing is, is read again here.
  const before = await processingStates(db, jobs, storedIds)
  let ids: number[] = []
  let publish = true
  if (form.has('retry') || form.has('delete')) {
    // Retried or deleted above; the page is drawn again with the new states.
  } else if (one) ids = storedIds.filter((id) => id === one)
  else if (intent === 'publish-all')
    ids = publishAllSelection(
      stored.map((item) => ({ ...item, processing: before.get(item.id as number) ?? item.processing })),
    ).map((item) => item.id)
  else if (intent === 'draft-all') {
    ids = draftAllSelection(
      stored.map((item) => ({ ...item, processing: before.get(item.id as number) ?? item.processing })),
    ).map((item) => item.id)
    publish = false
  } else if (intent !== 'refresh')
    return data<ActionReply>({ intent: 'upload', items: batch, error: 'Unknown action.' }, { status: 400 })

  // The browser's Publish All sends one call per item; here one call does all. An asset still
  // being processed is refused (409, decision 087).
  const published = ids.length ? await setPublished(db, ids, publish, admin.id) : null
  if (published?.ok && publish) await sendPrepareDownloads(services.jobs, published.ids)
  const states = await processingStates(db, jobs, storedIds)
  const items = batch.map((item): UploadItem => {
    if (item.id === null || item.status === 'error') return item
    const state = states.get(item.id)
    if (state === undefined)
      return { ...item, status: 'error', isPublished: false, error: 'This asset has been deleted since.' }
    const processing = { state: state.state, error: state.error, step: state.step, retryable: state.retryable }
    const previewUrl = state.thumbnail ?? item.previewUrl
    // Publishing clears a schedule (decision 89).
    if (state.isPublished)
      return { ...item, status: 'published', isPublished: true, processing, previewUrl, publishAt: null }
    const draft = item.status === 'draft' || (!publish && ids.includes(item.id))
    // 'Save all as Draft' unpublishes, which withdraws a schedule too.
    const publishAt = !publish && ids.includes(item.id) ? null : item.publishAt
    return { ...item, status: draft ? 'draft' : 'completed', isPublished: false, processing, previewUrl, publishAt }
  })
  const refusal = published && !published.ok ? { error: published.error, status: 409 } : itemRefusal
  if (refusal) return data<ActionReply>({ intent: 'upload', items, error: refusal.error }, { status: refusal.status })
  return { intent: 'upload', items, ...(deleted ? { notice: deleted.notice } : {}) } satisfies ActionReply
}

export default function UploadPage({ actionData }: Route.ComponentProps) {
  const results = actionData?.intent === 'upload' ? actionData : null
  const error = actionData?.intent === 'error' ? actionData.error : results && 'error' in results ? results.error : null
  const notice = results?.notice ?? null
  return (
    <Container size="lg" py="xl">
      <AdminHeader
        title="Upload Assets"
        lead="Images and audio become draft assets at once; the server then makes their previews, and they can be published when ready. Add a CSV to give them titles, tags and categories."
        actions={
          <Button component={Link} to="/admin/assets" variant="light">
            Manage Assets
          </Button>
        }
      />
      {error ? (
        <Alert color="red" role="alert" mb="lg">
          {error}
        </Alert>
      ) : null}
      {notice ? (
        <Alert color="green" role="status" mb="lg">
          {notice}
        </Alert>
      ) : null}
      {results ? <UploadResults items={results.items} /> : <AssetUploader />}
    </Container>
  )
}

export const meta: Route.MetaFunction = (args) => withSharing(args, pageMeta(args))
