import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

// Every URL of the product in one glance (spec section 2, plus the footer pages and the API).
export default [
  index('routes/home.tsx'),
  route('explore', 'routes/explore.tsx'),
  route('assets/:id', 'routes/asset.tsx'),
  route('pricing', 'routes/pricing.tsx'),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.ts'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('dashboard', 'routes/dashboard.ts'),
  route('profile', 'routes/profile.tsx'),
  route('favorites', 'routes/favorites.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/:slug', 'routes/blog-post.tsx'),

  // Static and footer pages
  route('about', 'routes/pages/about.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('license', 'routes/pages/license.tsx'),
  route('terms', 'routes/pages/terms.tsx'),
  route('privacy', 'routes/pages/privacy.tsx'),
  route('categories', 'routes/categories.tsx'),
  route('collections', 'routes/collections.tsx'),
  route('api', 'routes/pages/api-docs.tsx'),
  route('careers', 'routes/pages/careers.tsx'),
  route('help', 'routes/pages/help.tsx'),
  route('faq', 'routes/pages/faq.tsx'),

  // Admin: one layout gates every screen on the server.
  route('admin/login', 'routes/admin/login.tsx'),
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx', { id: 'admin-index' }),
      route('dashboard', 'routes/admin/dashboard.tsx', { id: 'admin-dashboard' }),
      route('assets', 'routes/admin/assets.tsx'),
      route('users', 'routes/admin/users.tsx'),
      route('system-status', 'routes/admin/system-status.tsx'),
      route('analytics', 'routes/admin/analytics.tsx'),
      route('upload', 'routes/admin/upload.tsx'),
      route('blog', 'routes/admin/blog.tsx'),
      route('blog/new', 'routes/admin/blog-form.tsx', { id: 'admin-blog-new' }),
      route('blog/edit/:id', 'routes/admin/blog-form.tsx', { id: 'admin-blog-edit' }),
    ]),
  ]),

  // JSON API (spec section 7)
  ...prefix('api', [
    route('assets', 'routes/api/assets.ts'),
    route('assets/tags', 'routes/api/asset-tags.ts'),
  ]),

  // Files and machine endpoints
  route('images/*', 'routes/images.ts'),
  route('healthz', 'routes/healthz.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
