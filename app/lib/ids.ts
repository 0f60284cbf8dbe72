import { z } from './zod'

// The one parser for ids and page numbers in URLs, forms and JSON: canonical decimal only.
// `0x10`, `1e3`, `00000001`, `+1` and ` 1` are not ids. An id that does not parse is a 404 in
// a path (no such thing) and a 400 naming the field in a form or JSON body.

export const MAX_ID = 2_147_483_647

export function parseId(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || !/^[1-9]\d{0,9}$/.test(text)) return undefined
  const n = Number(text)
  return n <= MAX_ID ? n : undefined
}

/** parseId as a schema, for an id field of a form or JSON body; anything else is an issue saying `message`. */
export function idSchema(message = 'Ids are whole numbers from 1.') {
  return z.unknown().transform((value, ctx) => {
    const id = parseId(value)
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    return id
  })
}
