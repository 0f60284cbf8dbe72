import { createContext, RouterContextProvider } from 'react-router'
import type { DB } from '#db/client'
import type { Config } from '~/config.server'
import type { Storage } from '~/platform/storage.server'

/** What every loader and action may use, handed over through the router context. */
export interface Services {
  db: DB
  storage: Storage
  config: Config
  /** The credentials shown on /admin/login in demo mode; null otherwise. */
  demoAdmin: { email: string; password: string } | null
}

export const servicesContext = createContext<Services>()

/** Facts about the HTTP request that a Fetch Request does not carry. */
export interface RequestInfo {
  nonce: string
  ip: string
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: '', ip: 'unknown' })

/** The router context of one request: built in one place, by the server entry. */
export function createLoadContext(services: Services, request: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider()
  context.set(servicesContext, services)
  context.set(requestInfoContext, request)
  return context
}
