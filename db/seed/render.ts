/**
 * Procedural "3D render" cover images for demo assets.
 *
 * Each shape is drawn as an SVG with gradient shading (key highlight, core
 * shadow, accent rim light and a soft contact shadow) and rasterised by
 * sharp/librsvg into an RGBA PNG with a fully transparent background.
 */
import sharp from 'sharp'
import type { DemoAsset } from './catalogue'

type RenderInput = Pick<DemoAsset, 'shape' | 'colour' | 'accent'>

// ---------------------------------------------------------------------------
// Colour helpers
// ---------------------------------------------------------------------------

type Hsl = [number, number, number]

function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim())
  if (!m) return [128, 128, 128]
  let h = m[1]
  if (h.length === 3) h = h[0] + h[0] + h[1] + h[1] + h[2] + h[2]
  const n = Number.parseInt(h, 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function toHsl(hex: string): Hsl {
  const [r8, g8, b8] = parseHex(hex)
  const r = r8 / 255
  const g = g8 / 255
  const b = b8 / 255
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  if (max === min) return [0, 0, l]
  const d = max - min
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min)
  let h: number
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0)
  else if (max === g) h = (b - r) / d + 2
  else h = (r - g) / d + 4
  return [h * 60, s, l]
}

function fromHsl([h, s, l]: Hsl): string {
  const hue = ((h % 360) + 360) % 360
  const c = (1 - Math.abs(2 * l - 1)) * s
  const x = c * (1 - Math.abs(((hue / 60) % 2) - 1))
  const m = l - c / 2
  let rgb: [number, number, number]
  if (hue < 60) rgb = [c, x, 0]
  else if (hue < 120) rgb = [x, c, 0]
  else if (hue < 180) rgb = [0, c, x]
  else if (hue < 240) rgb = [0, x, c]
  else if (hue < 300) rgb = [x, 0, c]
  else rgb = [c, 0, x]
  return '#' + rgb.map((v) => Math.round(Math.min(1, Math.max(0, v + m)) * 255).toString(16).padStart(2, '0')).join('')
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v))

/**
 * Shift lightness by `dl` (-1..1). Shadows get a slight hue shift towards
 * blue/violet and more saturation, highlights desaturate a little — this
 * reads more like real lighting than mixing with black/white.
 */
function tone(hex: string, dl: number): string {
  const [h, s, l] = toHsl(hex)
  if (dl >= 0) return fromHsl([h, clamp01(s * (1 - dl * 0.35)), clamp01(l + (1 - l) * dl * 1.1)])
  // Rotate shadows towards violet (~260°) along the shorter way round the wheel,
  // so yellows go amber rather than olive and greens go teal.
  const diff = ((260 - h + 540) % 360) - 180
  const shift = s < 0.08 ? 0 : Math.sign(diff) * Math.min(Math.abs(diff), 24 * -dl)
  return fromHsl([h + shift, clamp01(s * (1 - dl * 0.25)), clamp01(l * (1 + dl))])
}

function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a)
  const cb = parseHex(b)
  return (
    '#' +
    ca
      .map((v, i) => Math.round(v + (cb[i] - v) * t).toString(16).padStart(2, '0'))
      .join('')
  )
}

// ---------------------------------------------------------------------------
// SVG helpers
// ---------------------------------------------------------------------------

interface Stop {
  at: number
  colour: string
  opacity?: number
}

function stops(list: readonly Stop[]): string {
  return list
    .map(
      (s) =>
        `<stop offset="${s.at}" stop-color="${s.colour}"${s.opacity === undefined ? '' : ` stop-opacity="${s.opacity}"`}/>`,
    )
    .join('')
}

