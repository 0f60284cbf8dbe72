import { useFetcher } from 'react-router'
import { useProcessingPoll } from '~/components/admin/UploadList/use-processing-poll'
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core'
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react'
import { UploadList, type UploadListItem } from '~/components/admin/UploadList/UploadList'
import {
  AUDIO_UPLOAD_LIMIT_BYTES,
  imageTypeFrom,
  UPLOAD_LIMIT_BYTES,
  type AssetType,
  type ImageAssetType,
} from '~/lib/constants'
import { oversizeMessage, sizeLimitText } from '~/lib/upload-limits'
import {
  claimsAudio,
  draftAllSelection,
  isProcessed,
  planUpload,
  processingFailed,
  publishAllSelection,
  uploadCountLine,
  type CsvMetadataRow,
  type UploadProcessing,
} from '~/lib/upload-plan'
import { useHydrated } from '~/lib/use-hydrated'
import { zonedTimeToDate } from '~/lib/schedule'
import { ScheduleField } from '~/components/admin/ScheduleField/ScheduleField'
import { FileField, fileChooserClass } from '~/components/admin/FileField/FileField'
import classes from './AssetUploader.module.css'

const UPLOAD_FAILED = 'Upload failed'

interface ClientItem extends UploadListItem {
  file: File | null
  thumbnail: File | null
  category: string
  /** From the CSV's asset_type column; else the form's choice for images. */
  assetType?: AssetType
}

interface CsvReply {
  intent: 'parse-csv'
  rows?: CsvMetadataRow[]
  fileName?: string
  error?: string
}

interface UploadedAsset {
  publish_at?: string | null
  id: number
  title: string
  tags: string[]
  thumbnail: string
  image: string
  processing: UploadProcessing
}

type SendResult = { ok: true; asset: UploadedAsset } | { ok: false; error: string }

/** One file to POST /api/admin/assets, with real progress from XMLHttpRequest's upload events. */
function sendFile(item: ClientItem, onProgress: (share: number) => void): Promise<SendResult> {
  return new Promise((resolve) => {
    const body = new FormData()
    body.append('title', item.detectedTitle)
    body.append('description', '')
    body.append('tags', JSON.stringify(item.detectedTags))
    body.append('category', item.category)
    if (item.assetType) body.append('asset_type', item.assetType)
    if (item.file) body.append('file', item.file, item.name)
    if (item.thumbnail) body.append('thumbnail', item.thumbnail, item.thumbnail.name)
    if (item.publishAt) body.append('publish_at', item.publishAt)
    const xhr = new XMLHttpRequest()
    xhr.open('POST', '/api/admin/assets')
    xhr.responseType = 'json'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      const reply = xhr.response as (UploadedAsset & { error?: string }) | null
      if (xhr.status === 201 && reply) resolve({ ok: true, asset: reply })
      else resolve({ ok: false, error: reply?.error || UPLOAD_FAILED })
    }
    xhr.onerror = () => resolve({ ok: false, error: UPLOAD_FAILED })
    xhr.onabort = () => resolve({ ok: false, error: UPLOAD_FAILED })
    xhr.send(body)
  })
}

/** Publish (true) or save as draft (false); a failure is logged to the console and answers false. */
async function setPublishedRemote(id: number, isActive: boolean): Promise<boolean> {
  try {
    const response = await fetch(`/api/admin/assets/${id}/publish`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ is_active: isActive }),
    })
    if (!response.ok) console.error(`Could not ${isActive ? 'publish' : 'save as draft'} asset ${id}:`, response.status)
    return response.ok
  } catch (error) {
    console.error(`Could not ${isActive ? 'publish' : 'save as draft'} asset ${id}:`, error)
    return false
  }
}

let nextKey = 0

/**
 * The form's 'Publish at' as an instant (ISO), read in the zone beside it; an unreadable value
 * is sent as it is, for the server to refuse with its message.
 */
