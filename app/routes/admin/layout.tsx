import { Outlet } from 'react-router'
import type { Route } from './+types/layout'
import { adminContext, requireAdmin } from '~/web/session.server'

// The one gate of the admin area. Middleware runs before any loader or action below it, so
// nothing under /admin runs for someone who is not an admin: they get the 404 page.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    context.set(adminContext, await requireAdmin(request, context))
    return next()
  },
]

export default function AdminLayout() {
  return <Outlet />
}