function linear(id: string, x1: number, y1: number, x2: number, y2: number, list: readonly Stop[], userSpace = false): string {
  const units = userSpace ? ' gradientUnits="userSpaceOnUse"' : ''
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${units}>${stops(list)}</linearGradient>`
}

function radial(
  id: string,
  o: { cx: number; cy: number; r: number; fx?: number; fy?: number; userSpace?: boolean; transform?: string },
  list: readonly Stop[],
): string {
  const f = o.fx === undefined ? '' : ` fx="${o.fx}" fy="${o.fy ?? o.cy}"`
  const units = o.userSpace ? ' gradientUnits="userSpaceOnUse"' : ''
  const tr = o.transform ? ` gradientTransform="${o.transform}"` : ''
  return `<radialGradient id="${id}" cx="${o.cx}" cy="${o.cy}" r="${o.r}"${f}${units}${tr}>${stops(list)}</radialGradient>`
}

/** Soft contact shadow under the object (drawn first). */
function contactShadow(cx: number, cy: number, rx: number, ry: number, strength = 0.42): { defs: string; body: string } {
  return {
    defs: radial('contact', { cx: 0.5, cy: 0.5, r: 0.5 }, [
      { at: 0, colour: '#000', opacity: strength },
      { at: 0.35, colour: '#000', opacity: strength * 0.6 },
      { at: 0.7, colour: '#000', opacity: strength * 0.18 },
      { at: 1, colour: '#000', opacity: 0 },
    ]),
    body: `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#contact)"/>`,
  }
}

/** A soft white glint (radial falloff) as an ellipse. */
function glint(id: string, cx: number, cy: number, rx: number, ry: number, rotate: number, opacity: number): { defs: string; body: string } {
  return {
    defs: radial(id, { cx: 0.5, cy: 0.5, r: 0.5 }, [
      { at: 0, colour: '#fff', opacity },
      { at: 0.45, colour: '#fff', opacity: opacity * 0.55 },
      { at: 1, colour: '#fff', opacity: 0 },
    ]),
    body: `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" transform="rotate(${rotate} ${cx} ${cy})" fill="url(#${id})"/>`,
  }
}

function sparkle(x: number, y: number, r: number, opacity: number): string {
  const k = r * 0.16
  return `<path d="M${x} ${y - r} Q${x + k} ${y - k} ${x + r} ${y} Q${x + k} ${y + k} ${x} ${y + r} Q${x - k} ${y + k} ${x - r} ${y} Q${x - k} ${y - k} ${x} ${y - r}Z" fill="#fff" fill-opacity="${opacity}"/>`
}

/** Horizontal "turned" shading for cylinders, cones and capsules (light from the left). */
function turnedStops(c: string, accent: string): Stop[] {
  return [
    { at: 0, colour: mix(tone(c, -0.35), accent, 0.15) },
    { at: 0.08, colour: tone(c, -0.12) },
    { at: 0.26, colour: tone(c, 0.22) },
    { at: 0.36, colour: tone(c, 0.3) },
    { at: 0.5, colour: tone(c, 0.05) },
    { at: 0.74, colour: tone(c, -0.22) },
    { at: 0.9, colour: tone(c, -0.36) },
    { at: 1, colour: mix(tone(c, -0.2), accent, 0.55) },
  ]
}

interface Parts {
  defs: string[]
  body: string[]
}

// ---------------------------------------------------------------------------
// Shapes (all drawn in a 1000×1000 viewBox, light from the top-left)
// ---------------------------------------------------------------------------

function sphere(c: string, accent: string, p: Parts): void {
  const cx = 500
  const cy = 455
  const r = 300
  const sh = contactShadow(520, 778, 260, 48, 0.48)
  p.defs.push(
    sh.defs,
    radial('base', { cx: 0.5, cy: 0.5, r: 0.5, fx: 0.34, fy: 0.28 }, [
      { at: 0, colour: tone(c, 0.45) },
      { at: 0.18, colour: tone(c, 0.18) },
      { at: 0.55, colour: c },
      { at: 0.85, colour: tone(c, -0.3) },
      { at: 1, colour: tone(c, -0.42) },
    ]),
    radial('rim', { cx: 0.4, cy: 0.36, r: 0.64 }, [
      { at: 0, colour: accent, opacity: 0 },
      { at: 0.8, colour: accent, opacity: 0 },
      { at: 0.93, colour: accent, opacity: 0.35 },
      { at: 1, colour: accent, opacity: 0.75 },
    ]),
    radial('ao', { cx: 0.5, cy: 0.5, r: 0.5 }, [
      { at: 0, colour: '#000', opacity: 0 },
      { at: 0.86, colour: '#000', opacity: 0 },
      { at: 1, colour: '#000', opacity: 0.18 },
    ]),
  )
  const g1 = glint('hl1', 395, 320, 120, 70, -38, 0.75)
  const g2 = glint('hl2', 378, 305, 40, 24, -38, 0.95)
  const g3 = glint('hl3', 640, 640, 70, 22, -45, 0.22)
  p.defs.push(g1.defs, g2.defs, g3.defs)
  p.body.push(
    sh.body,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#base)"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#ao)"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#rim)"/>`,
    g1.body,
    g2.body,
    g3.body,
  )
}

