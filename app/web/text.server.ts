import { isUtf8 } from 'node:buffer'

// The one boundary for text: every string that enters through the URL, a form,
// a JSON body or a multipart part is checked here, once, before any route sees it. A NUL
// byte, a lone surrogate or bytes that are not UTF-8 get a 400 with BAD_TEXT; nothing
// downstream (PostgreSQL, headers, the HTML) has to guard against them again.

export const BAD_TEXT =
  'The request contains characters that are not allowed (a NUL byte, a lone surrogate or text that is not valid UTF-8).'

/** Whether a decoded string is fit to store: no NUL, no lone surrogate. */
export function isCleanString(value: string): boolean {
  return !value.includes('\0') && value.isWellFormed()
}

/** Whether bytes are valid UTF-8 without NUL. */
export function isCleanBytes(bytes: Uint8Array): boolean {
  return isUtf8(bytes) && !bytes.includes(0)
}

/** Whether every string in a parsed value (keys included) is clean. */
export function isCleanValue(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isCleanString(value)
  if (depth > 64) return false
  if (Array.isArray(value)) return value.every((v) => isCleanValue(v, depth + 1))
  if (value && typeof value === 'object') {
    return Object.entries(value).every(([k, v]) => isCleanString(k) && isCleanValue(v, depth + 1))
  }
  return true
}

const hex = (c: number) =>
  c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1

/** Percent-decodes bytes ('+' as a space when `plus`), leaving malformed escapes as they are. */
export function percentDecode(input: Uint8Array, plus = false): Buffer {
  const out = Buffer.allocUnsafe(input.length)
  let n = 0
  for (let i = 0; i < input.length; i++) {
    const c = input[i]
    if (c === 0x25 && i + 2 < input.length && hex(input[i + 1]) >= 0 && hex(input[i + 2]) >= 0) {
      out[n++] = hex(input[i + 1]) * 16 + hex(input[i + 2])
      i += 2
    } else out[n++] = plus && c === 0x2b ? 0x20 : c
  }
  return out.subarray(0, n)
}

/** Splits `a=1&b=2` bytes into decoded [name, value] pairs, or null when any of them is not clean text. */
export function decodeUrlEncoded(input: Uint8Array): [string, string][] | null {
  const pairs: [string, string][] = []
  let start = 0
  for (let i = 0; i <= input.length; i++) {
    if (i < input.length && input[i] !== 0x26) continue
    const part = input.subarray(start, i)
    start = i + 1
    if (part.length === 0) continue
    const eq = part.indexOf(0x3d)
    const name = percentDecode(eq === -1 ? part : part.subarray(0, eq), true)
    const value = percentDecode(eq === -1 ? new Uint8Array() : part.subarray(eq + 1), true)
    if (!isCleanBytes(name) || !isCleanBytes(value)) return null
    pairs.push([name.toString('utf8'), value.toString('utf8')])
  }
  return pairs
}

/**
 * Whether a raw request target (path and query, as Node received it) decodes to clean text in
 * every path segment and every query name and value.
 */
export function isCleanRequestTarget(rawUrl: string): boolean {
  const bytes = Buffer.from(rawUrl, 'latin1')
  const q = bytes.indexOf(0x3f)
  const pathBytes = q === -1 ? bytes : bytes.subarray(0, q)
  if (!isCleanBytes(percentDecode(pathBytes))) return false
  return q === -1 || decodeUrlEncoded(bytes.subarray(q + 1)) !== null
}

/**
 * A file name as the product keeps it: the last path segment, without control characters,
 * lone surrogates or characters that mean something to a shell or a header, at most 200
 * characters. Never empty.
 */
export function cleanFileName(name: string): string {
  const base = name.toWellFormed().split(/[/\\]/).pop() ?? ''
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200)
  return cleaned || 'file'
}
