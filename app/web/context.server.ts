import { createContext, RouterContextProvider } from 'react-router'
import type { JobServices } from '~/platform/job-queue.server'
import type { SearchRecord } from '~/domain/analytics/searches.server'

/** What every loader and action (and every background job) may use, through the router context. */
export interface Services extends JobServices {
  /** The credentials shown on /admin/login in demo mode; null otherwise. */
  demoAdmin: { email: string; password: string } | null
}

export const servicesContext = createContext<Services>()

/** Facts about the HTTP request that a Fetch Request does not carry. */
export interface RequestInfo {
  nonce: string
  ip: string
  /** Rendering for the page cache: the search this page shows, kept with it to count each hit. */
  noteSearch?: (search: SearchRecord) => void
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: '', ip: 'unknown' })

/** The router context of one request: built in one place, by the server entry. */
export function createLoadContext(services: Services, request: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider()
  context.set(servicesContext, services)
  context.set(requestInfoContext, request)
  return context
}
