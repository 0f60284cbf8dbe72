import { createElement as h, type ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router'
import { MantineProvider } from '@mantine/core'
import { theme } from '~/theme'

/**
 * A route's page as the server renders it, with its loader's answer: the component gets
 * `loaderData` as the route module's default export does. `url` is the page's address.
 */
export function renderRoute(page: ComponentType<never>, url: string, loaderData: unknown): string {
  const path = new URL(url, 'http://localhost').pathname
  const router = createMemoryRouter([{ id: 'page', path, element: h(LoadedPage, { page }) }], {
    initialEntries: [url],
    hydrationData: { loaderData: { page: loaderData } },
  })
  return renderToStaticMarkup(h(MantineProvider, { theme }, h(RouterProvider, { router })))
}

function LoadedPage({ page }: { page: ComponentType<never> }) {
  return h(page as ComponentType<{ loaderData: unknown }>, { loaderData: useLoaderData() })
}
