// Which page addresses show an asset as a view that counts: the server counts them from the
// page's request (app/web/asset-views.server.ts) and the page itself leaves exactly those to it
// (view-beacon.ts). Free of server code and of zod: the page's JavaScript carries it.

/** Pages whose ?assetId= opens the preview dialog: home, explore, favourites, the profile, a collection. */
const DIALOG_PAGES = /^\/(?:(?:explore|favorites|profile|collections\/\d+)\/?)?$/
const ASSET_PAGE = /^\/assets\/(\d{1,10})\/?$/

export type ViewKind = 'page_view' | 'dialog_view'

export interface AddressedView {
  kind: ViewKind
  /** The asset's id as the address writes it (parse it before use). */
  assetId: string
}

/**
 * The view an address shows: an asset's page, or a page's preview dialog (?assetId=). The same
 * view with another background or zoom (`bg`, `zoom`) is no new view, and no other address is one.
 */
export function viewAt(pathname: string, query: URLSearchParams): AddressedView | null {
  if (query.has('bg') || query.has('zoom')) return null
  const page = ASSET_PAGE.exec(pathname)
  if (page) return { kind: 'page_view', assetId: page[1]! }
  const dialog = DIALOG_PAGES.test(pathname) ? query.get('assetId') : null
  return dialog ? { kind: 'dialog_view', assetId: dialog } : null
}
