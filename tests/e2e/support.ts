import { readFileSync } from 'node:fs'
import pg from 'pg'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

export const jsEnabled = () => test.info().project.name === 'js'

/** With JavaScript on, waits until React has hydrated the page; without, returns at once. */
export async function hydrated(page: Page): Promise<void> {
  if (!jsEnabled()) return
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

/** A query against the e2e server's own database (see scripts/e2e-server.mjs). */
export async function e2eQuery<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const port = process.env.E2E_PORT ?? '3210'
  const { databaseUrl } = JSON.parse(readFileSync(`.tmp/e2e-${port}.json`, 'utf8')) as { databaseUrl: string }
  if (!databaseUrl) throw new Error('The e2e server runs on PGlite: database helpers need PostgreSQL.')
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query(text, values)).rows as T[]
  } finally {
    await client.end()
  }
}

/**
 * The screens the account, quota and resume flows are checked on: a phone in dark
 * mode and a wide desktop in light. Without JavaScript the system's scheme is not followed
 * (decision 53: that needs Mantine's script), so there the dark screen also carries the cookie
 * the header toggle sets, as a person who wants dark would have.
 */
export const SCREENS = [
  {
    name: '390 px, dark',
    scheme: 'dark',
    use: { viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true, hasTouch: true },
  },
  { name: '1440 px, light', scheme: 'light', use: { viewport: { width: 1440, height: 900 }, colorScheme: 'light' } },
] as const

/** Declares the tests of `body` once per screen of SCREENS, each in a describe named after it. */
export function onEachScreen(body: () => void): void {
  for (const screen of SCREENS) {
    test.describe(screen.name, () => {
      test.use(screen.use)
      test.beforeEach(async ({ context, baseURL }) => {
        if (screen.scheme === 'dark' && !jsEnabled())
          await context.addCookies([{ name: 'color-scheme', value: 'dark', url: baseURL! }])
      })
      test.afterEach(async ({ page }, info) => {
        // The flow really ran in this scheme (a page was open and the test passed).
        if (info.status !== 'passed' || page.url() === 'about:blank') return
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', screen.scheme)
      })
      body()
    })
  }
}

