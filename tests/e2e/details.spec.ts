import { expect, test, type Page } from '@playwright/test'
import { DEMO_ADMIN, hydrated, jsEnabled, signInAsDemoAdmin } from './support'

/**
 * The small things a visitor notices: the header's box keeps the search, the toolbar stays put
 * when the filters open, the home's grid fills its rows, a page past the last one is not shown
 * empty, the dark scheme keeps the collage visible, admin tables read on a phone, and the pages
 * say what is true (the help page's file names, the administrator's quota).
 */

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`

async function useScheme(page: Page, scheme: 'light' | 'dark') {
  await page.context().addCookies([{ name: 'color-scheme', value: scheme, url: baseURL }])
}

test("the header's search box keeps the search on the results", async ({ page }) => {
  await page.goto('/explore?q=robot')
  // The box's field by name: with JavaScript the first focus swaps in the suggesting combobox.
  const header = page.getByTestId('header-search').locator('input[name=q]')
  await expect(header).toHaveValue('robot')
  // A new search from the header: the box shows the new words on the new results.
  await header.fill('sailboat')
  await header.press('Enter')
  await expect(page).toHaveURL(/\/explore\?q=sailboat$/)
  await expect(header).toHaveValue('sailboat')
  // Elsewhere the box is empty.
  await page.goto('/pricing')
  await expect(header).toHaveValue('')
})

test.describe('desktop: 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('opening the filters moves neither the sort nor the Grid/List switch', async ({ page }) => {
    await page.goto('/explore')
    await hydrated(page)
    const layout = page.getByRole('group', { name: 'Layout' })
    const sort = page.getByLabel('Sort by')
    const closed = [(await layout.boundingBox())!, (await sort.boundingBox())!]
    await page.getByText('All filters', { exact: true }).click()
    await expect(page.getByRole('button', { name: 'Apply filters' })).toBeVisible()
    const open = [(await layout.boundingBox())!, (await sort.boundingBox())!]
    for (const i of [0, 1]) {
      expect(Math.abs(open[i].y - closed[i].y)).toBeLessThan(2)
      expect(Math.abs(open[i].x - closed[i].x)).toBeLessThan(2)
    }
  })

  test("'Fresh from the studio' fills every row", async ({ page }) => {
    await page.goto('/')
    expect(await expectFullRows(page)).toBe(4)
  })

  test('dark: the collage tiles stand out from the page, edge and surface', async ({ page }) => {
    await useScheme(page, 'dark')
    await page.goto('/')
    const tile = page.getByRole('group', { name: 'Featured assets' }).locator('a').first()
    const {
      border,
      surface,
      page: ground,
    } = await tile.evaluate((el) => {
      const style = getComputedStyle(el)
      return {
        border: style.borderTopColor,
        surface: style.backgroundColor,
        page: getComputedStyle(document.body).backgroundColor,
      }
    })
    expect(contrast(border, ground), `edge ${border} on ${ground}`).toBeGreaterThanOrEqual(3)
    expect(surface).not.toBe(ground)
  })
})

for (const [scheme, shade] of [
  ['light', 8],
  ['dark', 3],
] as const) {
  test(`${scheme}: the theme's colours come from the cached stylesheet, not from every page`, async ({ page }) => {
    await useScheme(page, scheme)
    const html = await (await page.request.get('/')).text()
    expect(html).not.toContain('data-mantine-styles')
    await page.goto('/')
    const { accent, expected } = await page.evaluate((shade) => {
      const style = getComputedStyle(document.documentElement)
      return {
        accent: style.getPropertyValue('--app-accent').trim(),
        expected: style.getPropertyValue(`--mantine-color-indigo-${shade}`).trim(),
      }
    }, shade)
    expect(expected).toMatch(/^#/)
    expect(accent).toBe(expected)
  })
}

test.describe('phones: 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test("'Fresh from the studio' shows compact cards in full rows of two or more", async ({ page }) => {
    await page.goto('/')
    const columns = await expectFullRows(page)
    expect(columns).toBeGreaterThanOrEqual(2)
    const grid = (await page.getByTestId('home-grid').boundingBox())!
    // Twelve cards, two to a row: about six card heights, not twelve screens.
    expect(grid.height).toBeLessThan(1600)
  })

  for (const path of ['/admin/assets', '/admin/users', '/admin/blog', '/admin']) {
    test(`admin table on a phone: ${path} keeps headers whole and its last column reachable`, async ({ page }) => {
      await signInAsDemoAdmin(page)
      await page.goto(path)
      const table = page.locator('main table').first()
      await expect(table).toBeVisible()
      const headers = table.locator('thead th')
      const broken = await headers.evaluateAll((cells) =>
        cells
          .filter((th) => (th.textContent ?? '').trim())
          .filter((th) => {
            const range = document.createRange()
            range.selectNodeContents(th)
            // Text on one line has one line box; a header broken mid-word has two or more.
            // (A visually hidden header is 1 px wide: its text is for screen readers only.)
            const rects = [...range.getClientRects()].filter((r) => r.width > 2)
            const lines = new Set(rects.map((r) => Math.round(r.top)))
            return lines.size > 1
          })
          .map((th) => th.textContent),
      )
      expect(broken).toEqual([])
      const last = headers.last()
      await last.scrollIntoViewIfNeeded()
      await expect(last).toBeInViewport()
      // The page itself does not scroll sideways: the table's own container does, with the
      // browser's own scrolling (a mouse scrolls it without JavaScript too), and a shade at the
      // edge the table goes on past, since a phone shows its scrollbar only while it scrolls.
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
      expect(wide).toBe(false)
      const container = await table.evaluate((el) => {
        const box = el.closest('.mantine-TableScrollContainer-scrollContainer')!
        const style = getComputedStyle(box)
        return { overflow: style.overflowX, shades: style.backgroundImage.match(/radial-gradient/g)?.length ?? 0 }
      })
      expect(container).toEqual({ overflow: 'auto', shades: 2 })
    })
  }
})

