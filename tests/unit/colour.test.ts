import { describe, expect, it } from 'vitest'
import {
  COLOUR_SWATCHES,
  hexToOklab,
  labDistance,
  NEAR_DISTANCE,
  parseColour,
  rgbToOklab,
  cellsNear,
  swatchesOf,
} from '~/lib/colour'
import { parseExploreParams, exploreUrl } from '~/lib/explore-params'

describe('colour search helpers', () => {
  it('reads swatch names and hex colours, and refuses anything else', () => {
    expect(parseColour('Blue')).toEqual({ name: 'blue', hex: COLOUR_SWATCHES.find((s) => s.name === 'blue')!.hex })
    expect(parseColour('gray')?.name).toBe('grey')
    expect(parseColour('#FF8800')).toEqual({ name: null, hex: '#ff8800' })
    expect(parseColour('ff8800')).toEqual({ name: null, hex: '#ff8800' })
    for (const bad of ['', 'reddish', '#ff88', '#gggggg', 'url(x)']) expect(parseColour(bad)).toBeNull()
  })

  it('OKLab: white is L=1, black L=0, and the distance is symmetric', () => {
    expect(rgbToOklab(255, 255, 255)[0]).toBeCloseTo(1, 3)
    expect(rgbToOklab(0, 0, 0)[0]).toBeCloseTo(0, 5)
    const a = hexToOklab('#e53935')
    const b = hexToOklab('#1e88e5')
    expect(labDistance(a, b)).toBeCloseTo(labDistance(b, a), 10)
  })

  it('a hex search never misses a near colour: its grid cell is among cellsNear', () => {
    // Deterministic pseudo-random pairs of a colour and a searched colour close to it.
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    let checked = 0
    for (let i = 0; i < 4000; i++) {
      const c = [next() * 255, next() * 255, next() * 255].map(Math.round) as [number, number, number]
      const q = c.map((v) => Math.max(0, Math.min(255, v + Math.round((next() - 0.5) * 40)))) as [
        number,
        number,
        number,
      ]
      const hex = `#${q.map((v) => v.toString(16).padStart(2, '0')).join('')}`
      const [l, a, b] = rgbToOklab(...c)
      if (labDistance([l, a, b], hexToOklab(hex)) >= NEAR_DISTANCE) continue
      checked++
      const filed = swatchesOf([{ hex: '', weight: 1, l, a, b }])
      expect(filed.some((s) => cellsNear(hex).includes(s))).toBe(true)
    }
    expect(checked).toBeGreaterThan(1000)
  })

  it('the page keeps color, orientation and transparent in its URLs', () => {
    const params = parseExploreParams(new URLSearchParams('color=%23FF8800&orientation=portrait&transparent=1&q=cat'))
    expect(params).toMatchObject({ color: 'ff8800', orientation: 'portrait', transparent: true })
    expect(exploreUrl(params, {})).toBe('/explore?q=cat&color=ff8800&orientation=portrait&transparent=1')
    expect(parseExploreParams(new URLSearchParams('color=nope&orientation=wide')).color).toBe('')
  })
})
