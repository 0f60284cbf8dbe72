import AxeBuilder from '@axe-core/playwright'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import {
  hydrated,
  register,
  signIn,
  uniqueEmail,
  signInAsDemoAdmin,
  NOT_FOUND_PAGE,
  SITE_PAGES,
  sitePage,
} from './support'

/**
 * Every page for every person: axe-core over every page in both JavaScript modes,
 * signed out, signed in and as the admin, failing on a serious or critical violation; and at
 * phone width (390 px) no public page is wider than the screen.
 */

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`

const { public: PUBLIC, signedIn: SIGNED_IN, admin: ADMIN_PAGES } = SITE_PAGES

const resolve = (page: Page, path: string) => sitePage(page.request, path)

/**
 * axe's colour-contrast rule reads text only, and the favourite heart is an outline icon on its
 * own disc (WCAG 1.4.11 asks 3:1 for it). The same axe run gets one more rule: the heart's
 * colour against its disc's, in whichever scheme the page is in. axe-core comes with
 * @axe-core/playwright (not a dependency of ours: knip.json ignores it); its source is read from
 * there and the rule appended to it.
 */
const require = createRequire(import.meta.url)
const axeDir = dirname(require.resolve('axe-core', { paths: [dirname(require.resolve('@axe-core/playwright'))] }))
const AXE_SOURCE = `${readFileSync(`${axeDir}/axe.min.js`, 'utf8')}
axe.configure({
  checks: [{
    id: 'heart-against-its-disc',
    evaluate: function (node) {
      var style = window.getComputedStyle(node);
      var Color = axe.commons.color.Color;
      var ink = new Color(); ink.parseString(style.color);
      var disc = new Color(); disc.parseString(style.backgroundColor);
      var ratio = disc.alpha < 1 ? 0 : axe.commons.color.getContrast(disc, ink);
      this.data({ ratio: Math.round(ratio * 100) / 100, ink: style.color, disc: style.backgroundColor });
      return ratio >= 3;
    },
    metadata: { impact: 'serious', messages: { pass: 'The heart stands out from its disc', fail: 'The heart is below 3:1 against its disc' } },
  }],
  rules: [{
    id: 'heart-contrast',
    selector: 'form[action="/favorites"] > button',
    excludeHidden: false,
    tags: ['wcag2aa', 'wcag21aa', 'wcag1411'],
    any: ['heart-against-its-disc'],
    metadata: { description: 'The favourite heart has 3:1 contrast against its disc', help: 'Icons need 3:1 contrast' },
  }],
});`

/**
 * The rules a colour scheme can change: the two schemes are the same page (the same markup, the
 * same text) in other colours, so the second scheme is checked for colour alone.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block', 'heart-contrast']

async function seriousViolations(page: Page, path: string, { colourOnly = false } = {}): Promise<string[]> {
  let target = page
  let noScript: BrowserContext | null = null
  if (test.info().project.name !== 'js') {
    // axe needs scripting to run, and a page opened with scripting off cannot run it. So the
    // page is opened as a browser without our JavaScript gets it: scripting on for axe, every
    // script file of ours refused, so nothing hydrates and the server's HTML is what is checked.
    noScript = await page
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: true, viewport: page.viewportSize() ?? undefined })
    await noScript.addCookies(await page.context().cookies())
    await noScript.route(/\.m?js(\?|$)/, (route) => route.abort())
    target = await noScript.newPage()
  }
  try {
    const response = await target.goto(new URL(path, baseURL).toString())
    // A page that is not there would be checked as a clean 404 page.
    expect(response?.status(), path).toBe(path === NOT_FOUND_PAGE ? 404 : 200)
    if (!noScript) await hydrated(target)
    const axe = new AxeBuilder({ page: target, axeSource: AXE_SOURCE })
    const results = await (colourOnly
      ? axe.withRules(COLOUR_RULES)
      : axe.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    ).analyze()
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${path} [${v.impact}] ${v.id}: ${v.help} -> ${v.nodes
            .slice(0, 4)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      )
  } finally {
    await noScript?.close()
  }
}

/** Light and dark (the dark-mode cookie, so it holds without JavaScript too). */
async function expectNoSeriousViolations(page: Page, path: string) {
  const problems: string[] = []
  // Dark is checked with JavaScript on: the cookie themes the server HTML the same either way,
  // and each axe run costs seconds on a busy machine. Light gets every rule, dark its colours.
  const schemes = test.info().project.name === 'js' ? (['light', 'dark'] as const) : (['light'] as const)
  for (const scheme of schemes) {
    await page
      .context()
      .addCookies([{ name: 'color-scheme', value: scheme, url: page.url().startsWith('http') ? page.url() : baseURL }])
    const found = await seriousViolations(page, path, { colourOnly: scheme === 'dark' })
    problems.push(...found.map((v) => `(${scheme}) ${v}`))
  }
  expect(problems, problems.join('\n')).toEqual([])
}

test.describe('axe: no serious or critical violation', () => {
  // The home page alone runs axe over a few thousand nodes, twice: seconds each on a busy machine.
  test.describe.configure({ timeout: 150_000 })
  for (const path of PUBLIC) {
    test(`signed out: ${path}`, async ({ page }) => {
      await expectNoSeriousViolations(page, await resolve(page, path))
    })
  }

  test('signed in: profile, account settings and favourites', async ({ page }) => {
    test.setTimeout(240_000)
    const user = { name: 'Axe Person', email: uniqueEmail('axe'), password: 'correct-horse-9' }
    await register(page, user)
    await signIn(page, user.email, user.password)
    await expect(page).not.toHaveURL(/\/login/)
    for (const path of SIGNED_IN) await expectNoSeriousViolations(page, await resolve(page, path))
  })

  for (const path of ADMIN_PAGES) {
    test(`admin: ${path}`, async ({ page }) => {
      await signInAsDemoAdmin(page)
      await expectNoSeriousViolations(page, await resolve(page, path))
    })
  }
})

test.describe('phones: 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  test.describe.configure({ timeout: 300_000 })

  test('no public page is wider than the screen', async ({ page }) => {
    const wide: string[] = []
    for (const path of PUBLIC) {
      await page.goto(await resolve(page, path))
      await hydrated(page)
      const { scroll, client } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }))
      if (scroll > client) wide.push(`${path}: ${scroll}px in ${client}px`)
    }
    expect(wide, wide.join('\n')).toEqual([])
  })

  test('the preview is a full-height sheet with the image fitted and the controls reachable', async ({ page }) => {
    await page.goto('/explore')
    await hydrated(page)
    await page.getByTestId('asset-card').first().getByRole('link').first().click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    const box = (await dialog.boundingBox())!
    expect(box.width).toBeLessThanOrEqual(390)
    expect(box.height).toBeGreaterThanOrEqual(844 - 1)
    const image = (await page.getByTestId('preview-stage').locator('img').boundingBox())!
    expect(image.width).toBeLessThanOrEqual(box.width)
    await expect(dialog.getByRole('button', { name: 'Download PNG' }))
      .toBeInViewport({ ratio: 0 })
      .catch(async () => {
        await dialog.getByRole('button', { name: 'Download PNG' }).scrollIntoViewIfNeeded()
        await expect(dialog.getByRole('button', { name: 'Download PNG' })).toBeInViewport()
      })
    await expect(dialog.getByRole('link', { name: 'Close preview' })).toBeInViewport()
  })

  test('explore shows cards side by side within the screen, titles visible without hover', async ({ page }) => {
    await page.goto('/explore')
    const cards = page.getByTestId('asset-card')
    const boxes = await cards.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect()
        return { x: r.x, y: Math.round(r.y), right: r.right }
      }),
    )
    // Justified rows: a landscape may take a row alone, but rows of two or more are the rule.
    const perRow = new Map<number, number>()
    for (const box of boxes) perRow.set(box.y, (perRow.get(box.y) ?? 0) + 1)
    const shared = [...perRow.values()].filter((n) => n >= 2).length
    expect(shared).toBeGreaterThanOrEqual(perRow.size / 2)
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.right).toBeLessThanOrEqual(390)
    }
    await expect(cards.first().getByTestId('card-title')).toBeVisible()
  })

  test("the list view's titles and details stay clear of each card's buttons, with room to read", async ({ page }) => {
    await page.goto('/explore?view=list')
    await hydrated(page)
    const cards = page.getByTestId('asset-card')
    expect(await cards.count()).toBeGreaterThan(0)
    const clashes = await cards.evaluateAll((els) =>
      els.flatMap((card) => {
        // The title and the lines under it: blocks as wide as the text may run.
        const lines = [...card.querySelectorAll('h3, h3 ~ p')].map((line) => line.getBoundingClientRect())
        const buttons = [...card.querySelectorAll('form button')].map((button) => button.getBoundingClientRect())
        return lines
          .filter((text) =>
            buttons.some(
              (box) => text.left < box.right && box.left < text.right && text.top < box.bottom && box.top < text.bottom,
            ),
          )
          .map(() => card.querySelector('h3')!.textContent)
      }),
    )
    expect(clashes).toEqual([])
    // The buttons stand one above the other, so the text column is not squeezed to a few words
    // a line (side by side they left it 120 px: "Space · 0 / downloads").
    const room = await cards.evaluateAll((els) =>
      els.map((card) => {
        const buttons = [...card.querySelectorAll('form button')].map((button) => button.getBoundingClientRect().left)
        // A card without its buttons has no room to measure: counted as none.
        if (buttons.length < 2) return 0
        return Math.min(...buttons) - card.querySelector('h3')!.getBoundingClientRect().left
      }),
    )
    expect(Math.min(...room)).toBeGreaterThanOrEqual(160)
  })

  test('the menu opens by thumb and its links are large enough to tap', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('banner').getByLabel('Menu', { exact: true }).tap()
    const link = page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Explore' })
    await expect(link).toBeVisible()
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(24)
  })
})

test('the preview keeps focus inside and returns it to the card on close @js-only', async ({ page }) => {
  await page.goto('/explore')
  await hydrated(page)
  const cardLink = page.getByTestId('asset-card').first().getByRole('link').first()
  await cardLink.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  // Focus moves into the dialog as it opens (and its key handling starts with it).
  await expect(dialog).toBeFocused()
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab')
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
  await page.keyboard.press('Shift+Tab')
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(cardLink).toBeFocused()
})

test('the favourite heart keeps 3:1 against its disc in light and dark @js-only', async ({ page }) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.context().addCookies([{ name: 'color-scheme', value: scheme, url: baseURL }])
    await page.goto('/explore')
    const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).withRules(['heart-contrast']).analyze()
    const checked = results.passes.flatMap((r) => r.nodes).length + results.violations.flatMap((r) => r.nodes).length
    expect(checked, `${scheme}: hearts checked`).toBeGreaterThan(0)
    expect(
      results.violations.flatMap((v) =>
        v.nodes.map((n) => `${scheme}: ${n.target.join(' ')} ${JSON.stringify(n.any[0]?.data)}`),
      ),
    ).toEqual([])
  }
})
