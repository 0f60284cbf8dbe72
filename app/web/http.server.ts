import { data, type HeadersArgs } from 'react-router'
import type { ZodType, core } from 'zod'
import { log } from '~/platform/log.server'
import { type Refusal, refusalStatus } from './refusals.server'
import { BAD_TEXT, cleanFileName, decodeUrlEncoded, isCleanString, isCleanValue } from './text.server'
import { errorStack } from '~/lib/errors'
import { MAX_BODY_BYTES } from '~/lib/constants'
import { DATABASE_UNAVAILABLE, isConnectionFailure } from '#db/availability'

// The web door's answers and bodies: JSON errors, reading JSON and form bodies (through the
// text boundary), and method dispatch for JSON routes (one 405 with Allow).

/**
 * Every error answer of the JSON API: `{ error, reason? }`, a message for a person and, when
 * the domain refused, its reason for code to test.
 */
export function jsonError(
  status: number,
  error: string,
  { reason, headers }: { reason?: Refusal; headers?: HeadersInit } = {},
): Response {
  return Response.json(reason ? { error, reason } : { error }, { status, headers })
}

/** A refusal of the domain as the API's answer: the status its reason has, and Retry-After when it says to wait. */
export function refusalResponse(refusal: { reason: Refusal; error: string; retryAfter?: number }): Response {
  const headers = refusal.retryAfter ? { 'Retry-After': String(refusal.retryAfter) } : undefined
  return jsonError(refusalStatus(refusal.reason), refusal.error, { reason: refusal.reason, headers })
}

/** Longer than any text field of the product's small forms (the blog editor and the upload results pass their own). */
export const MAX_FORM_FIELD_CHARS = 20_000
/** Far longer than any field name of the product's forms. */
const MAX_FIELD_NAME_CHARS = 100

export const FORM_UNREADABLE = 'The form could not be read. Please reload the page and try again.'

type BodyProblem = 'type' | 'syntax' | 'text' | 'size'
type BodyRead<T> = { ok: true; value: T } | { ok: false; problem: BodyProblem }

const contentType = (request: Request) => (request.headers.get('content-type') ?? '').toLowerCase()

/**
 * The body's bytes, read up to `maxBytes` and no further: a declared length over it is refused
 * before a byte is read, a streamed body once it passes it, so a large body is never held.
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<BodyRead<Uint8Array>> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return { ok: false, problem: 'size' }
  if (!request.body) return { ok: true, value: new Uint8Array() }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        // The stream is left as it is: cancelling it would close the connection before the
        // refusal goes out.
        reader.releaseLock()
        return { ok: false, problem: 'size' }
      }
      chunks.push(value)
    }
  } catch {
    // The client went away, or the server's body cap cut the body off.
    return { ok: false, problem: 'syntax' }
  }
  return { ok: true, value: Buffer.concat(chunks) }
}

/**
 * A form body (urlencoded or multipart) as FormData, every name, value and file name through
 * the text boundary; file names are cleaned rather than refused. A field name longer than any
 * of the product's is not one of its forms.
 */
async function readFormBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<BodyRead<FormData>> {
  if (bodyKind(request) !== 'form') return { ok: false, problem: 'type' }
  const body = await readBodyBytes(request, maxBytes)
  if (!body.ok) return body
  return parseFormBytes(request, body.value)
}

async function parseFormBytes(request: Request, bytes: Uint8Array): Promise<BodyRead<FormData>> {
  if (contentType(request).startsWith('application/x-www-form-urlencoded')) {
    const pairs = decodeUrlEncoded(bytes)
    if (!pairs) return { ok: false, problem: 'text' }
    const form = new FormData()
    for (const [name, value] of pairs) {
      if (name.length > MAX_FIELD_NAME_CHARS) return { ok: false, problem: 'syntax' }
      form.append(name, value)
    }
    return { ok: true, value: form }
  }
  let parsed: FormData
  try {
    const headers = { 'content-type': request.headers.get('content-type') ?? '' }
    parsed = await new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), { headers }).formData()
  } catch {
    return { ok: false, problem: 'syntax' }
  }
  const form = new FormData()
  for (const [name, value] of parsed) {
    if (name.length > MAX_FIELD_NAME_CHARS) return { ok: false, problem: 'syntax' }
    if (!isCleanString(name)) return { ok: false, problem: 'text' }
    if (typeof value === 'string') {
      // The platform's multipart reader turns bytes that are not UTF-8 into U+FFFD: the
      // replacement character is refused like the bytes it stands for.
      if (!isCleanString(value) || value.includes('\uFFFD')) return { ok: false, problem: 'text' }
      form.append(name, value)
    } else form.append(name, new File([value], cleanFileName(value.name), { type: value.type }))
  }
  return { ok: true, value: form }
}