function pickedSchedule(form: HTMLFormElement | null): string | null {
  if (!form) return null
  const fields = new FormData(form)
  const local = String(fields.get('publishAt') ?? '').trim()
  if (!local) return null
  return zonedTimeToDate(local, String(fields.get('timeZone') ?? '') || 'UTC')?.toISOString() ?? local
}

function toItems(files: File[], rows: CsvMetadataRow[], imageType: ImageAssetType): ClientItem[] {
  const { uploads, skipped } = planUpload(files, rows)
  const planned = new Map<File, ClientItem>()
  for (const plan of uploads) {
    const audio = claimsAudio(plan.file)
    const tooLarge = oversizeMessage(plan.file.size, audio, plan.name)
    planned.set(plan.file, {
      key: `u${nextKey++}`,
      id: null,
      name: plan.name,
      // The server refuses these too; checking here saves sending 10MB for nothing.
      status: tooLarge ? 'error' : 'queued',
      error: tooLarge,
      detectedTitle: plan.title,
      detectedTags: plan.tags,
      bytes: plan.file.size,
      metadata: {
        category: plan.category,
        releases: plan.metadata?.releases ?? '',
        thumbnail: plan.thumbnail?.name ?? null,
      },
      previewUrl: null,
      // A sound has no picture of its own: its waveform comes once it is processed.
      localUrl: audio ? null : URL.createObjectURL(plan.file),
      isPublished: false,
      processing: null,
      progress: 0,
      file: plan.file,
      thumbnail: plan.thumbnail,
      category: plan.category,
      assetType: plan.assetType ?? (audio ? 'audio' : imageType),
    })
  }
  for (const skip of skipped) {
    planned.set(skip.file, {
      key: `u${nextKey++}`,
      id: null,
      name: skip.name,
      status: 'error',
      error: skip.reason,
      detectedTitle: '',
      detectedTags: [],
      bytes: skip.file.size,
      metadata: null,
      previewUrl: null,
      isPublished: false,
      processing: null,
      file: null,
      thumbnail: null,
      category: '',
    })
  }
  return files.flatMap((file) => planned.get(file) ?? [])
}

/**
 * The upload form. Without JavaScript it is one multipart form (CSV and images) answered by a
 * results page. With JavaScript each image is sent on its own as soon as it is chosen or
 * dropped, with its progress, and can be previewed and published from the list.
 */
