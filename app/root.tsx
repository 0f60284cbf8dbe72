// Mantine's stylesheet per component, not the whole of it (about 250 KB minified, most of it
// for components the app never renders, all render-blocking on every page): the base files,
// then every component whose classes the client build names, in styles.css's own order
// (`node scripts/mantine-styles.mjs` after a build lists them and fails on one missing here).
import '@mantine/core/styles/baseline.css'
import '@mantine/core/styles/default-css-variables.css'
import '@mantine/core/styles/global.css'
import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/UnstyledButton.css'
import '@mantine/core/styles/VisuallyHidden.css'
import '@mantine/core/styles/Paper.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Loader.css'
import '@mantine/core/styles/ActionIcon.css'
import '@mantine/core/styles/CloseButton.css'
import '@mantine/core/styles/Group.css'
import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Input.css'
import '@mantine/core/styles/Alert.css'
import '@mantine/core/styles/Text.css'
import '@mantine/core/styles/Anchor.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/CheckboxCard.css'
import '@mantine/core/styles/CheckboxIndicator.css'
import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/Avatar.css'
import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/Button.css'
import '@mantine/core/styles/Card.css'
import '@mantine/core/styles/Code.css'
import '@mantine/core/styles/ColorSwatch.css'
import '@mantine/core/styles/ColorPicker.css'
import '@mantine/core/styles/Container.css'
import '@mantine/core/styles/Divider.css'
import '@mantine/core/styles/Grid.css'
import '@mantine/core/styles/List.css'
import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/NumberInput.css'
import '@mantine/core/styles/PasswordInput.css'
import '@mantine/core/styles/Progress.css'
import '@mantine/core/styles/Tooltip.css'
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/core/styles/Stack.css'
import '@mantine/core/styles/Table.css'
import '@mantine/core/styles/Title.css'
import '@mantine/core/styles/Typography.css'
import './theme.css'
import './app.css'
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from 'react-router'
import { ColorSchemeScript, Container, MantineProvider, Text, Title, mantineHtmlProps } from '@mantine/core'
import { useEffect, type ReactNode } from 'react'
import type { Route } from './+types/root'
import { getSignedIn, publicUser, readCookie, readSessionToken } from '~/web/session.server'
import { COLOR_SCHEME_COOKIE, parseColorScheme } from '~/lib/color-scheme'
import { isSameOriginRequest } from '~/web/same-origin.server'
import { jsonError } from '~/web/http.server'
import { servicesContext } from '~/web/context.server'
import { quotaOf } from '~/domain/downloads/downloads.server'
import { DownloadStarted } from '~/components/DownloadStarted/DownloadStarted'
import { FavouriteSaved } from '~/components/FavouriteSaved/FavouriteSaved'
import { Footer } from '~/components/Footer/Footer'
import { Header } from '~/components/Header/Header'
import { NOT_FOUND_TITLE, NotFound } from '~/components/NotFound/NotFound'
import { SITE_NAME } from '~/lib/constants'
import { downloadStartedIn } from '~/lib/download-started'
import { FAVOURITE_SAVED } from '~/lib/favourite-saved'
import { useNonce } from '~/lib/nonce'
import { theme } from '~/theme'
import { databaseGuard } from '~/web/database-guard.server'

// Inter, self-hosted: the variable font's Latin subset only (48 KB), one file for every
// weight, preloaded so text swaps to it early (font-display: swap).
const INTER_FACE = `@font-face{font-family:'Inter Variable';font-style:normal;font-display:swap;font-weight:100 900;src:url(${interLatin}) format('woff2-variations'),url(${interLatin}) format('woff2');unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}`

export const links: Route.LinksFunction = () => [
  // The ICO for browsers and tools without SVG icons (and those that ask for /favicon.ico anyway).
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
]

export const meta: Route.MetaFunction = ({ error }) => {
  // A 404 anywhere is shown by this route's boundary, which gives the page its title too.
  if (isRouteErrorResponse(error) && error.status === 404) return [{ title: NOT_FOUND_TITLE }]
  return siteMeta
}

const siteMeta = [
  { title: `${SITE_NAME}: royalty-free AI-generated 3D renders, images and audio` },
  {
    name: 'description',
    content:
      'A library of royalty-free, AI-generated 3D object renders, images and audio, made and curated by one artist.',
  },
]

