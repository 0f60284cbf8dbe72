import { LICENCE_ID_PATTERN } from './licence-id'
import { withQuery } from './with-query'

// After a plain download post (a single file without JavaScript, or a ZIP either way), the page
// it came from is shown again with the file's link in the address: the page starts the file and
// says under which licence it is granted.
const FILE = 'download'
const LICENCE = 'licence'
const ZIP = 'zip_download'

export type DownloadStarted =
  | { kind: 'file'; fileUrl: string; licenceId: string }
  /** A ZIP: each file in it has its own licence, listed in its README. */
  | { kind: 'zip'; fileUrl: string }

/** `back` with the started download's file link and licence added. */
export function downloadStartedHref(back: string, downloadUrl: string, licenceId: string): string {
  return withParams(back, { [FILE]: downloadUrl.replace(/^\/downloads\//, ''), [LICENCE]: licenceId })
}

/** `back` with a granted ZIP's signed link added. */
export function zipStartedHref(back: string, token: string): string {
  return withParams(back, { [ZIP]: token })
}

function withParams(back: string, params: Record<string, string>): string {
  const url = new URL(back, 'http://relative.invalid')
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  return `${url.pathname}${url.search}${url.hash}`
}

/** The started download in a page's address, or null. The link is checked where it is served. */
export function downloadStartedIn(url: URL): DownloadStarted | null {
  const zip = url.searchParams.get(ZIP)
  // A ZIP's link names up to 100 assets.
  if (zip && /^[A-Za-z0-9_.-]{1,4000}$/.test(zip)) return { kind: 'zip', fileUrl: `/downloads/zip/${zip}` }
  const token = url.searchParams.get(FILE)
  const licenceId = url.searchParams.get(LICENCE)
  if (!token || !/^[A-Za-z0-9_.-]{1,2000}$/.test(token) || !licenceId || !LICENCE_ID_PATTERN.test(licenceId))
    return null
  return { kind: 'file', fileUrl: `/downloads/${token}`, licenceId }
}

/** The page's own address without a started download in it: where the next post comes back to. */
export function withoutDownloadStarted(pathname: string, search: string): string {
  return withQuery(pathname, search, { [FILE]: null, [LICENCE]: null, [ZIP]: null })
}
