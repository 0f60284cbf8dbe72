// The same-origin check for state-changing requests.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Whether a state-changing request may proceed: it must come from one of our own pages
 * (Origin, else Referer, of an allowed origin). API calls that carry a bearer token or no
 * session cookie cannot ride on a visitor's cookie, so they are exempt.
 */
export function isSameOriginRequest(request: Request, allowedOrigins: string[]): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true
  const url = new URL(request.url)
  if (url.pathname.startsWith('/api/')) {
    const bearer = /^bearer\s/i.test(request.headers.get('authorization') ?? '')
    const cookie = /(^|;\s*)__session=/.test(request.headers.get('cookie') ?? '')
    if (bearer || !cookie) return true
  }
  let origin = request.headers.get('origin')
  if (!origin || origin === 'null') {
    const referer = request.headers.get('referer')
    if (!referer) return false
    try {
      origin = new URL(referer).origin
    } catch {
      return false
    }
  }
  return allowedOrigins.includes(origin)
}
