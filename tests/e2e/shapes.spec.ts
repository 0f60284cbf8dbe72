import sharp from 'sharp'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { DEMO_ADMIN, hydrated, register, signIn, uniqueEmail, untilProcessed } from './support'

// Every picture in its real shape: a landscape, a portrait and a square asset (made here, not
// taken from the demo catalogue) shown whole in the grid, the preview dialog and the asset
// page, at phone and desktop widths, in both colour schemes, with JavaScript on and off.

interface Shape {
  label: string
  width: number
  height: number
  type: 'image' | '3d'
}

const SHAPES: Shape[] = [
  { label: 'Landscape', width: 1600, height: 900, type: 'image' },
  { label: 'Portrait', width: 900, height: 1600, type: 'image' },
  { label: 'Square', width: 1200, height: 1200, type: 'image' },
  // A render sits on the checkerboard with a margin: its box keeps the ratio too.
  { label: 'Wide render', width: 1500, height: 1000, type: '3d' },
  // Wider than a card's thumbnail can fill at a desktop's row height.
  { label: 'Panorama', width: 2500, height: 1000, type: 'image' },
]

const ratioOf = (shape: Shape) => shape.width / shape.height
const titleOf = (shape: Shape, word: string) => `${shape.label} ${word}`

/** A picture whose frame and corner marks would be cut by any crop. */
function picture(shape: Shape): Promise<Buffer> {
  const { width: w, height: h } = shape
  const mark = Math.round(Math.min(w, h) / 8)
  const background =
    shape.type === '3d'
      ? ''
      : `<rect width="${w}" height="${h}" fill="url(#g)"/><rect x="12" y="12" width="${w - 24}" height="${h - 24}" fill="none" stroke="#fff" stroke-width="24"/>`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2563eb"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs>
${background}
<circle cx="${w / 2}" cy="${h / 2}" r="${Math.min(w, h) / 4}" fill="#facc15"/>
<rect x="0" y="0" width="${mark}" height="${mark}" fill="#22c55e"/><rect x="${w - mark}" y="${h - mark}" width="${mark}" height="${mark}" fill="#22c55e"/>
</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

// Each project (JavaScript on, off) makes its own assets under its own word, so a search finds
// exactly them.
let word = ''
const ids = new Map<string, number>()

test.beforeAll(async ({ playwright }, testInfo) => {
  word = `shapes${testInfo.project.name.replace(/\W/g, '')}${Date.now().toString(36)}`
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
  try {
    const login = await api.post('/api/admin/login', { data: DEMO_ADMIN })
    expect(login.status()).toBe(200)
    const { token } = (await login.json()) as { token: string }
    const headers = { Authorization: `Bearer ${token}` }
    for (const shape of SHAPES) {
      const created = await api.post('/api/admin/assets', {
        headers,
        multipart: {
          title: titleOf(shape, word),
          tags: `${word}, shapes`,
          category: 'Testing',
          asset_type: shape.type,
          file: { name: `${shape.label.toLowerCase()}.png`, mimeType: 'image/png', buffer: await picture(shape) },
        },
      })
      expect(created.status()).toBe(201)
      const { id } = (await created.json()) as { id: number }
      // Publishing waits for the processing (decision 087).
      expect(await untilProcessed(api, headers, id)).toBe('ready')
      expect((await api.post(`/api/admin/assets/${id}/publish`, { headers })).ok()).toBe(true)
      ids.set(shape.label, id)
    }
  } finally {
    await api.dispose()
  }
})

interface Measured {
  box: number
  natural: number
  fit: string
  width: number
  height: number
  top: number
  left: number
}

/** The rendered image's box, once it has loaded, and how it is fitted. */
async function measure(img: Locator): Promise<Measured> {
  await img.scrollIntoViewIfNeeded()
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true)
  return img.evaluate((el: HTMLImageElement) => {
    const r = el.getBoundingClientRect()
    return {
      box: r.width / r.height,
      natural: el.naturalWidth / el.naturalHeight,
      fit: getComputedStyle(el).objectFit,
      width: r.width,
      height: r.height,
      top: r.top,
      left: r.left,
    }
  })
}