function cube(c: string, accent: string, p: Parts): void {
  const a = 255
  const cx = 500
  const cy = 470
  const dx = a * 0.866
  const T = [cx, cy - a]
  const R = [cx + dx, cy - a / 2]
  const C = [cx, cy]
  const L = [cx - dx, cy - a / 2]
  const BL = [cx - dx, cy + a / 2]
  const B = [cx, cy + a]
  const BR = [cx + dx, cy + a / 2]
  const pts = (...ps: number[][]) => ps.map((q) => `${q[0].toFixed(1)},${q[1].toFixed(1)}`).join(' ')
  const sh = contactShadow(520, 650, 340, 150, 0.5)
  p.defs.push(
    sh.defs,
    linear('top', T[0], T[1], C[0], C[1], [
      { at: 0, colour: tone(c, 0.42) },
      { at: 1, colour: tone(c, 0.18) },
    ], true),
    linear('left', L[0], L[1], B[0], B[1], [
      { at: 0, colour: tone(c, 0.06) },
      { at: 1, colour: tone(c, -0.14) },
    ], true),
    linear('right', C[0], C[1], BR[0], BR[1], [
      { at: 0, colour: tone(c, -0.26) },
      { at: 0.75, colour: tone(c, -0.4) },
      { at: 1, colour: mix(tone(c, -0.3), accent, 0.45) },
    ], true),
    linear('sheen', L[0], L[1], C[0], B[1], [
      { at: 0, colour: '#fff', opacity: 0 },
      { at: 0.3, colour: '#fff', opacity: 0.22 },
      { at: 0.42, colour: '#fff', opacity: 0 },
    ], true),
    linear('edge', L[0], 0, R[0], 0, [
      { at: 0, colour: '#fff', opacity: 0.35 },
      { at: 0.5, colour: '#fff', opacity: 0.9 },
      { at: 1, colour: '#fff', opacity: 0.3 },
    ], true),
    linear('vedge', 0, C[1], 0, B[1], [
      { at: 0, colour: '#fff', opacity: 0.55 },
      { at: 1, colour: '#fff', opacity: 0.05 },
    ], true),
  )
  const round = 'stroke-linejoin="round" stroke-width="22"'
  p.body.push(
    sh.body,
    `<polygon points="${pts(L, C, B, BL)}" fill="url(#left)" stroke="url(#left)" ${round}/>`,
    `<polygon points="${pts(C, R, BR, B)}" fill="url(#right)" stroke="url(#right)" ${round}/>`,
    `<polygon points="${pts(L, C, B, BL)}" fill="url(#sheen)"/>`,
    `<polygon points="${pts(T, R, C, L)}" fill="url(#top)" stroke="url(#top)" ${round}/>`,
    `<polyline points="${pts(L, C, R)}" fill="none" stroke="url(#edge)" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<line x1="${C[0]}" y1="${C[1]}" x2="${B[0]}" y2="${B[1]}" stroke="url(#vedge)" stroke-width="5" stroke-linecap="round"/>`,
  )
  const g = glint('hl', cx - 70, cy - a * 0.62, 120, 42, 28, 0.55)
  p.defs.push(g.defs)
  p.body.push(g.body)
}

