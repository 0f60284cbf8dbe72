import { createContext, data, redirect, type RouterContextProvider } from 'react-router'
import type { User } from '#db/schema'
import { SESSION_DAYS } from '~/lib/constants'
import { readSession, type SignedIn } from '~/domain/accounts/sessions.server'
import { servicesContext } from '~/web/context.server'
import { clearCookie, setCookie } from '~/web/cookies.server'
import { loginHref } from '~/lib/redirects'
import { jsonError } from '~/web/http.server'

// The web door's view of sessions: a token arrives as the `__session` cookie (pages) or as
// `Authorization: Bearer` (the JSON API); both resolve through the same session rows.
export const SESSION_COOKIE = '__session'

/** One cookie's value; a malformed one reads as absent rather than failing the request. */
export function readCookie(request: Request, name: string): string | null {
  const cookie = request.headers.get('cookie')
  if (!cookie) return null
  for (const part of cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key !== name) continue
    try {
      return decodeURIComponent(rest.join('=')) || null
    } catch {
      return null
    }
  }
  return null
}

export function readSessionToken(request: Request): string | null {
  const auth = request.headers.get('authorization')
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim() || null
  return readCookie(request, SESSION_COOKIE)
}

export function sessionCookie(context: Readonly<RouterContextProvider>, token: string): string {
  return setCookie(context, SESSION_COOKIE, token, { maxAgeSeconds: SESSION_DAYS * 86_400, httpOnly: true })
}

export function clearSessionCookie(context: Readonly<RouterContextProvider>): string {
  return clearCookie(context, SESSION_COOKIE, { httpOnly: true })
}

// The root loader and the page's loader both ask who is signed in: one GET reads the session
// once (decision 92). Only GETs: a form post's action may end the session, change the user or
// spend the quota, and the loaders that follow it in the same request must see that.
const sessionsOfRequest = new WeakMap<Readonly<RouterContextProvider>, Map<string, Promise<SignedIn | null>>>()

/** Who is signed in, with their quota downloads today (read together: readSession). */
export async function getSignedIn(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SignedIn | null> {
  const token = readSessionToken(request)
  if (!token) return null
  if (request.method !== 'GET' && request.method !== 'HEAD') return readSession(context.get(servicesContext).db, token)
  let known = sessionsOfRequest.get(context)
  if (!known) {
    known = new Map()
    sessionsOfRequest.set(context, known)
  }
  let session = known.get(token)
  if (!session) {
    session = readSession(context.get(servicesContext).db, token)
    known.set(token, session)
    session.catch(() => known.delete(token))
  }
  return session
}

export async function getUser(request: Request, context: Readonly<RouterContextProvider>): Promise<User | null> {
  return (await getSignedIn(request, context))?.user ?? null
}

/** For pages: a signed-out visitor is sent to /login and brought back afterwards. */
export async function requireSignedIn(
  request: Request,
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<SignedIn> {
  const signedIn = await getSignedIn(request, context)
  if (!signedIn) {
    const back = `${url.pathname}${url.search}`
    throw redirect(loginHref(back))
  }
  return signedIn
}

export async function requireUser(request: Request, context: Readonly<RouterContextProvider>, url: URL): Promise<User> {
  return (await requireSignedIn(request, context, url)).user
}

/** For admin pages: everyone who is not an admin sees the 404 page, as if there were none. */
export async function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<User> {
  const user = await getUser(request, context)
  if (user?.role !== 'admin') throw data(null, { status: 404 })
  return user
}

/** Set by the admin layout's middleware once the gate has let the request through. */
export const adminContext = createContext<User | null>(null)

/**
 * The admin of this request, for admin loaders and actions. The layout's middleware has
 * checked already; asking again costs nothing and keeps each module safe on its own.
 */
export async function getAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<User> {
  return context.get(adminContext) ?? requireAdmin(request, context)
}

/** For the JSON API: 401 without a valid token. */
export async function requireApiSignedIn(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SignedIn> {
  const signedIn = await getSignedIn(request, context)
  if (!signedIn) throw jsonError(401, 'Authentication required')
  return signedIn
}

export async function requireApiUser(request: Request, context: Readonly<RouterContextProvider>): Promise<User> {
  return (await requireApiSignedIn(request, context)).user
}

/** For the admin JSON API: 401 without a token, 403 for a non-admin. */
export async function requireApiAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<User> {
  const user = await requireApiUser(request, context)
  if (user.role !== 'admin') throw jsonError(403, 'Admin access required')
  return user
}

/** What the browser may know of the signed-in user. */
export function publicUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    role: user.role,
    subscription_status: user.plan,
    subscription_renews_at: user.subscription_renews_at?.toISOString() ?? null,
    subscription_ends_at: user.subscription_ends_at?.toISOString() ?? null,
    created_at: user.created_at.toISOString(),
  }
}
export type PublicUser = ReturnType<typeof publicUser>