/** Shown whole: the box has the file's ratio (within 2%), the image in it is the file's shape and is not cropped. */
function expectWhole(shape: Shape, m: Measured, where: string) {
  const want = ratioOf(shape)
  expect(Math.abs(m.box - want) / want, `${shape.label} in ${where}: box ${m.box.toFixed(3)}`).toBeLessThan(0.02)
  expect(Math.abs(m.natural - want) / want, `${shape.label} in ${where}: image ${m.natural.toFixed(3)}`).toBeLessThan(
    0.02,
  )
  expect(m.fit, `${shape.label} in ${where}`).not.toBe('cover')
}

const card = (page: Page, shape: Shape) =>
  page.getByTestId('asset-card').filter({ has: page.getByRole('link', { name: `Preview ${titleOf(shape, word)}` }) })

for (const width of [390, 1440]) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${width} px, ${scheme}`, () => {
      test.use({ viewport: { width, height: width < 500 ? 844 : 900 } })

      test('the grid, the preview and the asset page show each picture whole', async ({ page, baseURL }) => {
        await page.context().addCookies([{ name: 'color-scheme', value: scheme, url: baseURL! }])
        await page.goto(`/explore?q=${word}`)
        await hydrated(page)
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme)
        await expect(page.getByTestId('asset-card')).toHaveCount(SHAPES.length)

        // The grid: each card its picture's shape, the cards of a row one height, none off the screen.
        const rows = new Map<number, number[]>()
        for (const shape of SHAPES) {
          const m = await measure(card(page, shape).locator('img'))
          expectWhole(shape, m, 'the grid')
          const box = (await card(page, shape).boundingBox())!
          expect(box.x).toBeGreaterThanOrEqual(0)
          expect(box.x + box.width).toBeLessThanOrEqual(width)
          const y = Math.round(box.y + (await page.evaluate(() => window.scrollY)))
          rows.set(y, [...(rows.get(y) ?? []), box.height])
        }
        for (const heights of rows.values())
          expect(Math.max(...heights) - Math.min(...heights), 'one row, one height').toBeLessThan(1.5)

        for (const shape of SHAPES) {
          // The preview: a card opens it (in place with JavaScript, as a page from the URL without).
          await page.goto(`/explore?q=${word}`)
          await hydrated(page)
          await card(page, shape)
            .getByRole('link', { name: `Preview ${titleOf(shape, word)}` })
            .click()
          const dialog = page.getByRole('dialog')
          await expect(dialog.getByRole('heading', { name: titleOf(shape, word) })).toBeVisible()
          const inDialog = await measure(page.getByTestId('preview-stage').locator('img'))
          expectWhole(shape, inDialog, 'the preview')
          const viewport = page.viewportSize()!
          expect(inDialog.left).toBeGreaterThanOrEqual(0)
          expect(inDialog.left + inDialog.width).toBeLessThanOrEqual(viewport.width)
          expect(inDialog.height, 'the picture fits the screen').toBeLessThanOrEqual(viewport.height)

          // The asset page.
          await page.goto(`/assets/${ids.get(shape.label)}`)
          await hydrated(page)
          await expect(page.getByRole('heading', { level: 1, name: titleOf(shape, word) })).toBeVisible()
          const onPage = await measure(page.getByTestId('preview-stage').locator('img'))
          expectWhole(shape, onPage, 'the asset page')
          expect(onPage.left + onPage.width).toBeLessThanOrEqual(viewport.width)
          expect(onPage.height).toBeLessThanOrEqual(viewport.height)
        }
      })
    })
  }
}

test('cards have their shape before any image arrives: nothing moves when the images load', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  // Every image is held back until the layout has been measured.
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/images/**', async (route) => {
    await gate
    await route.continue()
  })
  const boxes = async (selector: string) =>
    page.locator(selector).evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect()
        return { x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width), h: Math.round(r.height) }
      }),
    )

  await page.goto(`/explore?q=${word}`, { waitUntil: 'domcontentloaded' })
  await hydrated(page)
  // The load event waits for the held images, so wait for the stylesheets alone: without
  // JavaScript nothing else does, and an unstyled page has other boxes. Polled from here: a
  // page without JavaScript may never run the in-page polling of waitForFunction.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'))
            .filter((link) => !link.sheet)
            .map((link) => link.href),
        ),
      { message: 'stylesheets not loaded yet', timeout: 30_000 },
    )
    .toEqual([])
  const cards = '[data-testid="asset-card"] img'
  await expect(page.locator(cards)).toHaveCount(SHAPES.length)
  const before = await boxes(cards)
  for (const shape of SHAPES) {
    const img = card(page, shape).locator('img')
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(0)
    const m = await img.evaluate((el) => el.getBoundingClientRect())
    expect(Math.abs(m.width / m.height - ratioOf(shape)) / ratioOf(shape)).toBeLessThan(0.02)
  }
  release()
  for (const shape of SHAPES) await measure(card(page, shape).locator('img'))
  expect(await boxes(cards)).toEqual(before)
})

test('every card is shown from a file at least as wide as the card shows it, the thumbnail where that is enough', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(`/explore?q=${word}`)
  await expect(page.getByTestId('asset-card')).toHaveCount(SHAPES.length)
  for (const shape of SHAPES) {
    const img = card(page, shape).locator('img')
    await measure(img)
    const { shown, file } = await img.evaluate((el: HTMLImageElement) => ({
      shown: el.getBoundingClientRect().width * window.devicePixelRatio,
      file: el.currentSrc,
    }))
    // The file's own pixels, not what its name or the page says.
    const { width } = await sharp(await (await page.request.get(file)).body()).metadata()
    expect(width, `${shape.label}: ${file} for ${Math.round(shown)} px`).toBeGreaterThanOrEqual(Math.floor(shown))
    // The panorama's card is wider than its 480 px thumbnail; every other card here fits its own.
    // Without JavaScript this failed about one run in two while lazy cards said sizes="auto"
    // (the preview fetched for a 427 px landscape).
    expect(file, `${shape.label} at ${Math.round(shown)} px`).toMatch(
      shape.label === 'Panorama' ? /\/preview\.webp$/ : /\/thumb\.webp$/,
    )
  }
})

test('the list view keeps one card per line, each picture whole in its square', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(`/explore?q=${word}&view=list`)
  await expect(page.getByTestId('asset-card')).toHaveCount(SHAPES.length)
  const xs = new Set<number>()
  for (const shape of SHAPES) {
    await expect(card(page, shape)).toHaveAttribute('data-layout', 'list')
    const m = await measure(card(page, shape).locator('img'))
    expect(m.fit).toBe('contain')
    expect(Math.abs(m.natural - ratioOf(shape)) / ratioOf(shape)).toBeLessThan(0.02)
    xs.add(Math.round((await card(page, shape).boundingBox())!.x))
  }
  expect(xs.size).toBe(1)
})

test("a collection being arranged: a row's controls on one line, whatever its pictures' shapes", async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail('shapes')
  await register(page, { name: 'Shape Keeper', email, password: 'shapes-keep-1' })
  await signIn(page, email, 'shapes-keep-1')
  await expect(page).toHaveURL(/\/profile$/)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/collections')
  await page.getByLabel('Name').fill(`Shapes ${word}`)
  await page.getByRole('button', { name: 'Create collection' }).click()
  await expect(page).toHaveURL(/\/collections\/\d+$/)
  const collection = new URL(page.url()).pathname.split('/').at(-1)
  for (const shape of SHAPES) {
    const added = await page.request.post(`/api/collections/${collection}/assets`, {
      data: { asset_id: ids.get(shape.label) },
      headers: { origin: baseURL! },
    })
    expect(added.status()).toBe(201)
  }
  await page.reload()
  const tools = page.getByRole('group', { name: /^Arrange / })
  await expect(tools).toHaveCount(SHAPES.length)
  // One row at this width: the pictures keep their shapes, the controls share a line under them.
  const tops = await tools.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)))
  expect(new Set(tops).size, `the controls' tops: ${tops.join(', ')}`).toBe(1)
  const ratios = await page
    .getByTestId('asset-card')
    .locator('img')
    .evaluateAll((imgs) => imgs.map((img) => img.getBoundingClientRect().width / img.getBoundingClientRect().height))
  expect(Math.max(...ratios) / Math.min(...ratios)).toBeGreaterThan(1.5)
})

