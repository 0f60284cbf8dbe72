/**
 * A redirect target from user input, accepted only as a same-origin relative path: '/x' but
 * never '//evil.example', '/\\evil.example', 'https://…' or 'javascript:'.
 */
export function safeRedirectPath(target: string | null | undefined, fallback: string): string {
  if (!target || typeof target !== 'string') return fallback
  const value = target.trim()
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  if (/[\u0000-\u001f]/.test(value)) return fallback
  try {
    const url = new URL(value, 'http://relative.invalid')
    if (url.origin !== 'http://relative.invalid') return fallback
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return fallback
  }
}