function torus(c: string, accent: string, p: Parts): void {
  const cx = 500
  const cy = 470
  const rx = 330
  const ry = 215
  const hx = 128
  const hy = 62
  const hcy = 448
  const ring =
    `M${cx - rx},${cy} a${rx},${ry} 0 1,0 ${2 * rx},0 a${rx},${ry} 0 1,0 ${-2 * rx},0Z ` +
    `M${cx - hx},${hcy} a${hx},${hy} 0 1,0 ${2 * hx},0 a${hx},${hy} 0 1,0 ${-2 * hx},0Z`
  const inner = hx / rx
  const sh = contactShadow(520, 700, 360, 120, 0.45)
  p.defs.push(
    sh.defs,
    `<clipPath id="ringclip"><path d="${ring}" clip-rule="evenodd"/></clipPath>`,
    radial(
      'tube',
      { cx, cy, r: rx, userSpace: true, transform: `translate(${cx} ${cy}) scale(1 ${ry / rx}) translate(${-cx} ${-cy})` },
      [
        { at: 0, colour: tone(c, -0.5) },
        { at: inner, colour: tone(c, -0.42) },
        { at: inner + 0.1, colour: tone(c, -0.08) },
        { at: inner + 0.3, colour: tone(c, 0.2) },
        { at: inner + 0.42, colour: c },
        { at: 0.92, colour: tone(c, -0.3) },
        { at: 1, colour: tone(c, -0.42) },
      ],
    ),
    linear('tubelight', 0, 0, 0.35, 1, [
      { at: 0, colour: '#fff', opacity: 0.35 },
      { at: 0.45, colour: '#fff', opacity: 0 },
      { at: 0.7, colour: '#000', opacity: 0 },
      { at: 1, colour: '#000', opacity: 0.28 },
    ]),
    radial('rim', { cx: 0.4, cy: 0.34, r: 0.66 }, [
      { at: 0, colour: accent, opacity: 0 },
      { at: 0.82, colour: accent, opacity: 0 },
      { at: 1, colour: accent, opacity: 0.5 },
    ]),
    radial('holeshade', { cx: 0.5, cy: 0.5, r: 0.5 }, [
      { at: 0, colour: '#000', opacity: 0.5 },
      { at: 0.55, colour: '#000', opacity: 0.3 },
      { at: 1, colour: '#000', opacity: 0 },
    ]),
    linear('spec', 0, 1, 1, 0, [
      { at: 0, colour: '#fff', opacity: 0 },
      { at: 0.5, colour: '#fff', opacity: 0.85 },
      { at: 1, colour: '#fff', opacity: 0.1 },
    ]),
  )
  // Specular arc along the upper-left of the tube.
  const ar = { x: 232, y: 150 }
  const pt = (deg: number) => {
    const t = (deg * Math.PI) / 180
    return `${(cx + ar.x * Math.cos(t)).toFixed(1)},${(cy - 8 + ar.y * Math.sin(t)).toFixed(1)}`
  }
  p.body.push(
    sh.body,
    `<path d="${ring}" fill="url(#tube)" fill-rule="evenodd"/>`,
    `<path d="${ring}" fill="url(#tubelight)" fill-rule="evenodd"/>`,
    // Far inner wall falls into shadow just above the hole.
    `<g clip-path="url(#ringclip)"><ellipse cx="${cx}" cy="${hcy - 22}" rx="${hx + 60}" ry="${hy + 42}" fill="url(#holeshade)"/></g>`,
    `<path d="${ring}" fill="url(#rim)" fill-rule="evenodd"/>`,
    `<path d="M${pt(192)} A${ar.x},${ar.y} 0 0,1 ${pt(262)}" fill="none" stroke="url(#spec)" stroke-width="30" stroke-linecap="round"/>`,
    `<path d="M${pt(200)} A${ar.x},${ar.y} 0 0,1 ${pt(228)}" fill="none" stroke="#fff" stroke-opacity="0.8" stroke-width="11" stroke-linecap="round"/>`,
    `<path d="M${pt(25)} A${ar.x},${ar.y} 0 0,1 ${pt(70)}" fill="none" stroke="#fff" stroke-opacity="0.16" stroke-width="22" stroke-linecap="round"/>`,
  )
}

