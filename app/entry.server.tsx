import type { EntryContext, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { renderToPipeableStream } from 'react-dom/server'
import { NonceContext } from '~/lib/nonce'
import { preloadPreview } from '~/components/PreviewFromUrl/PreviewFromUrl'
import { requestInfoContext } from '~/web/context.server'
import { log } from '~/platform/log.server'
import { isConnectionFailure } from '#db/client'
import { withoutModulePreloads } from '~/web/head-scripts.server'
import { collectPage } from '~/web/page-collector.server'
import { errorMessage, errorStack } from '~/lib/errors'

export const streamTimeout = 5_000

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  const url = new URL(request.url)
  // Answered 503 by the database guard, which logs it once: not a fault of ours.
  if (isConnectionFailure(error)) return
  if (isCrossSiteRefusal(error, request)) {
    log.warn('cross-origin action refused', { method: request.method, path: url.pathname })
    return
  }
  log.error('unhandled error', {
    method: request.method,
    path: url.pathname,
    error: errorStack(error),
  })
}

/**
 * React Router's own CSRF guard refusing a cross-site form post: expected, not a fault. Its
 * error names the `origin` header for a page; for a `.data` post it is a bare 'Bad Request'.
 */
function isCrossSiteRefusal(error: unknown, request: Request): boolean {
  if (!(error instanceof Error)) return false
  if (error.message.includes('`origin` header')) return true
  const origin = request.headers.get('origin')
  return error.message === 'Bad Request' && origin !== null && origin !== new URL(request.url).origin
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext.get(requestInfoContext).nonce
  // The preview dialog's module is loaded at start-up; waiting for it here (at once, after the
  // first request) guarantees the dialog renders in place and never suspends, so the server
  // HTML holds it with or without JavaScript.
  return preloadPreview().then(() => renderDocument())
  function renderDocument() {
    return new Promise<Response>((resolve, reject) => {
      let shellRendered = false
      let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

      const { pipe, abort } = renderToPipeableStream(
        <NonceContext.Provider value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </NonceContext.Provider>,
        {
          nonce,
          // A Suspense boundary that is complete when its turn comes is written in place, however
          // big: React would otherwise 'outline' a large one (over 12,800 bytes into the page) and
          // reveal it with an inline script, which a visitor without JavaScript never runs. The
          // preview dialog (a lazy component, already loaded on the server) is such a boundary.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          // No loader hands a page a promise to stream later: the whole page is ready a moment
          // after its shell. Sent whole, it is compressed and written once; streamed, each of
          // React's small chunks was a compression step and a socket write of its own (a fifth
          // of an asset page's CPU in a profile).
          onShellReady() {
            shellRendered = true
          },
          onAllReady() {
            collectPage(pipe)
              .then((page) => {
                responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
                return new Response(withoutModulePreloads(page), {
                  headers: responseHeaders,
                  status: responseStatusCode,
                })
              })
              .then(resolve, reject)
              .finally(() => {
                clearTimeout(timeoutId)
                timeoutId = undefined
              })
          },
          onShellError(error: unknown) {
            reject(error)
          },
          onError(error: unknown) {
            responseStatusCode = 500
            if (shellRendered) log.error('render error', { error: errorMessage(error) })
          },
        },
      )
    })
  }
}
