import { data } from 'react-router'
import type { ZodType } from 'zod'

// The web door's answers and bodies: JSON errors, reading JSON and form bodies, 405s.

export function jsonError(status: number, error: string, headers?: HeadersInit): Response {
  return Response.json({ error }, { status, headers })
}

/** Reads a JSON (or form) body and validates it; a bad body becomes a 400 with a message. */
export async function readApiBody<T>(request: Request, schema: ZodType<T>): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  let body: unknown
  const type = request.headers.get('content-type') ?? ''
  try {
    if (type.includes('application/json')) body = await request.json()
    else if (type.includes('form')) body = Object.fromEntries(await request.formData())
    else return { ok: false, response: jsonError(415, 'Send a JSON body (Content-Type: application/json).') }
  } catch {
    return { ok: false, response: jsonError(400, 'The request body is not valid JSON.') }
  }
  const parsed = schema.safeParse(body ?? {})
  if (!parsed.success) return { ok: false, response: jsonError(400, parsed.error.issues[0]?.message ?? 'Invalid input.') }
  return { ok: true, value: parsed.data }
}

/** The answer to a method a JSON API route does not take. */
export function methodNotAllowed(...allowed: string[]): Response {
  return Response.json({ error: `Method not allowed. Use ${allowed.join(' or ')}.` }, { status: 405, headers: { Allow: allowed.join(', ') } })
}

/**
 * A page action's form body. A body that is not a form (wrong Content-Type, broken encoding)
 * is a 400 with a message, not a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    throw data('The form could not be read. Please reload the page and try again.', { status: 400 })
  }
}

/** Whether a request is React Router's data request (a fetcher or client navigation). */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith('.data')
}
