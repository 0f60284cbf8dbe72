import { DEFAULT_AFTER_LOGIN } from './constants'
import { parseId } from './ids'

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

/** What a visitor was doing when they were asked to sign in: it resumes afterwards. */
export type SignInIntent = 'favourite' | 'download'

/**
 * The sign-in page's address that brings the user back to `back` afterwards
 * (`/login?redirect=...`); with an intent and an asset, that click resumes once they are in
 * (the favourite saved, the download offered) and the page says why they were asked.
 */
export function loginHref(back: string, options: { intent?: SignInIntent; assetId?: number | null } = {}): string {
  // Slashes stay readable (`/login?redirect=/favorites`); everything else is encoded.
  let href = `/login?redirect=${encodeURIComponent(back).replace(/%2F/g, '/')}`
  if (options.intent && options.assetId) href += `&intent=${options.intent}&assetId=${options.assetId}`
  return href
}

/** Where to go after signing in, and what to resume there; read from the sign-in page's query. */
export interface SignInResume {
  back: string
  intent: SignInIntent | null
  assetId: number | null
}

/**
 * The resume a sign-in page's query asks for. Without a safe `redirect`, an intent comes back
 * to the asset's own page. An asset id without an intent is a download (the older links).
 */
export function signInResume(params: URLSearchParams): SignInResume {
  const assetId = parseId(params.get('assetId')) ?? null
  const asked = params.get('intent')
  const intent = !assetId ? null : asked === 'favourite' ? 'favourite' : 'download'
  const fallback = intent && assetId ? `/assets/${assetId}` : DEFAULT_AFTER_LOGIN
  return { back: safeRedirectPath(params.get('redirect'), fallback), intent, assetId }
}

/** Back from a resumed sign-in: the page says the favourite was saved (`?saved=favourite`). */
export const FAVOURITE_SAVED = { key: 'saved', value: 'favourite' } as const

/**
 * The page a signed-in person goes to: `back`, with the download offered there (`download=1`,
 * and `assetId=` to open it in the dialog unless `back` is the asset's own page), or saying
 * the favourite was saved. A GET of that page spends and saves nothing by itself.
 */
export function resumeTarget(resume: SignInResume, outcome: { favouriteSaved?: boolean } = {}): string {
  const url = new URL(resume.back, BASE)
  if (resume.intent === 'download' && resume.assetId) {
    if (url.pathname !== `/assets/${resume.assetId}`) url.searchParams.set('assetId', String(resume.assetId))
    url.searchParams.set('download', '1')
  } else if (resume.intent === 'favourite' && outcome.favouriteSaved) {
    url.searchParams.set(FAVOURITE_SAVED.key, FAVOURITE_SAVED.value)
  } else return resume.back
  return safeRedirectPath(`${url.pathname}${url.search}${url.hash}`, DEFAULT_AFTER_LOGIN)
}
