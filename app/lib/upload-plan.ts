import type { AssetType } from './constants'
import { normaliseTags } from './tags'
import { plural } from '~/lib/plural'

// The upload rules, shared by the enhanced upload page (in the browser)
// and the plain form's action (on the server): which files become assets, which WebP is
// whose thumbnail, and what title, tags and category each asset gets from the CSV.

/** One row of the CSV metadata file: filename, title, keywords, category, releases. */
export interface CsvMetadataRow {
  filename: string
  title: string
  keywords: string
  category: string
  releases: string
  /** The optional `asset_type` column (audio files are audio whatever it says). */
  assetType?: AssetType
}

export const CSV_COLUMNS = ['filename', 'title', 'keywords', 'category', 'releases'] as const

/** 'robot.final.png' → 'robot.final'; a path in front is dropped. */
export function fileBaseName(name: string): string {
  const file = name.split(/[\\/]/).pop() ?? name
  const dot = file.lastIndexOf('.')
  return dot > 0 ? file.slice(0, dot) : file
}

export function isWebpFile(file: { name: string; type?: string }): boolean {
  return file.type === 'image/webp' || /\.webp$/i.test(file.name)
}

/**
 * A file whose name or declared type says audio: it has audio's size limit, and it must
 * decode as audio (the bytes decide what it is in the end).
 */
export function claimsAudio(file: { name: string; type?: string }): boolean {
  return /\.(wav|wave|mp3|ogg|oga|opus|flac)$/i.test(file.name) || (file.type ?? '').toLowerCase().startsWith('audio/')
}

export function isPngFile(file: { name: string; type?: string }): boolean {
  return file.type === 'image/png' || /\.png$/i.test(file.name)
}

export interface PlannedUpload<F> {
  file: F
  name: string
  /** The WebP of the same base name, stored as this asset's thumbnail. */
  thumbnail: F | null
  title: string
  tags: string[]
  category: string
  /** From the CSV's asset_type column, when it has one. */
  assetType?: AssetType
  metadata: CsvMetadataRow | null
}

export interface SkippedFile<F> {
  file: F
  name: string
  reason: string
}

/** The CSV row for a file: by file name (any case), or by base name when the row has no extension. */
export function findMetadata(rows: CsvMetadataRow[], fileName: string): CsvMetadataRow | null {
  const name = fileName.toLowerCase()
  const base = fileBaseName(fileName).toLowerCase()
  return (
    rows.find((row) => row.filename.toLowerCase() === name) ??
    rows.find((row) => !row.filename.includes('.') && row.filename.toLowerCase() === base) ??
    null
  )
}

/**
 * Plans an upload: WebP files are not assets but the thumbnail of the PNG with the same base
 * name; every other file becomes an asset with the title, tags (keywords split on commas) and
 * category of its CSV row, the title defaulting to the file name without its extension.
 */
export function planUpload<F extends { name: string; type?: string }>(
  files: F[],
  rows: CsvMetadataRow[] = [],
): { uploads: PlannedUpload<F>[]; skipped: SkippedFile<F>[] } {
  const webps = files.filter(isWebpFile)
  const assets = files.filter((f) => !isWebpFile(f))
  const pngByBase = new Map<string, F>()
  for (const file of assets) {
    const base = fileBaseName(file.name).toLowerCase()
    if (isPngFile(file) && !pngByBase.has(base)) pngByBase.set(base, file)
  }
  const thumbnails = new Map<F, F>()
  const skipped: SkippedFile<F>[] = []
  for (const webp of webps) {
    const base = fileBaseName(webp.name)
    const png = pngByBase.get(base.toLowerCase())
    if (!png) {
      skipped.push({
        file: webp,
        name: webp.name,
        reason: `Not uploaded: a WebP file is the thumbnail of the PNG with the same name, and there is no ${base}.png in this upload.`,
      })
    } else if (thumbnails.has(png)) {
      skipped.push({ file: webp, name: webp.name, reason: `Not uploaded: ${png.name} already has a thumbnail.` })
    } else {
      thumbnails.set(png, webp)
    }
  }
  const uploads = assets.map((file) => {
    const metadata = findMetadata(rows, file.name)
    return {
      file,
      name: file.name,
      thumbnail: thumbnails.get(file) ?? null,
      title: metadata?.title.trim() || fileBaseName(file.name),
      tags: normaliseTags(metadata?.keywords ?? ''),
      category: metadata?.category.trim() ?? '',
      assetType: metadata?.assetType,
      metadata,
    }
  })
  return { uploads, skipped }
}

