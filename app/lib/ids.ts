// The one parser for ids and page numbers in URLs, forms and JSON (issue 16): canonical
// decimal only. `0x10`, `1e3`, `00000001`, `+1` and ` 1` are not ids, so a route answers
// 404 to them rather than acting on a number the caller did not write.

export const MAX_ID = 2_147_483_647

export function parseId(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || !/^[1-9]\d{0,9}$/.test(text)) return undefined
  const n = Number(text)
  return n <= MAX_ID ? n : undefined
}