export function AssetUploader() {
  const hydrated = useHydrated()
  const csvFetcher = useFetcher<CsvReply>()
  const [items, setItems] = useState<ClientItem[]>([])
  const [imageType, setImageType] = useState<ImageAssetType>('3d')
  const [waiting, setWaiting] = useState<File[][]>([])
  const [dragging, setDragging] = useState(false)
  const [previewKey, setPreviewKey] = useState<string | null>(null)
  const [bulkBusy, setBulkBusy] = useState(false)
  const itemsRef = useRef(items)
  const formRef = useRef<HTMLFormElement>(null)
  itemsRef.current = items

  const csvReading = csvFetcher.state !== 'idle'
  const csvRows = csvFetcher.data?.rows
  const csvError = csvFetcher.data?.error

  const update = useCallback((key: string, change: Partial<ClientItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)))
  }, [])

  // Files chosen while the CSV is being read wait for it, so they get its titles and tags.
  useEffect(() => {
    if (csvReading || waiting.length === 0) return
    const batches = waiting
    setWaiting([])
    // The schedule, like the type, is the form's when the files are chosen.
    const publishAt = pickedSchedule(formRef.current)
    setItems((current) => [
      ...current,
      ...batches.flatMap((files) => toItems(files, csvRows ?? [], imageType).map((item) => ({ ...item, publishAt }))),
    ])
  }, [csvReading, waiting, csvRows, imageType])

  // One upload at a time: the server makes the derivatives of each image on arrival.
  const active = items.some((item) => item.status === 'uploading')
  useEffect(() => {
    if (active) return
    const next = items.find((item) => item.status === 'queued')
    if (!next) return
    update(next.key, { status: 'uploading', progress: 0 })
    void sendFile(next, (share) => update(next.key, { progress: share })).then((result) => {
      if (result.ok) {
        update(next.key, {
          status: 'completed',
          id: result.asset.id,
          previewUrl: result.asset.thumbnail || null,
          // The server makes the previews now; publishing waits for them (decision 087).
          processing: result.asset.processing,
          publishAt: result.asset.publish_at ?? null,
          progress: 1,
          file: null,
          thumbnail: null,
        })
      } else {
        // A file the server could not read as an image shows no picture either.
        if (next.localUrl) URL.revokeObjectURL(next.localUrl)
        update(next.key, { status: 'error', error: result.error, file: null, thumbnail: null, localUrl: null })
      }
    })
  }, [items, active, update])

  // Each stored file's processing, asked every 2 s until it is ready or failed.
  useProcessingPoll(
    items.flatMap((item) => (item.id !== null && item.processing?.state === 'processing' ? [item.id] : [])),
    (states) =>
      setItems((current) =>
        current.map((item) => {
          const heard = item.id !== null ? states[item.id] : undefined
          if (!heard || item.processing?.state !== 'processing') return item
          return {
            ...item,
            processing: { state: heard.state, error: heard.error, step: heard.step, retryable: heard.retryable },
            previewUrl: heard.thumbnail ?? item.previewUrl,
          }
        }),
      ),
  )

  // Object URLs hold the files in memory until revoked.
  useEffect(
    () => () => {
      for (const item of itemsRef.current) if (item.localUrl) URL.revokeObjectURL(item.localUrl)
    },
    [],
  )

  const addFiles = (list: FileList | null) => {
    const files = list ? Array.from(list) : []
    if (files.length) setWaiting((current) => [...current, files])
  }
  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles(event.currentTarget.files)
    // Lets the same file be chosen again after an error.
    event.currentTarget.value = ''
  }
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault()
    setDragging(false)
    addFiles(event.dataTransfer.files)
  }
  const onCsv = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0]
    if (!file) return
    const body = new FormData()
    body.append('intent', 'parse-csv')
    body.append('csv', file, file.name)
    void csvFetcher.submit(body, { method: 'post', action: '/admin/upload', encType: 'multipart/form-data' })
  }

  const publish = async (item: ClientItem, isActive: boolean) => {
    if (item.id === null) return
    update(item.key, { status: item.status })
    if (await setPublishedRemote(item.id, isActive)) {
      // Publishing or unpublishing takes a schedule away (decision 89).
      update(
        item.key,
        isActive
          ? { status: 'published', isPublished: true, publishAt: null }
          : { status: 'draft', isPublished: false, publishAt: null },
      )
    }
  }
  const publishAll = async () => {
    setBulkBusy(true)
    // Publish All: every completed, unpublished item, one call at a time.
    for (const item of publishAllSelection(itemsRef.current)) await publish(item, true)
    setBulkBusy(false)
  }
  const saveAllAsDraft = async () => {
    setBulkBusy(true)
    for (const item of draftAllSelection(itemsRef.current)) await publish(item, false)
    setBulkBusy(false)
  }

  const draftable = draftAllSelection(items)
  // A failed upload deleted from the list: it leaves it, and this says so.
  const [deletedNotice, setDeletedNotice] = useState<string | null>(null)
  const remove = (key: string, notice: string) => {
    setItems((current) => current.filter((item) => item.key !== key))
    setDeletedNotice(notice)
  }
  const processing = items.filter((item) => item.processing?.state === 'processing').length
  const ready = publishAllSelection(items)
  const previewItem = items.find((item) => item.key === previewKey) ?? null

  return (
    <Stack gap="lg">
      <form
        ref={formRef}
        method="post"
        action="/admin/upload"
        encType="multipart/form-data"
        onSubmit={hydrated ? (event) => event.preventDefault() : undefined}
      >
        <input type="hidden" name="intent" value="upload" />
        <Stack gap="lg">
          <div className={classes.csv}>
            <FileField
              id="upload-csv"
              name="csv"
              label="CSV metadata (optional)"
              accept=".csv,text/csv"
              onChange={hydrated ? onCsv : undefined}
              description={
                <>
                  Columns: filename, title, keywords, category, releases. The first row is a header and is skipped;
                  keywords are separated by commas and become tags. Without a row, the title is the file name.{' '}
                  {hydrated ? 'Choose it before the images.' : null}
                </>
              }
            />
            {csvReading ? (
              <Text size="sm">Reading the CSV…</Text>
            ) : csvError ? (
              <Text size="sm" c="red" role="alert">
                {csvError}
              </Text>
            ) : csvRows ? (
              <Text size="sm" c="green" role="status">
                {`${csvRows.length} ${csvRows.length === 1 ? 'row' : 'rows'} read from ${csvFetcher.data?.fileName ?? 'the CSV'}.`}
              </Text>
            ) : null}
          </div>

          <NativeSelect
            id="upload-image-type"
            name="image_type"
            label="The images are"
            description="Audio files are always audio. A CSV column asset_type (3d, image or audio) sets the type per file."
            value={imageType}
            onChange={(event) => setImageType(imageTypeFrom(event.currentTarget.value))}
            data={[
              { value: '3d', label: '3D renders (transparent background)' },
              { value: 'image', label: 'Images (full-bleed pictures)' },
            ]}
            maw={480}
          />

          <div style={{ maxWidth: 480 }}>
            <ScheduleField
              value={null}
              label="Publish at"
              description="Optional, chosen before the files: each goes live then, or once processed if later. Empty: drafts."
            />
          </div>

          <label
            htmlFor="upload-files"
            className={classes.dropzone}
            data-dragging={dragging || undefined}
            onDragEnter={hydrated ? () => setDragging(true) : undefined}
            onDragOver={hydrated ? (event) => event.preventDefault() : undefined}
            onDragLeave={hydrated ? () => setDragging(false) : undefined}
            onDrop={hydrated ? onDrop : undefined}
          >
            {/* The input covers the area: even without JavaScript, files dropped on it are taken. */}
            <input
              id="upload-files"
              type="file"
              name="files"
              multiple
              accept="image/*,audio/*"
              className={`${classes.fileInput} ${fileChooserClass}`}
              onChange={hydrated ? onFiles : undefined}
              aria-describedby="upload-files-help"
            />
            {/* Spans (shown as blocks): a label may hold phrasing content only, not paragraphs. */}
            <Text component="span" display="block" fw={600} size="lg">
              Drag and drop images or audio here, or click to browse
            </Text>
            <Text component="span" display="block" id="upload-files-help" size="sm" c="dimmed">
              PNG, JPG, WebP or AVIF up to {sizeLimitText(UPLOAD_LIMIT_BYTES)} each; WAV, MP3, OGG/Opus or FLAC up to{' '}
              {sizeLimitText(AUDIO_UPLOAD_LIMIT_BYTES)}. A WebP file becomes the thumbnail of the PNG with the same
              name.
            </Text>
          </label>

          {hydrated ? null : (
            <Group>
              <Button type="submit">Upload</Button>
              <Text size="sm" c="dimmed">
                New assets are saved as drafts: publish them on the next page.
              </Text>
            </Group>
          )}
        </Stack>
      </form>

      {deletedNotice ? (
        <Alert color="green" role="status">
          {deletedNotice}
        </Alert>
      ) : null}
      {items.length > 0 || waiting.length > 0 ? (
        <section aria-label="Upload progress">
          <Group justify="space-between" mb="sm" wrap="wrap">
            <Text fw={500} data-testid="upload-count" aria-live="polite">
              {uploadCountLine(items)}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                onClick={() => void saveAllAsDraft()}
                disabled={draftable.length === 0 || bulkBusy}
              >
                Save all as Draft
              </Button>
              <Button onClick={() => void publishAll()} disabled={ready.length === 0 || bulkBusy} loading={bulkBusy}>
                Publish All
              </Button>
            </Group>
          </Group>
          {waiting.length > 0 ? (
            <Alert color="blue" mb="sm">
              Waiting for the CSV before uploading…
            </Alert>
          ) : null}
          {processing > 0 ? (
            <Alert color="blue" mb="sm" role="status" data-testid="processing-notice">
              {`${processing === 1 ? 'One upload is' : `${processing} uploads are`} being processed: publish ${
                processing === 1 ? 'it' : 'them'
              } when ready. Their state updates by itself.`}
            </Alert>
          ) : null}
          <UploadList
            items={items}
            retry={(item) => (
              <RetryButton
                id={item.id}
                name={item.name}
                onRetry={() =>
                  update(item.key, {
                    processing: { state: 'processing', error: null, step: 'queued', retryable: true },
                  })
                }
              />
            )}
            actions={(item) => {
              const client = item as ClientItem
              return (
                <>
                  {item.status === 'error' ? null : (
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => setPreviewKey(item.key)}
                      aria-label={`Preview ${item.name}`}
                    >
                      Preview
                    </Button>
                  )}
                  {processingFailed(item) ? (
                    <DeleteButton
                      id={item.id as number}
                      name={item.name}
                      onDeleted={(notice) => remove(item.key, notice)}
                    />
                  ) : null}
                  {item.id !== null && !item.isPublished && item.status !== 'error' ? (
                    <Button
                      size="compact-sm"
                      onClick={() => void publish(client, true)}
                      // Publishing waits for the processing (the server refuses it too).
                      disabled={bulkBusy || !isProcessed(item)}
                      aria-label={`Publish ${item.name}`}
                    >
                      Publish
                    </Button>
                  ) : null}
                </>
              )
            }}
          />
        </section>
      ) : null}

      <Modal
        opened={previewItem !== null}
        onClose={() => setPreviewKey(null)}
        title={previewItem?.detectedTitle || previewItem?.name}
        size="lg"
        centered
      >
        {previewItem ? (
          <div className={classes.preview}>
            <img
              src={previewItem.localUrl ?? previewItem.previewUrl ?? ''}
              alt={previewItem.detectedTitle || previewItem.name}
            />
          </div>
        ) : null}
      </Modal>
    </Stack>
  )
}

