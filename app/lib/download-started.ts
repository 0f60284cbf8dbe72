import { LICENCE_ID_PATTERN } from './licence-id'
import { withQuery } from './with-query'

// After a plain (no JavaScript) download post, the page it came from is shown again with the
// file's link and its licence in the address: the page starts the file and says under which
// licence it is granted.
const FILE = 'download'
const LICENCE = 'licence'

/** `back` with the started download's file link and licence added. */
export function downloadStartedHref(back: string, downloadUrl: string, licenceId: string): string {
  const url = new URL(back, 'http://relative.invalid')
  url.searchParams.set(FILE, downloadUrl.replace(/^\/downloads\//, ''))
  url.searchParams.set(LICENCE, licenceId)
  return `${url.pathname}${url.search}${url.hash}`
}

/** The started download in a page's address, or null. The file link is checked where it is served. */
export function downloadStartedIn(url: URL): { fileUrl: string; licenceId: string } | null {
  const token = url.searchParams.get(FILE)
  const licenceId = url.searchParams.get(LICENCE)
  if (!token || !/^[A-Za-z0-9_.-]{1,2000}$/.test(token) || !licenceId || !LICENCE_ID_PATTERN.test(licenceId))
    return null
  return { fileUrl: `/downloads/${token}`, licenceId }
}

/** The page's own address without a started download in it: where the next post comes back to. */
export function withoutDownloadStarted(pathname: string, search: string): string {
  return withQuery(pathname, search, { [FILE]: null, [LICENCE]: null })
}
