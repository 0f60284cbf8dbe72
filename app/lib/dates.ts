// Days as the site writes them, on every page alike and in UTC, so that the server's render
// and the browser's agree: '30 November 2026' in a sentence, '30 Nov 2026' in a narrow table.

const day = (month: 'long' | 'short') =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month, year: 'numeric' })
const LONG = day('long')
const SHORT = day('short')

/** '30 November 2026'. */
export function formatDay(at: Date | string): string {
  return LONG.format(new Date(at))
}

/** '30 Nov 2026', for tables. */
export function formatShortDay(at: Date | string): string {
  return SHORT.format(new Date(at))
}
