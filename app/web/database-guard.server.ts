import { data, type MiddlewareFunction } from 'react-router'
import { DATABASE_UNAVAILABLE } from '#db/availability'
import { isDatabaseAvailable, trackDatabaseAvailability } from '#db/client'
import { servicesContext } from '~/web/context.server'
import { log } from '~/platform/log.server'
import { jsonError } from '~/web/http.server'

/**
 * The one place where an unavailable database becomes a 503: any request that met it on the
 * way (even through a loader that caught the error and went on) answers 503 with a clear
 * message, JSON for the API and the site's error page otherwise, with Retry-After.
 */
export const databaseGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // Known down: every request answers at once, the same way, until the probe sees it return.
  if (isDatabaseAvailable(context.get(servicesContext).db)) {
    const { unavailable, outcome } = await trackDatabaseAvailability(() => next())
    if (!unavailable) {
      if (outcome.status === 'rejected') throw outcome.reason
      return outcome.value
    }
  }
  const url = new URL(request.url)
  log.warn('database unavailable: answered 503', { method: request.method, path: url.pathname })
  const headers = { 'Retry-After': '5', 'Cache-Control': 'no-store' }
  if (url.pathname.startsWith('/api/')) throw jsonError(503, DATABASE_UNAVAILABLE, { headers })
  throw data(DATABASE_UNAVAILABLE, { status: 503, headers })
}