// Every form post must come from our own pages: no cross-site requests.
export const middleware: Route.MiddlewareFunction[] = [
  // First, so it sees every request through: an unavailable database answers 503 (one place).
  databaseGuard,
  async ({ request, context }, next) => {
    const { config } = context.get(servicesContext)
    const allowed = [new URL(request.url).origin, new URL(config.appUrl).origin]
    if (!isSameOriginRequest(request, allowed)) {
      const message = 'This request came from another site and was refused.'
      if (new URL(request.url).pathname.startsWith('/api/')) throw jsonError(403, message)
      throw data(message, { status: 403 })
    }
    return next()
  },
  // A response to a request that carries a session (cookie or bearer token) may show that
  // person's data: no shared cache or browser store keeps it. Routes that set their own
  // Cache-Control answer the same to everyone (the public API) or set no-store already.
  async ({ request }, next) => {
    const response = await next()
    if (readSessionToken(request) && !response.headers.has('Cache-Control'))
      response.headers.set('Cache-Control', 'private, no-store')
    return response
  },
]

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const signedIn = await getSignedIn(request, context)
  const user = signedIn?.user ?? null
  // The colour scheme chosen with the toggle, read here so the first paint is already right.
  const colorScheme = parseColorScheme(readCookie(request, COLOR_SCHEME_COOKIE))
  // Where the person stands today, shown beside every download button; every download
  // revalidates this loader, so the line updates after each one.
  const quota = signedIn ? quotaOf(signedIn) : null
  const origin = context.get(servicesContext).config.appUrl
  // Back from a plain download post: the page starts the file and names its licence.
  const downloadStarted = user ? downloadStartedIn(url) : null
  // Back from signing in after a heart's click: the favourite was saved on the way.
  const favouriteSaved = Boolean(user) && url.searchParams.get(FAVOURITE_SAVED.key) === FAVOURITE_SAVED.value
  return { user: user ? publicUser(user) : null, colorScheme, quota, origin, downloadStarted, favouriteSaved }
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const data = useRouteLoaderData<typeof loader>('root')
  const scheme = data?.colorScheme ?? 'auto'
  // A chosen scheme is forced (server and script agree, no flash); 'auto' lets Mantine's
  // script follow the system before the first paint.
  const forced = scheme === 'auto' ? undefined : scheme
  useEffect(() => {
    // Lets tests (and anyone curious) see when the page has become interactive, error pages too.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <html lang="en" {...mantineHtmlProps} data-mantine-color-scheme={forced ?? 'light'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ColorSchemeScript nonce={nonce} defaultColorScheme="auto" forceColorScheme={forced} />
        {/* Marks that JavaScript runs, before first paint: styles for enhanced-only states key off it. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, with the nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />
        {data?.downloadStarted ? <meta httpEquiv="refresh" content={`0;url=${data.downloadStarted.fileUrl}`} /> : null}
        <Meta />
        <Links />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, with the nonce */}
        <style dangerouslySetInnerHTML={{ __html: INTER_FACE }} />
      </head>
      <body>
        <MantineProvider
          theme={theme}
          // The theme's variables and breakpoint classes come from theme.css, made once
          // (scripts/theme-css.ts), not rendered into every page.
          withCssVariables={false}
          withGlobalClasses={false}
          defaultColorScheme="auto"
          forceColorScheme={forced}
        >
          <a href="#main" className="skip-link">
            Skip to content
          </a>
          <Header user={data?.user ?? null} colorScheme={scheme} />
          {data?.downloadStarted ? <DownloadStarted {...data.downloadStarted} /> : null}
          {data?.favouriteSaved ? <FavouriteSaved /> : null}
          <main id="main">{children}</main>
          <Footer />
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  const status = isRouteErrorResponse(error) ? error.status : 500
  const message = isRouteErrorResponse(error)
    ? typeof error.data === 'string' && error.data
      ? error.data
      : error.statusText || 'The request could not be completed.'
    : 'Something went wrong on our side. Please try again in a moment.'
  // The stack only in development: production never shows one.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined
  return (
    <Container size="sm" py={96}>
      <Title order={1}>{status === 500 ? 'Something went wrong' : `Error ${status}`}</Title>
      <Text mt="md">{message}</Text>
      {stack ? (
        <pre style={{ whiteSpace: 'pre-wrap', marginTop: 24, fontSize: 12 }}>
          <code>{stack}</code>
        </pre>
      ) : null}
    </Container>
  )
}
