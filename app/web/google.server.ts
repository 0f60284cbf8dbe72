import { Authenticator } from 'remix-auth'
import { OAuth2Strategy } from 'remix-auth-oauth2'
import type { Config } from '~/config.server'
import type { GoogleProfile } from '~/domain/accounts/accounts.server'
import { secureCookies } from './cookies.server'

// Google sign-in through remix-auth's OAuth2 strategy. The endpoints come from config, so
// tests point them at a local fake provider. remix-auth keeps no session: the callback route
// opens ours.

export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback'
/** The strategy's state cookie, checked on the way back. */
export const GOOGLE_STATE_COOKIE = 'oauth2_state'
/** How long the way through Google's pages may take. */
export const GOOGLE_COOKIE_SECONDS = 600

const authenticators = new WeakMap<Config, Authenticator<GoogleProfile>>()

export function googleEnabled(config: Config): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
}

export function googleAuthenticator(config: Config): Authenticator<GoogleProfile> {
  const existing = authenticators.get(config)
  if (existing) return existing
  const authenticator = new Authenticator<GoogleProfile>()
  authenticator.use(
    new OAuth2Strategy<GoogleProfile>(
      {
        clientId: config.GOOGLE_CLIENT_ID ?? '',
        clientSecret: config.GOOGLE_CLIENT_SECRET ?? '',
        authorizationEndpoint: config.GOOGLE_AUTHORIZATION_URL,
        tokenEndpoint: config.GOOGLE_TOKEN_URL,
        redirectURI: `${config.appUrl}${GOOGLE_CALLBACK_PATH}`,
        scopes: ['openid', 'email', 'profile'],
        // Path=/ so the state cookie set on /auth/google reaches the callback under /api.
        // The strategy writes this cookie itself, with the attributes of ours (cookies.server).
        cookie: {
          name: GOOGLE_STATE_COOKIE,
          path: '/',
          httpOnly: true,
          sameSite: 'Lax',
          maxAge: GOOGLE_COOKIE_SECONDS,
          ...(secureCookies(config) ? { secure: true as const } : {}),
        },
      },
      async ({ tokens }) => {
        const response = await fetch(config.GOOGLE_USERINFO_URL, {
          headers: { Authorization: `Bearer ${tokens.accessToken()}` },
        })
        if (!response.ok) throw new Error(`Google profile request failed with ${response.status}`)
        const raw = (await response.json()) as {
          sub?: string
          email?: string
          email_verified?: boolean | string
          name?: string
        }
        if (!raw.sub || !raw.email) throw new Error('Google profile without sub or email')
        return {
          sub: raw.sub,
          email: raw.email,
          emailVerified: raw.email_verified === true || raw.email_verified === 'true',
          name: raw.name ?? '',
        }
      },
    ),
    'google',
  )
  authenticators.set(config, authenticator)
  return authenticator
}

/** Where to go after Google: kept in a short-lived cookie across the provider's pages. */
export const GOOGLE_NEXT_COOKIE = 'google_next'

/** The asset a visitor's heart asked to favourite, saved once Google has signed them in. */
export const GOOGLE_FAVOURITE_COOKIE = 'google_favourite'
