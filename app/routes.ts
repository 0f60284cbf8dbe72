import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes'

// Every URL of the product in one glance: the pages, the footer pages, the admin, the JSON API
// and the files.
export default [
  index('routes/home.tsx'),
  route('explore', 'routes/explore.tsx'),
  route('assets/:id', 'routes/asset.tsx'),
  route('assets/:id/download', 'routes/asset-download.ts'),
  route('downloads/:token', 'routes/download-file.ts'),
  route('billing/portal', 'routes/billing-portal.ts'),
  route('pricing', 'routes/pricing.tsx'),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.ts'),
  route('color-scheme', 'routes/color-scheme.ts'),
  route('auth/google', 'routes/auth-google.ts'),
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

  // JSON API
  ...prefix('api', [
    route('assets', 'routes/api/assets.ts'),
    route('assets/tags', 'routes/api/assets-tags.ts'),
    route('assets/suggest', 'routes/api/assets-suggest.ts'),
    route('assets/download/:id', 'routes/api/assets-download.ts'),
    route('assets/downloads/history', 'routes/api/assets-downloads-history.ts'),
    route('auth/me', 'routes/api/auth-me.ts'),
    route('auth/login', 'routes/api/auth-login.ts'),
    route('auth/register', 'routes/api/auth-register.ts'),
    route('auth/forgot-password', 'routes/api/auth-forgot-password.ts'),
    route('auth/reset-password', 'routes/api/auth-reset-password.ts'),
    route('auth/logout', 'routes/api/auth-logout.ts'),
    route('auth/google/callback', 'routes/api/auth-google-callback.ts'),
    route('auth/billing/history', 'routes/api/auth-billing-history.ts'),
    route('users/favorites', 'routes/api/users-favorites.ts'),
    route('users/favorites/:id', 'routes/api/users-favorites-id.ts'),
    route('blogs', 'routes/api/blogs.ts'),
    route('blogs/:slug', 'routes/api/blogs-slug.ts'),
    route('stripe/webhook', 'routes/api/stripe-webhook.ts'),
    route('openapi.json', 'routes/api/openapi.ts'),
    route('admin/login', 'routes/api/admin/login.ts'),
    route('admin/analytics', 'routes/api/admin/analytics.ts'),
    route('admin/assets', 'routes/api/admin/assets.ts'),
    route('admin/assets/:id', 'routes/api/admin/assets-id.ts'),
    route('admin/assets/:id/publish', 'routes/api/admin/assets-id-publish.ts'),
    route('admin/users', 'routes/api/admin/users.ts'),
    route('admin/status', 'routes/api/admin/status.ts'),
    route('admin/blogs', 'routes/api/admin/blogs.ts'),
    route('admin/blogs/:id', 'routes/api/admin/blogs-id.ts'),
    route('admin/upload-image', 'routes/api/admin/upload-image.ts'),
  ]),

  // Files and machine endpoints
  route('og/:kind/:name', 'routes/og-image.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
