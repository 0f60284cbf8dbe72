import '@mantine/core/styles.css'
import './app.css'
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
import { getUser, publicUser } from '~/web/session.server'
import { isSameOriginRequest } from '~/web/same-origin.server'
import { servicesContext } from '~/web/context.server'
import { Footer } from '~/components/Footer/Footer'
import { Header } from '~/components/Header/Header'
import { NotFound } from '~/components/NotFound/NotFound'
import { SITE_NAME } from '~/lib/constants'
import { useNonce } from '~/lib/nonce'
import { theme } from '~/theme'
import { databaseGuard } from '~/web/database-guard.server'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export const meta: Route.MetaFunction = () => [
  { title: `${SITE_NAME}: royalty-free AI-generated 3D renders, images and audio` },
  { name: 'description', content: 'A library of royalty-free, AI-generated 3D object renders, images and audio, made and curated by one artist.' },
]

// Every form post must come from our own pages (DESIGN section 3): no cross-site requests.
export const middleware: Route.MiddlewareFunction[] = [
  // First, so it sees every request through: an unavailable database answers 503 (one place).
  databaseGuard,
  async ({ request, context }, next) => {
    const { config } = context.get(servicesContext)
    const allowed = [new URL(request.url).origin, new URL(config.appUrl).origin]
    if (!isSameOriginRequest(request, allowed)) {
      const message = 'This request came from another site and was refused.'
      if (new URL(request.url).pathname.startsWith('/api/')) throw Response.json({ error: message }, { status: 403 })
      throw data(message, { status: 403 })
    }
    return next()
  },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context)
  return { user: user ? publicUser(user) : null }
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const data = useRouteLoaderData<typeof loader>('root')
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ColorSchemeScript nonce={nonce} defaultColorScheme="light" />
        {/* Marks that JavaScript runs, before first paint: styles for enhanced-only states key off it. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />
        <Meta />
        <Links />
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="light">
          <a href="#main" className="skip-link">
            Skip to content
          </a>
          <Header user={data?.user ?? null} />
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
  useEffect(() => {
    // Lets tests (and anyone curious) see when the page has become interactive.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
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
