import { lazy, Suspense, useEffect } from 'react'
import { useNavigation } from 'react-router'
import type { AssetPreviewData } from '~/domain/catalogue/preview.server'
// The dialog's stylesheet stays part of every page that can show it (its code does not): the
// server renders the dialog from the URL, and without JavaScript nothing would fetch it later;
// with JavaScript the dialog would show unstyled until its chunk arrived. Using the class
// names here (the backdrop shown while the code loads) is what keeps the stylesheet linked: a
// bare `import './x.module.css'` is dropped by the bundler when nothing reads it.
import classes from '~/components/AssetPreview/AssetPreview.module.css'

export { withQuery } from '~/lib/with-query'

type DialogModule = typeof import('./PreviewDialog')

let loaded: DialogModule | null = null
let loading: Promise<DialogModule> | null = null

/**
 * Starts loading the dialog's code (a card calls it on hover, focus or touch, so the code is
 * usually there before the click's data).
 */
export function preloadPreview(): Promise<DialogModule> {
  loading ??= import('./PreviewDialog').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null // a failed fetch (offline, a new deploy) is tried again next time
      throw error
    },
  )
  return loading
}

// Once the module is in memory the lazy component resolves synchronously (a thenable that
// calls back at once), so React renders it in place instead of suspending.
const Dialog = lazy(() => {
  if (loaded) {
    const module = loaded
    const ready = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that React.lazy resolves at once when the module is already loaded
      then: (resolve: (value: { default: DialogModule['PreviewDialog'] }) => void) =>
        resolve({ default: module.PreviewDialog }),
    }
    return ready as unknown as Promise<{ default: DialogModule['PreviewDialog'] }>
  }
  return preloadPreview().then((module) => ({ default: module.PreviewDialog }))
})

// The server loads the dialog at start-up: its HTML must always contain the dialog in place
// (visitors without JavaScript get it from the URL), never a streamed fallback.
if (import.meta.env.SSR) void preloadPreview()

/**
 * The preview dialog of any page that lists cards: the page's own URL with ?assetId= opens
 * it, the same URL without it closes it. Its code is not part of the page's first download:
 * the server renders it inline (the module is loaded there before the first request), and the
 * browser fetches it when a card is about to be opened or when the page was opened on a
 * preview URL (hydration waits for it at the Suspense boundary and keeps the server's HTML).
 */
export function PreviewFromUrl({ preview }: { preview: AssetPreviewData | null }) {
  // A link to a preview URL that no card warmed (hero tiles, the strip): fetch the code while
  // the page's data loads.
  const opening = new URLSearchParams(useNavigation().location?.search ?? '').has('assetId')
  useEffect(() => {
    if (opening) void preloadPreview().catch(() => {})
  }, [opening])
  if (!preview) return null
  return (
    <Suspense fallback={<div className={classes.backdrop} data-testid="preview-loading" />}>
      <Dialog preview={preview} />
    </Suspense>
  )
}