/** A failed upload's Retry: the same form post as without JavaScript, sent by a fetcher. */
function RetryButton({ id, name, onRetry }: { id: number; name: string; onRetry: () => void }) {
  const fetcher = useFetcher()
  return (
    <fetcher.Form method="post" action="/admin/upload" onSubmit={onRetry}>
      <input type="hidden" name="retry" value={id} />
      <Button type="submit" size="compact-xs" variant="light" color="red" aria-label={`Retry processing ${name}`}>
        Retry
      </Button>
    </fetcher.Form>
  )
}

/**
 * A failed upload's Delete: the same form post as without JavaScript, sent by a fetcher; the
 * item leaves the list once the server has deleted it, and a refusal is said beside the button.
 */
function DeleteButton({ id, name, onDeleted }: { id: number; name: string; onDeleted: (notice: string) => void }) {
  const fetcher = useFetcher<{ intent: string; notice?: string; error?: string }>()
  const answer = fetcher.data
  useEffect(() => {
    if (answer?.intent === 'deleted') onDeleted(answer.notice ?? `Deleted ${name}.`)
  }, [answer, onDeleted, name])
  return (
    <fetcher.Form method="post" action="/admin/upload">
      <input type="hidden" name="delete" value={id} />
      <Button
        type="submit"
        size="compact-sm"
        variant="light"
        color="red"
        loading={fetcher.state !== 'idle'}
        aria-label={`Delete ${name}`}
      >
        Delete
      </Button>
      {answer?.intent === 'error' ? (
        <Text size="xs" c="red" role="alert">
          {answer.error}
        </Text>
      ) : null}
    </fetcher.Form>
  )
}
