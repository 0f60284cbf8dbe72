// Colours for colour search: OKLab (Björn Ottosson's perceptual space, where a
// Euclidean distance matches how different two colours look), the named swatches of the
// filters panel, and the rules for 'near' and 'enough weight'. Pure: pages and server share it.

export type Lab = [number, number, number]

export interface PaletteColour {
  hex: string
  /** Share of the asset's visible (opaque) pixels, 0..1. */
  weight: number
  l: number
  a: number
  b: number
}

/** The filter's swatches: the names are the `color=` values, the hex what is searched for. */
export const COLOUR_SWATCHES = [
  { name: 'red', label: 'Red', hex: '#e53935' },
  { name: 'orange', label: 'Orange', hex: '#fb8c00' },
  { name: 'yellow', label: 'Yellow', hex: '#fdd835' },
  { name: 'green', label: 'Green', hex: '#43a047' },
  { name: 'teal', label: 'Teal', hex: '#00897b' },
  { name: 'blue', label: 'Blue', hex: '#1e88e5' },
  { name: 'purple', label: 'Purple', hex: '#8e24aa' },
  { name: 'pink', label: 'Pink', hex: '#ec407a' },
  { name: 'brown', label: 'Brown', hex: '#795548' },
  { name: 'white', label: 'White', hex: '#f5f5f5' },
  { name: 'grey', label: 'Grey', hex: '#9e9e9e' },
  { name: 'black', label: 'Black', hex: '#212121' },
] as const
export type SwatchName = (typeof COLOUR_SWATCHES)[number]['name']

/** A palette colour is 'near' a searched colour within this OKLab distance... */
export const NEAR_DISTANCE = 0.12
/** ...and counts only when it covers at least this share of the visible pixels. */
export const MIN_COLOUR_WEIGHT = 0.1

export const ORIENTATIONS = ['landscape', 'portrait', 'square'] as const
export type Orientation = (typeof ORIENTATIONS)[number]
export const ORIENTATION_LABELS: Record<Orientation, string> = {
  landscape: 'Landscape',
  portrait: 'Portrait',
  square: 'Square',
}

const HEX = /^#[0-9a-f]{6}$/

/** A `color=` value: a swatch name or '#rrggbb' (case-insensitive; '#' may be left out). Null when neither. */
export function parseColour(value: string | null | undefined): { name: SwatchName | null; hex: string } | null {
  if (!value) return null
  const v = value.trim().toLowerCase()
  const swatch = COLOUR_SWATCHES.find((s) => s.name === v || (v === 'gray' && s.name === 'grey'))
  if (swatch) return { name: swatch.name, hex: swatch.hex }
  const hex = v.startsWith('#') ? v : `#${v}`
  return HEX.test(hex) ? { name: null, hex } : null
}

function linear(c: number): number {
  const v = c / 255
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
}

export function rgbToOklab(r: number, g: number, b: number): Lab {
  const lr = linear(r)
  const lg = linear(g)
  const lb = linear(b)
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb)
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb)
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb)
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ]
}

export function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

export function hexToOklab(hex: string): Lab {
  return rgbToOklab(...hexToRgb(hex))
}

export function labDistance(x: Lab, y: Lab): number {
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2])
}

const SWATCH_LABS = COLOUR_SWATCHES.map((s) => ({ name: s.name, lab: hexToOklab(s.hex) }))

/** The side of the OKLab grid cells colours are also filed under, for '#rrggbb' searches. */
export const CELL_SIZE = 0.1

const cellOf = (v: number) => Math.floor(v / CELL_SIZE)
/** A grid cell's name: 'c' for the coarse grid of colour_swatches, 'f' for the fine one. */
const cellKey = (l: number, a: number, b: number, prefix = 'c') => `${prefix}${l}_${a}_${b}`

/**
 * What a palette is filed under (the indexed `colour_swatches`): for each colour with enough
 * weight, every swatch name within NEAR_DISTANCE (the swatch filter, exact) and its OKLab grid
 * cell ('c5_-1_0'), which lets any '#rrggbb' search narrow to the cells near it (cellsNear).
 */
export function swatchesOf(palette: PaletteColour[]): string[] {
  const names = new Set<string>()
  for (const c of palette) {
    if (c.weight < MIN_COLOUR_WEIGHT) continue
    const lab: Lab = [c.l, c.a, c.b]
    for (const s of SWATCH_LABS) if (labDistance(lab, s.lab) < NEAR_DISTANCE) names.add(s.name)
    names.add(cellKey(cellOf(c.l), cellOf(c.a), cellOf(c.b)))
  }
  return [...names].sort()
}

/**
 * The grid cells a colour within `distance` of `hex` can lie in: those whose box comes
 * closer than NEAR_DISTANCE to it. A superset, narrowed exactly by the palette afterwards.
 */
export function cellsNear(hex: string, distance = NEAR_DISTANCE): string[] {
  return gridCellsNear(hex, distance, CELL_SIZE, 'c')
}

/**
 * The finer grid of the words' first titles per colour (search_lexeme_colours, migration 0013;
 * the SQL function search_colour_tokens files palettes under it the same way). The coarse
 * cells are too wide for a bound there: a grey palette's cell is among teal's neighbours.
 */
export const FINE_CELL_SIZE = 0.04

/** The fine cells a palette colour within NEAR_DISTANCE of `hex` can lie in (a hair of slack: a bound must never miss one). */
export function fineCellsNear(hex: string): string[] {
  return gridCellsNear(hex, NEAR_DISTANCE + 1e-9, FINE_CELL_SIZE, 'f')
}

function gridCellsNear(hex: string, distance: number, size: number, prefix: string): string[] {
  const q = hexToOklab(hex)
  const cellOf = (v: number) => Math.floor(v / size)
  const ranges = q.map((v) => [cellOf(v - distance), cellOf(v + distance)])
  const gap = (v: number, cell: number) => Math.max(cell * size - v, 0, v - (cell + 1) * size)
  const cells: string[] = []
  for (let l = ranges[0][0]; l <= ranges[0][1]; l++)
    for (let a = ranges[1][0]; a <= ranges[1][1]; a++)
      for (let b = ranges[2][0]; b <= ranges[2][1]; b++) {
        if (Math.hypot(gap(q[0], l), gap(q[1], a), gap(q[2], b)) < distance) cells.push(cellKey(l, a, b, prefix))
      }
  return cells
}
