/** The current URL with some query parameters set (a string) or removed (null). */
export function withQuery(pathname: string, search: string, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(search)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key)
    else next.set(key, value)
  }
  const query = next.toString()
  return query ? `${pathname}?${query}` : pathname
}