export const uniqueEmail = (prefix = 'e2e') =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.com`

/** Signs in through the login form, as a person would. */
export async function signIn(page: import('@playwright/test').Page, email: string, password: string, path = '/login') {
  await page.goto(path)
  await page.locator('input[name=email]').fill(email)
  await page.locator('input[name=password]').fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** Creates an account through the registration form. */
export async function register(
  page: import('@playwright/test').Page,
  input: { name: string; email: string; password: string },
) {
  await page.goto('/login?mode=register')
  await page.getByLabel('Full name').fill(input.name)
  await page.locator('input[name=email]').fill(input.email)
  await page.locator('input[name=password]').fill(input.password)
  await page.locator('input[name=confirmPassword]').fill(input.password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.getByText('Registration successful! Please sign in.').waitFor()
}

/** The demo administrator of the e2e server (demo mode). */
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'demo-admin-password' }

/** Signs in on /admin/login as the demo administrator and lands on the dashboard. */
export async function signInAsDemoAdmin(page: import('@playwright/test').Page): Promise<void> {
  await page.goto('/admin/login')
  await hydrated(page)
  await page.locator('input[name=email]').fill(DEMO_ADMIN.email)
  await page.locator('input[name=password]').fill(DEMO_ADMIN.password)
  await page.getByRole('button', { name: 'Login as Admin' }).click()
  await expect(page).toHaveURL(/\/admin$/)
}

/**
 * The pages every whole-site check visits (axe in a11y.spec.ts, the W3C checker in
 * html-valid.spec.ts): one list, so a new page is checked by both. FIRST_ASSET, FIRST_POST and
 * FIRST_KIT stand for an asset, a post and a kit of the demo catalogue.
 */
/** The page of SITE_PAGES made to be missing: the only one that answers 404. */
export const NOT_FOUND_PAGE = '/no-such-page'

export const SITE_PAGES = {
  public: [
    '/',
    '/?assetId=FIRST_ASSET',
    '/explore',
    '/explore?q=shpere',
    '/explore?q=zzqqxxnothing',
    '/explore?assetId=FIRST_ASSET',
    '/assets/FIRST_ASSET',
    '/pricing',
    '/login',
    '/login?mode=register',
    '/forgot-password',
    '/reset-password?token=nope',
    '/blog',
    '/blog/FIRST_POST',
    '/about',
    '/contact',
    '/license',
    '/terms',
    '/privacy',
    '/categories',
    '/collections',
    '/collections/FIRST_KIT',
    '/early-access',
    '/api',
    '/careers',
    '/help',
    '/faq',
    NOT_FOUND_PAGE,
    '/admin/login',
  ],
  signedIn: ['/profile', '/profile/account', '/favorites', '/explore?assetId=FIRST_ASSET'],
  admin: [
    '/admin',
    '/admin/assets',
    '/admin/users',
    '/admin/system-status',
    '/admin/analytics',
    '/admin/analytics?days=90',
    '/admin/assets/FIRST_ASSET/figures',
    '/admin/upload',
    '/admin/blog',
    '/admin/blog/new',
    // A kit as the artist sees it: with its edit and delete controls.
    '/collections/FIRST_KIT',
  ],
} as const

/**
 * Waits until every upload on the upload page is processed (decision 087): with JavaScript the
 * page updates by itself; without it, Refresh (a form post) draws it again.
 */
export async function untilUploadsProcessed(page: Page, timeout = 30_000): Promise<void> {
  const processing = page.locator('[data-testid=upload-item][data-processing=processing]')
  if (jsEnabled()) {
    await expect(processing).toHaveCount(0, { timeout })
    return
  }
  await expect
    .poll(
      async () => {
        if ((await processing.count()) === 0) return 0
        await page.getByRole('button', { name: 'Refresh', exact: true }).click()
        await page.waitForLoadState()
        return processing.count()
      },
      { timeout, intervals: [500, 1000] },
    )
    .toBe(0)
}

/**
 * SITE_PAGES' paths with FIRST_ASSET, FIRST_POST and FIRST_KIT replaced by an asset, a blog post
 * and a kit of the demo catalogue, found once per worker (looked up again after a failure).
 */
let firstOfEach: Promise<Record<'FIRST_ASSET' | 'FIRST_POST' | 'FIRST_KIT', string>> | undefined
export async function sitePage(request: APIRequestContext, path: string): Promise<string> {
  if (!path.includes('FIRST_')) return path
  const first = async (page: string, pattern: RegExp) => {
    const res = await request.get(page)
    expect(res.status(), page).toBe(200)
    return pattern.exec(await res.text())![1]!
  }
  firstOfEach ??= (async () => ({
    FIRST_ASSET: await first('/explore', /assetId=(\d+)/),
    FIRST_POST: await first('/blog', /href="\/blog\/([a-z0-9-]+)"/),
    FIRST_KIT: await first('/collections', /href="\/collections\/(\d+)"/),
  }))()
  const found = await firstOfEach.catch((error: unknown) => {
    firstOfEach = undefined
    throw error
  })
  return path.replace(/FIRST_(ASSET|POST|KIT)/g, (name) => found[name as keyof typeof found])
}

/** Waits until an asset uploaded through the API is processed, and answers its state. */
export async function untilProcessed(
  api: import('@playwright/test').APIRequestContext,
  headers: Record<string, string>,
  id: number,
  timeout = 30_000,
): Promise<string> {
  let state = 'processing'
  await expect
    .poll(
      async () => {
        const res = await api.get(`/api/admin/assets/${id}`, { headers })
        state = ((await res.json()) as { processing: { state: string } }).processing.state
        return state
      },
      { timeout, intervals: [250, 500, 1000] },
    )
    .not.toBe('processing')
  return state
}
