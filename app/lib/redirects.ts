const BASE = 'http://relative.invalid'

/**
 * A redirect target from user input, accepted only as a same-origin path: '/x?y#z' but never
 * '//evil.example', '/\\evil.example', 'https://…' or 'javascript:'. The check runs on the
 * normalised result, not on the raw string: `/.//evil.example`, `/x/..//evil.example` and
 * `/%2e//evil.example` all normalise to `//evil.example`, which a browser reads as another host.
 * Every door that redirects to a target it was given uses this one function.
 */
export function safeRedirectPath(target: string | null | undefined, fallback: string): string {
  if (typeof target !== 'string') return fallback
  const value = target.trim()
  // Only a path; no control characters or backslashes (browsers read '\' as '/').
  if (!value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback
  const normalised = normalisePath(value)
  if (normalised === null) return fallback
  // Idempotent: what the browser resolves from our Location must be that same path again.
  return normalisePath(normalised) === normalised ? normalised : fallback
}

function normalisePath(value: string): string | null {
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE || url.username || url.password) return null
  const path = url.pathname
  // A path starting with two slashes (or a slash and a backslash) is another host's URL.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null
  return `${path}${url.search}${url.hash}`
}

/**
 * The sign-in page's address that brings the user back to `back` afterwards
 * (`/login?redirect=...`), optionally resuming a download of `assetId`, with the sign-in banner.
 */
export function loginHref(back: string, options: { assetId?: number | null; alert?: 'signin_required' } = {}): string {
  // Slashes stay readable (`/login?redirect=/favorites`); everything else is encoded.
  let href = `/login?redirect=${encodeURIComponent(back).replace(/%2F/g, '/')}`
  if (options.assetId) href += `&assetId=${options.assetId}`
  if (options.alert) href += `&alert=${options.alert}`
  return href
}
