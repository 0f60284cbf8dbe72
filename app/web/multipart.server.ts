import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
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
import { UPLOAD_LIMIT_BYTES } from '~/lib/constants'
import { fileTooLargeMessage } from '~/lib/upload-limits'
import { BAD_TEXT, cleanFileName, isCleanString } from './text.server'

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
  /** Each file's limit; UPLOAD_LIMIT_BYTES unless the door says otherwise. */
  maxFileBytes?: number
  /** 'disk' keeps memory flat for many files: each file waits in a temporary folder. */
  staging: 'memory' | 'disk'
  tooManyFilesMessage?: string
}

const FILENAME_MARK = Buffer.from('filename="')

// Staging folders are named after the process that made them: `stock-upload-<pid>-XXXXXX`.
const STAGING_PREFIX = 'stock-upload-'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Removes the staging folders a crashed process left behind (its pid is gone), at start-up;
 * the folders of a process still running (another instance, a test) are left alone. Each
 * request removes its own folder when it ends, fails or is cut off.
 */
export async function removeStaleStaging(dir = tmpdir()): Promise<string[]> {
  const removed: string[] = []
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(STAGING_PREFIX)) continue
    const pid = Number(/^stock-upload-(\d+)-/.exec(name)?.[1])
    if (pid && (pid === process.pid || alive(pid))) continue
    await rm(path.join(dir, name), { recursive: true, force: true })
    removed.push(name)
  }
  return removed
}

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
  const init: RequestInit & { duplex: 'half' } = {
    method: request.method,
    headers: request.headers,
    body: request.body.pipeThrough(tap),
    duplex: 'half',
    signal: request.signal,
  }
  return { request: new Request(request.url, init), current: () => last }
}

export async function readMultipartUpload(request: Request, options: MultipartOptions): Promise<MultipartUpload> {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    return { ok: false, status: 400, error: 'Send the upload as multipart/form-data.' }
  }
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > options.maxTotalBytes) {
    return options.maxFiles <= 2
      ? { ok: false, status: 413, error: fileTooLargeMessage(options.maxFileBytes ?? UPLOAD_LIMIT_BYTES) }
      : {
          ok: false,
          status: 413,
          error: `The upload is larger than ${Math.round(options.maxTotalBytes / 1024 / 1024)}MB in all: send fewer files at a time.`,
        }
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
      {
        maxFiles: options.maxFiles,
        maxFileSize: options.maxFileBytes ?? UPLOAD_LIMIT_BYTES,
        maxTotalSize: options.maxTotalBytes,
      },
      async (file: FileUpload) => {
        // An empty file input still sends a part: no bytes and no file name (the parser
        // names such a part 'file-upload').
        if (file.size === 0 && (!file.name || file.name === 'file-upload')) return null
        const bytes = Buffer.from(await file.arrayBuffer())
        const base = {
          fieldName: file.fieldName,
          name: cleanFileName(file.name),
          type: file.type,
          size: bytes.byteLength,
        }
        if (options.staging === 'memory') {
          files.push({ ...base, read: async () => bytes })
        } else {
          stageDir ??= await mkdtemp(path.join(tmpdir(), `${STAGING_PREFIX}${process.pid}-`))
          const staged = path.join(stageDir, String(files.length))
          await writeFile(staged, bytes)
          files.push({ ...base, read: () => readFile(staged) })
        }
        return null
      },
    )
    for (const [name, value] of form) {
      if (typeof value !== 'string') continue
      if (!isCleanString(name) || !isCleanString(value)) {
        await dispose()
        return { ok: false, status: 400, error: BAD_TEXT }
      }
      if (!fields.has(name)) fields.set(name, value)
    }
  } catch (error) {
    await dispose()
    const failure = describeParseError(error, noted.current(), options)
    if (failure) return failure
    throw error
  }
  return { ok: true, fields, files, dispose }
}

function describeParseError(
  error: unknown,
  fileName: string | null,
  options: MultipartOptions,
): { ok: false; status: 400 | 413; error: string } | null {
  // Limit errors arrive as they are or wrapped in a FormDataParseError: look at both.
  const causes = [error, (error as { cause?: unknown } | null)?.cause]
  if (causes.some((e) => e instanceof MaxFileSizeExceededError))
    return { ok: false, status: 413, error: fileTooLargeMessage(options.maxFileBytes ?? UPLOAD_LIMIT_BYTES, fileName) }
  if (causes.some((e) => e instanceof MaxTotalSizeExceededError)) {
    return {
      ok: false,
      status: 413,
      error: `The upload is larger than ${Math.round(options.maxTotalBytes / 1024 / 1024)}MB in all: send fewer files at a time.`,
    }
  }
  if (causes.some((e) => e instanceof MaxFilesExceededError)) {
    return {
      ok: false,
      status: 413,
      error: options.tooManyFilesMessage ?? `Send at most ${options.maxFiles} files at a time.`,
    }
  }
  if (causes.some((e) => e instanceof MaxPartsExceededError || e instanceof MaxHeaderSizeExceededError)) {
    return { ok: false, status: 400, error: 'The upload has too many fields or overlong headers.' }
  }
  // The parser decodes headers and text fields strictly: bytes that are not UTF-8 (a file name,
  // a field) arrive as a TypeError from TextDecoder.
  if (
    causes.some((e) => e instanceof TypeError && (e as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA')
  ) {
    return { ok: false, status: 400, error: BAD_TEXT }
  }
  if (causes.some((e) => e instanceof FormDataParseError || e instanceof MultipartParseError)) {
    return { ok: false, status: 400, error: 'The upload could not be read: send the files as multipart/form-data.' }
  }
  return null
}