test('a page past the last one goes to the last page', async ({ page }) => {
  await page.goto('/explore?page=9999')
  await expect(page).toHaveURL(/\/explore\?page=\d+$/)
  const shown = Number(new URL(page.url()).searchParams.get('page'))
  await expect(page.getByText(new RegExp(`^Page ${shown} of ${shown}$`))).toBeVisible()
  await expect(page.getByText('No assets found')).toHaveCount(0)
  await expect(page.getByTestId('asset-card').first()).toBeVisible()
})

test('a colour picked from a palette shows as its own swatch in the filters', async ({ page }) => {
  await page.goto('/explore?color=7c8cf0')
  const swatch = page.getByRole('img', { name: 'Custom colour #7c8cf0' })
  await expect(swatch).toBeVisible()
  await expect(swatch).toHaveCSS('background-color', 'rgb(124, 140, 240)')
})

test("the help page names the files' real formats", async ({ page }) => {
  await page.goto('/help')
  const main = page.getByRole('main')
  await expect(main).toContainText("real format's extension")
  await expect(main).not.toContainText('with a .png extension')
})

test('the upload page uses styled fields that post without JavaScript', async ({ page }) => {
  await signInAsDemoAdmin(page)
  await page.goto('/admin/upload')
  const csv = page.getByLabel('CSV metadata (optional)')
  await expect(csv).toHaveAttribute('type', 'file')
  await expect(csv).toHaveClass(/mantine-Input-input/)
  await expect(page.getByLabel('The images are')).toHaveClass(/mantine-NativeSelect-input/)
  await expect(page.locator('form[enctype="multipart/form-data"][method="post"]')).toHaveCount(1)
  // On a phone the drop area, its field shown without JavaScript, fits the width.
  await page.setViewportSize({ width: 390, height: 844 })
  const field = page.locator('#upload-files')
  const box = (await field.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test("the administrator's quota says unlimited, not 'n of 5 free downloads'", async ({ page }) => {
  await signInAsDemoAdmin(page)
  await page.goto('/explore')
  const href = await page.getByTestId('asset-card').first().getByRole('link').first().getAttribute('href')
  await page.goto(`/assets/${new URL(href!, baseURL).searchParams.get('assetId')}`)
  await expect(page.getByTestId('quota-line').first()).toHaveText('Unlimited downloads (administrator)')
  await page.goto('/profile')
  await expect(page.getByTestId('tile-quota')).toContainText('Unlimited')
  await expect(page.getByTestId('tile-plan')).toContainText('Administrator')
  await expect(page.getByTestId('tile-plan').getByRole('link', { name: 'Upgrade' })).toHaveCount(0)
  // Searched for: the users list is paged, and the other tests' accounts push the admin off page 1.
  await page.goto(`/admin/users?q=${encodeURIComponent(DEMO_ADMIN.email)}`)
  await expect(page.getByRole('row').filter({ hasText: 'admin@example.com' })).toContainText(/Free · unlimited/i)
  if (jsEnabled()) await hydrated(page)
})

/** The home grid's cards fill whole rows; returns the number of columns. */
async function expectFullRows(page: Page): Promise<number> {
  const boxes = await page
    .getByTestId('home-grid')
    .getByTestId('asset-card')
    .evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().x)))
  expect(boxes).toHaveLength(12)
  // Masonry columns: every column holds two cards or more. A row-by-row grid that ends on a
  // part-empty row (8 cards in 5 columns) leaves columns with one.
  const perColumn = new Map<number, number>()
  for (const x of boxes) perColumn.set(x, (perColumn.get(x) ?? 0) + 1)
  expect(
    Math.min(...perColumn.values()),
    `cards per column: ${[...perColumn.values()].join(', ')}`,
  ).toBeGreaterThanOrEqual(2)
  return perColumn.size
}

/** WCAG contrast of two computed 'rgb(...)' colours. */
function contrast(a: string, b: string): number {
  const luminance = (c: string) => {
    const [r, g, bl] = c
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number)
    const lin = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(bl)
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}
