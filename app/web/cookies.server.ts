import type { RouterContextProvider } from 'react-router'
import type { Config } from '~/config.server'
import { servicesContext } from './context.server'

// Every cookie the app sets: for the whole site (Path=/), sent on top-level navigations from
// other sites (SameSite=Lax, so a link to a page keeps the person signed in), and Secure by
// one rule.

/** Cookies carry Secure when SECURE_COOKIES says so, else in production (HTTPS). */
export function secureCookies(config: Config): boolean {
  return config.SECURE_COOKIES ?? config.isProduction
}

export interface CookieOptions {
  /** How long the browser keeps it; 0 removes it. */
  maxAgeSeconds: number
  /** Hidden from scripts: session and sign-in cookies. */
  httpOnly?: boolean
}

/** A Set-Cookie header value: `name=value; Path=/; [HttpOnly; ]SameSite=Lax; Max-Age=n[; Secure]`. */
export function setCookie(
  context: Readonly<RouterContextProvider>,
  name: string,
  value: string,
  options: CookieOptions,
): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    ...(options.httpOnly ? ['HttpOnly'] : []),
    'SameSite=Lax',
    `Max-Age=${options.maxAgeSeconds}`,
    ...(secureCookies(context.get(servicesContext).config) ? ['Secure'] : []),
  ].join('; ')
}

/** The Set-Cookie header value that removes a cookie set by setCookie. */
export function clearCookie(
  context: Readonly<RouterContextProvider>,
  name: string,
  options: Omit<CookieOptions, 'maxAgeSeconds'> = {},
): string {
  return setCookie(context, name, '', { ...options, maxAgeSeconds: 0 })
}