/** A JSON body: valid UTF-8 and JSON, every string clean. */
function parseJsonBytes(bytes: Uint8Array): BodyRead<unknown> {
  let value: unknown
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch (error) {
    return { ok: false, problem: error instanceof SyntaxError ? 'syntax' : 'text' }
  }
  return isCleanValue(value) ? { ok: true, value } : { ok: false, problem: 'text' }
}

/** Reads a JSON (or form) body and validates it; a bad body becomes a 400 (415 for a wrong type) with a message. */
export async function readApiBody<T>(request: Request, schema: ZodType<T>): Promise<ApiBodyRead<T>> {
  if (!bodyKind(request)) return { ok: false, response: bodyRefusal(request, 'type') }
  const body = await readBodyBytes(request, MAX_BODY_BYTES)
  if (!body.ok) return { ok: false, response: bodyRefusal(request, body.problem) }
  return validateBody(request, body.value, schema)
}

/**
 * For calls whose body is optional (a download's options, a publish): no bytes at all, whatever
 * the headers say (an empty chunked body included), is no body; anything else is read as
 * `readApiBody` reads it.
 */
export async function readOptionalApiBody<T>(
  request: Request,
  schema: ZodType<T>,
): Promise<ApiBodyRead<T | undefined>> {
  const body = await readBodyBytes(request, MAX_BODY_BYTES)
  if (!body.ok) return { ok: false, response: bodyRefusal(request, body.problem) }
  if (body.value.byteLength === 0) return { ok: true, value: undefined }
  if (!bodyKind(request)) return { ok: false, response: bodyRefusal(request, 'type') }
  return validateBody(request, body.value, schema)
}

type ApiBodyRead<T> = { ok: true; value: T } | { ok: false; response: Response }

/** What the Content-Type says the body is: the API reads JSON and forms, nothing else. */
function bodyKind(request: Request): 'json' | 'form' | null {
  const type = contentType(request)
  if (type.startsWith('application/json') || type.includes('+json')) return 'json'
  if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) return 'form'
  return null
}

async function validateBody<T>(request: Request, bytes: Uint8Array, schema: ZodType<T>): Promise<ApiBodyRead<T>> {
  const body: BodyRead<unknown> =
    bodyKind(request) === 'json'
      ? parseJsonBytes(bytes)
      : await parseFormBytes(request, bytes).then((r) =>
          r.ok ? { ok: true as const, value: Object.fromEntries(r.value) } : r,
        )
  if (!body.ok) return { ok: false, response: bodyRefusal(request, body.problem) }
  const parsed = schema.safeParse(body.value ?? {})
  if (!parsed.success) return { ok: false, response: jsonError(400, issueMessage(parsed.error.issues[0])) }
  return { ok: true, value: parsed.data }
}

function bodyRefusal(request: Request, problem: BodyProblem): Response {
  if (problem === 'type') return jsonError(415, 'Send a JSON body (Content-Type: application/json).')
  if (problem === 'text') return jsonError(400, BAD_TEXT)
  if (problem === 'size') return jsonError(413, `The request body is larger than ${formatMegabytes(MAX_BODY_BYTES)}.`)
  return jsonError(
    400,
    bodyKind(request) === 'form' ? 'The form body could not be read.' : 'The request body is not valid JSON.',
  )
}

/** How zod's own English messages begin ('Invalid input: expected ...', 'Too small: ...'); ours never do. */
const ZOD_WORDING = /^(Invalid (input|option|string|number|date|key|element)\b|Too (big|small):)/

/**
 * A body's first problem as its answer says it. Our schemas' own messages name their field; zod's
 * defaults ('Invalid input: expected boolean, received string') do not, so the field is put first.
 */
