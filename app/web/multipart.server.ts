import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
  type FileUpload,
} from '@remix-run/form-data-parser'
import { UPLOAD_LIMIT_BYTES, UPLOAD_LIMIT_TEXT } from '~/lib/constants'

// The web door's reading of multipart uploads (the upload page's plain form and
// POST /api/admin/assets): limits enforced while the body streams in, clear 400/413
// messages instead of parser exceptions, files handed to the domain as plain buffers.

export interface ReceivedFile {
  fieldName: string
  name: string
  type: string
  size: number
  read(): Promise<Buffer>
}

export type MultipartUpload =
  | { ok: true; fields: Map<string, string>; files: ReceivedFile[]; dispose(): Promise<void> }
  | { ok: false; status: 400 | 413; error: string }

export interface MultipartOptions {
  maxFiles: number
  maxTotalBytes: number
  /** 'disk' keeps memory flat for many files: each file waits in a temporary folder. */
  staging: 'memory' | 'disk'
  tooManyFilesMessage?: string
  /** The largest single file the parser lets through (default: the image limit). */
  maxFileBytes?: number
}

export function fileTooLargeMessage(name?: string | null, limitText: string = UPLOAD_LIMIT_TEXT): string {
  return name
    ? `${name} is larger than ${limitText}: each file can be up to ${limitText}.`
    : `The file is larger than ${limitText}: each file can be up to ${limitText}.`
}

function limitText(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)}MB`
}

const FILENAME_MARK = Buffer.from('filename="')

/**
 * Passes the body through unchanged while noting the file name of the part being read, so
 * that when the parser stops at a file over the limit the message can name that file.
 */
function noteFileNames(request: Request): { request: Request; current: () => string | null } {
  let last: string | null = null
  let tail = Buffer.alloc(0)
  const tap = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      // The end of the previous chunk goes in front, so a header split across chunks is found.
      const window = tail.length ? Buffer.concat([tail, bytes]) : bytes
      let at = window.indexOf(FILENAME_MARK)
      while (at !== -1) {
        const end = window.indexOf(0x22, at + FILENAME_MARK.length)
        if (end === -1 || end - at > 1024) break
        last = window.subarray(at + FILENAME_MARK.length, end).toString('utf8')
        at = window.indexOf(FILENAME_MARK, end)
      }
      tail = Buffer.from(window.subarray(Math.max(0, window.length - 1100)))
      controller.enqueue(chunk)
    },
  })
  if (!request.body) return { request, current: () => null }
  const init: RequestInit & { duplex: 'half' } = { method: request.method, headers: request.headers, body: request.body.pipeThrough(tap), duplex: 'half', signal: request.signal }
  return { request: new Request(request.url, init), current: () => last }
}

export async function readMultipartUpload(request: Request, options: MultipartOptions): Promise<MultipartUpload> {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    return { ok: false, status: 400, error: 'Send the upload as multipart/form-data.' }
  }
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > options.maxTotalBytes) {
    return options.maxFiles <= 2
      ? { ok: false, status: 413, error: fileTooLargeMessage(null, limitText(options.maxFileBytes ?? UPLOAD_LIMIT_BYTES)) }
      : { ok: false, status: 413, error: `The upload is larger than ${Math.round(options.maxTotalBytes / 1024 / 1024)}MB in all: send fewer files at a time.` }
  }

  const files: ReceivedFile[] = []
  let stageDir: string | null = null
  const dispose = async () => {
    if (stageDir) await rm(stageDir, { recursive: true, force: true })
  }
  const noted = noteFileNames(request)
  const fields = new Map<string, string>()
  try {
    const form = await parseFormData(
      noted.request,
      { maxFiles: options.maxFiles, maxFileSize: options.maxFileBytes ?? UPLOAD_LIMIT_BYTES, maxTotalSize: options.maxTotalBytes },
      async (file: FileUpload) => {
        // An empty file input still sends a part: no bytes and no file name (the parser
        // names such a part 'file-upload').
        if (file.size === 0 && (!file.name || file.name === 'file-upload')) return null
        const bytes = Buffer.from(await file.arrayBuffer())
        const base = { fieldName: file.fieldName, name: file.name, type: file.type, size: bytes.byteLength }
        if (options.staging === 'memory') {
          files.push({ ...base, read: async () => bytes })
        } else {
          stageDir ??= await mkdtemp(path.join(tmpdir(), 'stock-upload-'))
          const staged = path.join(stageDir, String(files.length))
          await writeFile(staged, bytes)
          files.push({ ...base, read: () => readFile(staged) })
        }
        return null
      },
    )
    for (const [name, value] of form) if (typeof value === 'string' && !fields.has(name)) fields.set(name, value)
  } catch (error) {
    await dispose()
    const failure = describeParseError(error, noted.current(), options)
    if (failure) return failure
    throw error
  }
  return { ok: true, fields, files, dispose }
}

function describeParseError(error: unknown, fileName: string | null, options: MultipartOptions): { ok: false; status: 400 | 413; error: string } | null {
  // Limit errors arrive as they are or wrapped in a FormDataParseError: look at both.
  const causes = [error, (error as { cause?: unknown } | null)?.cause]
  if (causes.some((e) => e instanceof MaxFileSizeExceededError)) {
    return { ok: false, status: 413, error: fileTooLargeMessage(fileName, limitText(options.maxFileBytes ?? UPLOAD_LIMIT_BYTES)) }
  }
  if (causes.some((e) => e instanceof MaxTotalSizeExceededError)) {
    return { ok: false, status: 413, error: `The upload is larger than ${Math.round(options.maxTotalBytes / 1024 / 1024)}MB in all: send fewer files at a time.` }
  }
  if (causes.some((e) => e instanceof MaxFilesExceededError)) {
    return { ok: false, status: 413, error: options.tooManyFilesMessage ?? `Send at most ${options.maxFiles} files at a time.` }
  }
  if (causes.some((e) => e instanceof MaxPartsExceededError || e instanceof MaxHeaderSizeExceededError)) {
    return { ok: false, status: 400, error: 'The upload has too many fields or overlong headers.' }
  }
  if (causes.some((e) => e instanceof FormDataParseError || e instanceof MultipartParseError)) {
    return { ok: false, status: 400, error: 'The upload could not be read: send the files as multipart/form-data.' }
  }
  return null
}
