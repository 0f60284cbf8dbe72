// The names of the figures as the admin's charts and tables show them (the server's
// figures.server.ts keeps the same keys).
export const ASSET_FIGURE_SERIES = [
  { key: 'page_views', label: 'Page views' },
  { key: 'dialog_views', label: 'Dialog views' },
  { key: 'preview_plays', label: 'Previews played' },
  { key: 'favourites', label: 'Favourites' },
  { key: 'downloads', label: 'Downloads' },
  { key: 'licences', label: 'Licences' },
] as const

export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