export function issueMessage(issue: core.$ZodIssue | undefined): string {
  if (!issue) return 'Invalid input.'
  if (issue.code === 'unrecognized_keys')
    return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`
  return issue.path.length && ZOD_WORDING.test(issue.message)
    ? `${issue.path.join('.')}: ${issue.message}`
    : issue.message
}

/**
 * A page action's form body. A body that is not a form (wrong Content-Type, broken encoding)
 * is a 400 with the form's message, text that is not clean a 400 saying so; never a 500.
 */
export async function readForm(
  request: Request,
  {
    maxFieldChars = MAX_FORM_FIELD_CHARS,
    maxBodyBytes = MAX_BODY_BYTES,
  }: { maxFieldChars?: number; maxBodyBytes?: number } = {},
): Promise<FormData> {
  const form = await readFormBody(request, maxBodyBytes)
  if (!form.ok && form.problem === 'size')
    throw data(`The form is larger than ${formatMegabytes(maxBodyBytes)}.`, { status: 413 })
  if (!form.ok) throw data(form.problem === 'text' ? BAD_TEXT : FORM_UNREADABLE, { status: 400 })
  // A field far beyond any cap of the product is refused whole, rather than validated and
  // echoed back into the page (a 1 MB name would come back as a 2 MB page).
  for (const [, value] of form.value) {
    if (typeof value === 'string' && value.length > maxFieldChars)
      throw data(`A field of the form is longer than ${maxFieldChars.toLocaleString('en-US')} characters.`, {
        status: 413,
      })
  }
  return form.value
}

/** A body limit in words: 1MB, 18MB. */
/** A short message as the whole answer: what a file link says when it cannot give the file. */
export function plainText(body: string, status: number): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

export const formatMegabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)}MB`

/** Whether a request is React Router's data request (a fetcher or client navigation). */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith('.data')
}

// ---- Method dispatch for JSON routes ----

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type ApiHandler<Args> = (args: Args) => Response | Promise<Response>

/** The answer to a method a JSON API route does not take. */
export function methodNotAllowed(allowed: readonly string[]): Response {
  return jsonError(405, `Method not allowed. Use ${allowed.join(' or ')}.`, { headers: { Allow: allowed.join(', ') } })
}

/**
 * One JSON route from its handlers per method: `const route = apiRoute({ GET, POST })`, then
 * `export const loader = route.loader` and `action` (React Router's build cannot strip a
 * destructured export, nor keep another that needs server code). Any other method answers a
 * JSON 405 with Allow (the server's method gate reads `loader.methods` for methods React Router
 * cannot carry, such as TRACE); a fault no
 * handler expected answers a JSON 500 rather than React Router's plain text.
 */
export function apiRoute<Args extends { request: Request }>(handlers: Partial<Record<ApiMethod, ApiHandler<Args>>>) {
  const declared = Object.keys(handlers) as ApiMethod[]
  const methods = declared.includes('GET') ? ['GET', 'HEAD', ...declared.filter((m) => m !== 'GET')] : declared
  const dispatch = async (args: Args): Promise<Response> => {
    const method = args.request.method === 'HEAD' ? 'GET' : (args.request.method as ApiMethod)
    const handler = handlers[method]
    if (!handler) return methodNotAllowed(methods)
    try {
      return await handler(args)
    } catch (error) {
      // Responses (401, 403, 404 ...) and React Router's data() are answers, not faults.
      if (error instanceof Response || (error && typeof error === 'object' && 'init' in error && 'data' in error))
        throw error
      const url = new URL(args.request.url)
      // The database went away while the call ran: the same 503 the server gives once it knows.
      if (isConnectionFailure(error)) {
        log.warn('database unavailable', { method: args.request.method, path: url.pathname })
        return jsonError(503, DATABASE_UNAVAILABLE, { headers: { 'Retry-After': '5' } })
      }
      log.error('unhandled API error', {
        method: args.request.method,
        path: url.pathname,
        error: errorStack(error),
      })
      return jsonError(500, 'Something went wrong on our side. Please try again.')
    }
  }
  return { loader: Object.assign(dispatch, { methods }), action: dispatch, methods }
}

/**
 * A page route's `headers`: the parent's, with the named headers its loader's or action's answer
 * set (a Refresh after a form, a Retry-After, a private Cache-Control). React Router drops
 * those unless the route passes them on.
 */
export function passHeaders(from: 'loader' | 'action', ...names: string[]) {
  return ({ loaderHeaders, actionHeaders, parentHeaders }: HeadersArgs): Headers => {
    const headers = new Headers(parentHeaders)
    const answer = from === 'loader' ? loaderHeaders : actionHeaders
    for (const name of names) {
      const value = answer.get(name)
      if (value) headers.set(name, value)
    }
    return headers
  }
}