for (const path of ['/categories', '/collections']) {
  test(`${path}: every tile's pictures share one 4:3 box, so a row's names line up`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(path)
    const tiles = page.getByTestId('tile-pictures')
    expect(await tiles.count()).toBeGreaterThan(3)
    // Every picture loaded (they load lazily as they come near): a picture's own shape is what
    // used to stretch or shrink its tile.
    for (const tile of await tiles.all()) await tile.scrollIntoViewIfNeeded()
    await expect
      .poll(() => page.evaluate(() => Array.from(document.images).filter((img) => !img.complete).length), {
        timeout: 30_000,
      })
      .toBe(0)
    const measured = await tiles.evaluateAll((els) =>
      els.map((el) => {
        const box = el.getBoundingClientRect()
        const name = el.nextElementSibling!.getBoundingClientRect()
        const imgs = Array.from(el.querySelectorAll('img'))
        // Every picture inside the box: none spills out of it or is cut at its edge.
        const inside = imgs.every((img) => {
          const r = img.getBoundingClientRect()
          return (
            r.left >= box.left - 1 && r.right <= box.right + 1 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1
          )
        })
        return {
          top: Math.round(box.top + scrollY),
          ratio: box.width / box.height,
          nameTop: Math.round(name.top),
          shapes: imgs.map((img) => img.naturalWidth / img.naturalHeight),
          inside,
        }
      }),
    )
    // The demo catalogue's pictures are of several shapes: wide patterns, square renders.
    const shapes = measured.flatMap((m) => m.shapes)
    expect(Math.max(...shapes) / Math.min(...shapes)).toBeGreaterThan(1.3)
    for (const m of measured)
      expect(Math.abs(m.ratio - 4 / 3), `a tile's box is ${m.ratio.toFixed(3)}`).toBeLessThan(0.02)
    expect(measured.filter((m) => !m.inside)).toEqual([])
    const rows = new Map<number, Set<number>>()
    for (const m of measured) rows.set(m.top, (rows.get(m.top) ?? new Set()).add(m.nameTop))
    for (const [top, names] of rows) expect(names.size, `the names of the row at ${top} px`).toBe(1)
  })
}