/** One line of the upload list. */
export interface UploadItem {
  /** The asset's id once stored. */
  id: number | null
  name: string
  status: 'uploading' | 'completed' | 'published' | 'draft' | 'error'
  detectedTitle: string
  detectedTags: string[]
  /** The file's size in bytes, as chosen. */
  bytes: number
  metadata: { category: string; releases: string; thumbnail: string | null } | null
  previewUrl: string | null
  isPublished: boolean
  error: string | null
  /** A stored file's processing (decision 087): null before it is stored. */
  processing: UploadProcessing | null
  /** When it goes live, if scheduled as it was uploaded (decision 89, ISO). */
  publishAt?: string | null
}

/** An upload's processing: the job makes its previews; only 'ready' can be published. */
export type ProcessingState = 'processing' | 'ready' | 'failed'

export interface UploadProcessing {
  state: ProcessingState
  error: string | null
  step?: string | null
  /** Retry can mend it: false once it failed because of the file itself. */
  retryable: boolean
}

/** The job's steps as the admin reads them. */
const STEP_TEXT: Record<string, string> = {
  queued: 'waiting for its turn',
  decode: 'decoding the audio',
  preview: 'encoding the listening preview',
  waveform: 'drawing the waveform',
  derivatives: 'making the previews',
  palette: 'reading the colours',
  saving: 'saving',
}

/** 'Processing… (making the previews)', 'Ready' or 'Failed: <reason>'. */
export function processingLabel(processing: { state: ProcessingState; error: string | null; step?: string | null }) {
  if (processing.state === 'ready') return 'Ready'
  if (processing.state === 'failed') return `Failed: ${processing.error ?? 'processing stopped.'}`
  const step = processing.step ? STEP_TEXT[processing.step] : null
  const retrying = processing.error ? `trying again after: ${processing.error}` : null
  const detail = [step, retrying].filter(Boolean).join('; ')
  return detail ? `Processing… (${detail})` : 'Processing…'
}

type Publishable = {
  status: string
  isPublished: boolean
  id: number | null
  processing?: { state: ProcessingState } | null
}

/** Processed: the asset may be published (the server checks again). */
export function isProcessed(item: Publishable): boolean {
  return (item.processing?.state ?? 'ready') === 'ready'
}

/**
 * The items 'Publish All' takes: uploaded, processed and not yet published;
 * a draft keeps its own Publish button. The one rule for the page, the results form and the
 * server.
 */
export function publishAllSelection<T extends Publishable>(items: T[]): (T & { id: number })[] {
  return items.filter(
    (item): item is T & { id: number } =>
      item.status === 'completed' && !item.isPublished && item.id !== null && isProcessed(item),
  )
}

/** Uploaded: stored as an asset (an upload refused outright has no id). */
function isStored<T extends Publishable>(item: T): item is T & { id: number } {
  return item.id !== null && item.status !== 'error'
}

/**
 * The items 'Save all as Draft' takes: uploaded and not failed (a failed upload is a draft
 * already; it can be retried or deleted). The one rule for the page, the results form and the
 * server.
 */
export function draftAllSelection<T extends Publishable>(items: T[]): (T & { id: number })[] {
  return items.filter(isStored).filter((item) => !processingFailed(item))
}

/** An upload whose processing failed: its page offers Delete (and Retry where it can help). */
export function processingFailed(item: Publishable): boolean {
  return isStored(item) && item.processing?.state === 'failed'
}

export function readyToPublish(items: Publishable[]): number {
  return publishAllSelection(items).length
}

/** '{n} files • {m} ready to publish', the upload list's count. */
export function uploadCountLine(items: Publishable[]): string {
  return `${plural(items.length, 'file')} • ${readyToPublish(items)} ready to publish`
}