function cylinder(c: string, accent: string, p: Parts): void {
  const cx = 500
  const rx = 200
  const ry = 64
  const top = 255
  const bottom = 690
  const sh = contactShadow(535, bottom + 18, 300, 86, 0.48)
  p.defs.push(
    sh.defs,
    linear('side', 0, 0, 1, 0, turnedStops(c, accent)),
    linear('sidev', 0, 0, 0, 1, [
      { at: 0, colour: '#fff', opacity: 0.1 },
      { at: 0.5, colour: '#fff', opacity: 0 },
      { at: 0.85, colour: '#000', opacity: 0.06 },
      { at: 1, colour: '#000', opacity: 0.22 },
    ]),
    linear('cap', 0, 0, 1, 1, [
      { at: 0, colour: tone(c, 0.5) },
      { at: 0.6, colour: tone(c, 0.28) },
      { at: 1, colour: tone(c, 0.12) },
    ]),
    linear('stripe', 0, 0, 0, 1, [
      { at: 0, colour: '#fff', opacity: 0.7 },
      { at: 0.7, colour: '#fff', opacity: 0.2 },
      { at: 1, colour: '#fff', opacity: 0 },
    ]),
  )
  const body = `M${cx - rx},${top} L${cx - rx},${bottom} A${rx},${ry} 0 0,0 ${cx + rx},${bottom} L${cx + rx},${top}Z`
  p.body.push(
    sh.body,
    `<path d="${body}" fill="url(#side)"/>`,
    `<path d="${body}" fill="url(#sidev)"/>`,
    `<rect x="${cx - rx * 0.52}" y="${top + ry * 0.9}" width="${rx * 0.16}" height="${bottom - top - 10}" rx="${rx * 0.08}" fill="url(#stripe)"/>`,
    `<ellipse cx="${cx}" cy="${top}" rx="${rx}" ry="${ry}" fill="url(#cap)"/>`,
    `<ellipse cx="${cx}" cy="${top}" rx="${rx - 3}" ry="${ry - 2}" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="5"/>`,
  )
  const g = glint('hl', cx - 60, top - 12, 90, 26, -8, 0.55)
  p.defs.push(g.defs)
  p.body.push(g.body)
}

function cone(c: string, accent: string, p: Parts): void {
  const cx = 500
  const apexY = 165
  const baseY = 690
  const rx = 245
  const ry = 72
  const sh = contactShadow(540, baseY + 14, 320, 92, 0.5)
  p.defs.push(
    sh.defs,
    linear('side', 0, 0, 1, 0, turnedStops(c, accent)),
    linear('sidev', 0, 0, 0, 1, [
      { at: 0, colour: '#fff', opacity: 0.12 },
      { at: 0.55, colour: '#fff', opacity: 0 },
      { at: 0.88, colour: '#000', opacity: 0.05 },
      { at: 1, colour: '#000', opacity: 0.25 },
    ]),
    linear('streak', 0, 0, 0, 1, [
      { at: 0, colour: '#fff', opacity: 0.85 },
      { at: 0.6, colour: '#fff', opacity: 0.25 },
      { at: 1, colour: '#fff', opacity: 0 },
    ]),
  )
  const body = `M${cx},${apexY} L${cx + rx},${baseY} A${rx},${ry} 0 0,1 ${cx - rx},${baseY}Z`
  p.body.push(
    sh.body,
    `<path d="${body}" fill="url(#side)" stroke="url(#side)" stroke-width="8" stroke-linejoin="round"/>`,
    `<path d="${body}" fill="url(#sidev)"/>`,
    `<path d="M${cx - 4},${apexY + 28} L${cx - rx * 0.5},${baseY + ry * 0.55} L${cx - rx * 0.3},${baseY + ry * 0.8}Z" fill="url(#streak)"/>`,
  )
  const g = glint('hl', cx - 16, apexY + 70, 22, 50, 24, 0.6)
  p.defs.push(g.defs)
  p.body.push(g.body)
}