for (const width of [1440, 390]) {
  test(`home at ${width} px: every picture of the hero, the strip and the kits whole and centred in its frame`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    // The floating circles bob up and down unless motion is reduced.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    const images = page
      .getByRole('group', { name: 'Featured assets' })
      .or(page.getByTestId('hero-strip'))
      .or(page.getByTestId('home-kits'))
      .locator('img')
    expect(await images.count()).toBeGreaterThan(15)
    for (const img of await images.all()) await img.scrollIntoViewIfNeeded()
    await expect
      .poll(() => images.evaluateAll((imgs: HTMLImageElement[]) => imgs.filter((img) => !img.complete).length), {
        timeout: 30_000,
      })
      .toBe(0)
    const measured = await images.evaluateAll((imgs: HTMLImageElement[]) =>
      imgs.map((img) => {
        // The frame is the element around the <picture>: the tile, the circle, the square.
        const frame = (img.closest('picture') ?? img).parentElement!
        const f = frame.getBoundingClientRect()
        const r = img.getBoundingClientRect()
        const cs = getComputedStyle(frame)
        const px = (v: string) => Number.parseFloat(v) || 0
        const centre = {
          x:
            (f.left +
              px(cs.borderLeftWidth) +
              px(cs.paddingLeft) +
              f.right -
              px(cs.borderRightWidth) -
              px(cs.paddingRight)) /
            2,
          y:
            (f.top +
              px(cs.borderTopWidth) +
              px(cs.paddingTop) +
              f.bottom -
              px(cs.borderBottomWidth) -
              px(cs.paddingBottom)) /
            2,
        }
        return {
          alt: img.alt || img.src,
          shape: img.naturalWidth / img.naturalHeight,
          inside: r.left >= f.left - 1 && r.right <= f.right + 1 && r.top >= f.top - 1 && r.bottom <= f.bottom + 1,
          offCentre: Math.round(
            Math.max(Math.abs((r.left + r.right) / 2 - centre.x), Math.abs((r.top + r.bottom) / 2 - centre.y)),
          ),
          strip: Boolean(frame.closest('[data-testid="hero-strip"]')),
          frameRatio: f.width / f.height,
        }
      }),
    )
    // The strip holds pictures of several shapes (a wide landscape, a tall one, square renders):
    // a tall one used to stretch its square and the others sat against its left edge.
    const stripShapes = measured.filter((m) => m.strip).map((m) => m.shape)
    expect(Math.max(...stripShapes) / Math.min(...stripShapes)).toBeGreaterThan(1.3)
    expect(
      measured.filter((m) => !m.inside || m.offCentre > 1).map((m) => `${m.alt}: off by ${m.offCentre} px`),
    ).toEqual([])
    for (const m of measured.filter((m) => m.strip)) expect(Math.abs(m.frameRatio - 1), m.alt).toBeLessThan(0.02)
  })
}