function capsule(c: string, accent: string, p: Parts): void {
  const cx = 500
  const cy = 440
  const w = 250
  const h = 560
  const angle = -28
  const sh = contactShadow(570, 712, 240, 52, 0.5)
  p.defs.push(
    sh.defs,
    linear('side', 0, 0, 1, 0, turnedStops(c, accent)),
    linear('ends', 0, 0, 0, 1, [
      { at: 0, colour: '#fff', opacity: 0.18 },
      { at: 0.2, colour: '#fff', opacity: 0 },
      { at: 0.8, colour: '#000', opacity: 0 },
      { at: 1, colour: '#000', opacity: 0.3 },
    ]),
    linear('stripe', 0, 0, 0, 1, [
      { at: 0, colour: '#fff', opacity: 0 },
      { at: 0.12, colour: '#fff', opacity: 0.75 },
      { at: 0.7, colour: '#fff', opacity: 0.35 },
      { at: 0.92, colour: '#fff', opacity: 0 },
    ]),
  )
  const x = cx - w / 2
  const y = cy - h / 2
  const g = glint('hl', cx - w * 0.16, y + w * 0.3, 42, 30, 0, 0.8)
  p.defs.push(g.defs)
  p.body.push(
    sh.body,
    `<g transform="rotate(${angle} ${cx} ${cy})">`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w / 2}" fill="url(#side)"/>`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w / 2}" fill="url(#ends)"/>`,
    `<rect x="${cx - w * 0.27}" y="${y + 30}" width="${w * 0.13}" height="${h - 90}" rx="${w * 0.065}" fill="url(#stripe)"/>`,
    g.body,
    `</g>`,
  )
}

function pyramid(c: string, accent: string, p: Parts): void {
  const A = [500, 160]
  const L = [225, 590]
  const F = [545, 720]
  const R = [795, 575]
  const pts = (...ps: number[][]) => ps.map((q) => `${q[0]},${q[1]}`).join(' ')
  const sh = contactShadow(520, 640, 360, 130, 0.48)
  p.defs.push(
    sh.defs,
    linear('lf', A[0], A[1], L[0] + 80, F[1], [
      { at: 0, colour: tone(c, 0.38) },
      { at: 0.55, colour: tone(c, 0.1) },
      { at: 1, colour: tone(c, -0.06) },
    ], true),
    linear('rf', F[0], F[1] - 200, R[0], R[1], [
      { at: 0, colour: tone(c, -0.2) },
      { at: 0.7, colour: tone(c, -0.4) },
      { at: 1, colour: mix(tone(c, -0.3), accent, 0.5) },
    ], true),
    linear('ridge', A[0], A[1], F[0], F[1], [
      { at: 0, colour: '#fff', opacity: 0.9 },
      { at: 0.6, colour: '#fff', opacity: 0.4 },
      { at: 1, colour: '#fff', opacity: 0.1 },
    ], true),
    linear('base', 0, A[1], 0, F[1], [
      { at: 0, colour: '#000', opacity: 0 },
      { at: 0.75, colour: '#000', opacity: 0 },
      { at: 1, colour: '#000', opacity: 0.18 },
    ], true),
  )
  const round = 'stroke-linejoin="round" stroke-width="14"'
  p.body.push(
    sh.body,
    `<polygon points="${pts(A, L, F)}" fill="url(#lf)" stroke="url(#lf)" ${round}/>`,
    `<polygon points="${pts(A, F, R)}" fill="url(#rf)" stroke="url(#rf)" ${round}/>`,
    `<polygon points="${pts(A, L, F, R)}" fill="url(#base)"/>`,
    `<line x1="${A[0]}" y1="${A[1]}" x2="${F[0]}" y2="${F[1]}" stroke="url(#ridge)" stroke-width="6" stroke-linecap="round"/>`,
    `<line x1="${A[0]}" y1="${A[1]}" x2="${L[0]}" y2="${L[1]}" stroke="#fff" stroke-opacity="0.3" stroke-width="4" stroke-linecap="round"/>`,
  )
  const g = glint('hl', 420, 330, 26, 95, 32, 0.4)
  p.defs.push(g.defs)
  p.body.push(g.body)
}

function gem(c: string, accent: string, p: Parts): void {
  const gy = 400
  const gp = [180, 150, 120, 90, 60, 30, 0].map((deg) => {
    const t = (deg * Math.PI) / 180
    return [500 + 305 * Math.cos(t), gy + 42 * Math.sin(t)]
  })
  const TL = [345, 248]
  const TBL = [420, 226]
  const TBR = [580, 226]
  const TR = [655, 248]
  const TFR = [582, 272]
  const TFL = [418, 272]
  const culet = [500, 790]
  const pts = (...ps: number[][]) => ps.map((q) => `${q[0].toFixed(1)},${q[1].toFixed(1)}`).join(' ')
  const sh = contactShadow(500, 812, 210, 40, 0.45)
  p.defs.push(
    sh.defs,
    linear('table', 0, 0, 1, 1, [
      { at: 0, colour: tone(c, 0.6) },
      { at: 1, colour: tone(c, 0.3) },
    ]),
    linear('gloss', 0, 0, 1, 1, [
      { at: 0, colour: '#fff', opacity: 0.25 },
      { at: 0.45, colour: '#fff', opacity: 0 },
      { at: 0.75, colour: '#000', opacity: 0 },
      { at: 1, colour: '#000', opacity: 0.2 },
    ]),
    radial('glow', { cx: 0.5, cy: 0.5, r: 0.5 }, [
      { at: 0, colour: tone(c, 0.6), opacity: 0.55 },
      { at: 1, colour: tone(c, 0.6), opacity: 0 },
    ]),
  )
  const facet = (points: number[][], fill: string) =>
    `<polygon points="${pts(...points)}" fill="${fill}" stroke="#fff" stroke-opacity="0.28" stroke-width="2.5" stroke-linejoin="round"/>`
  const [g0, g1, g2, g3, g4, g5, g6] = gp
  const crown = [
    facet([g0, TL, g1], tone(c, 0.1)),
    facet([g1, TL, TFL, g2], tone(c, 0.28)),
    facet([g2, TFL, g3], tone(c, 0.02)),
    facet([g3, TFL, TFR], tone(c, 0.4)),
    facet([g3, TFR, g4], tone(c, -0.08)),
    facet([g4, TFR, TR, g5], tone(c, -0.18)),
    facet([g5, TR, g6], mix(tone(c, -0.3), accent, 0.35)),
    facet([g0, TL, TBL], tone(c, 0.3)),
    facet([g6, TR, TBR], tone(c, -0.05)),
    facet([TL, TBL, TBR, TR, TFR, TFL], 'url(#table)'),
  ]
  const pav = [0.12, 0.26, -0.02, 0.1, -0.22, -0.36]
  const pavilion = pav.map((d, i) => {
    const fill = i === 5 ? mix(tone(c, d), accent, 0.4) : tone(c, d)
    // Split each pavilion facet in two for a brilliant-cut look.
    const a = gp[i]
    const b = gp[i + 1]
    const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]
    return facet([a, mid, culet], fill) + facet([mid, b, culet], tone(fill, d >= 0 ? 0.12 : -0.1))
  })
  const outline = pts(g0, TL, TBL, TBR, TR, g6, g5, culet, g1)
  p.body.push(
    sh.body,
    `<polygon points="${outline}" fill="${tone(c, -0.2)}" stroke="${tone(c, -0.2)}" stroke-width="8" stroke-linejoin="round"/>`,
    ...pavilion,
    ...crown,
    `<ellipse cx="470" cy="470" rx="150" ry="120" fill="url(#glow)"/>`,
    `<polygon points="${outline}" fill="url(#gloss)"/>`,
    sparkle(TFL[0] + 10, TFL[1] - 8, 46, 0.95),
    sparkle(g1[0] + 40, g1[1] + 30, 26, 0.7),
    sparkle(620, 560, 18, 0.5),
  )
}

const SHAPES: Record<DemoAsset['shape'], (c: string, accent: string, p: Parts) => void> = {
  sphere,
  cube,
  torus,
  cylinder,
  cone,
  capsule,
  pyramid,
  gem,
}

/** Build the SVG markup for a demo asset cover (exported for tests / debugging). */
export function demoImageSvg(asset: RenderInput, size = 1024): string {
  const parts: Parts = { defs: [], body: [] }
  const draw = SHAPES[asset.shape] ?? SHAPES.sphere
  const colour = fromHsl(toHsl(asset.colour))
  const accent = fromHsl(toHsl(asset.accent))
  draw(colour, accent, parts)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 1000 1000">` +
    `<defs>${parts.defs.join('')}</defs>${parts.body.join('')}</svg>`
  )
}

/** Render a demo asset as an RGBA PNG (transparent background). */
export async function renderDemoImage(asset: RenderInput, size = 1024): Promise<Buffer> {
  const svg = demoImageSvg(asset, size)
  return sharp(Buffer.from(svg), { density: 72 })
    .ensureAlpha()
    .png({ compressionLevel: 6 })
    .toBuffer()
}
