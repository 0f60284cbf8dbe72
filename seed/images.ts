/**
 * The demo catalogue's 2D images: full-bleed gradients, patterns, textures and illustrations,
 * each drawn as SVG on a 1000×1000 design and rasterised by sharp through a window of its
 * shape (16:9, 3:2, square, 2:3 or 9:16) placed where the design's subject is. Every one
 * covers the whole canvas, so no pixel is transparent.
 */
import { seededRandom } from './random'

/** Width:height. */
export type ImageRatio = '16:9' | '3:2' | '1:1' | '2:3' | '9:16'

export interface DemoImageSpec {
  title: string
  description: string
  tags: string[]
  category: 'Backgrounds' | 'Patterns' | 'Textures' | 'Illustrations'
  subjects: string[]
  format: 'jpeg' | 'png'
  /** SVG elements on a 1000×1000 design. */
  body: string
  ratio: ImageRatio
  /** Where the window sits along the design's cropped side: 0 top or left, 1 bottom or right. */
  focus: number
  /**
   * Drawn at a third of the size and enlarged: a design of smooth noise or blur has no detail
   * finer than that, and librsvg's noise, lighting and blur filters cost by the pixel (a
   * 2400 px marble took seconds). The grain below gives it real detail at full size.
   */
  soft?: boolean
  /** Fine grain added at full size (the noise's standard deviation, 0-255). */
  grain?: number
}

const rect = (fill: string) => `<rect x="0" y="0" width="1000" height="1000" fill="${fill}"/>`
const linear = (id: string, stops: string[], angle = 90) => {
  const a = (angle * Math.PI) / 180
  const x = Math.cos(a) / 2
  const y = Math.sin(a) / 2
  return `<linearGradient id="${id}" x1="${0.5 - x}" y1="${0.5 - y}" x2="${0.5 + x}" y2="${0.5 + y}">${stops
    .map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`
}
const radial = (id: string, stops: string[], cx = 0.5, cy = 0.5, r = 0.75) =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`)
    .join('')}</radialGradient>`
const pattern = (id: string, w: number, h: number, inner: string, transform = '') =>
  `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${transform ? ` patternTransform="${transform}"` : ''}>${inner}</pattern>`
const noise = (id: string, freq: string, octaves: number, seed: number, matrix: string, type = 'fractalNoise') =>
  `<filter id="${id}" x="0" y="0" width="100%" height="100%"><feTurbulence type="${type}" baseFrequency="${freq}" numOctaves="${octaves}" seed="${seed}"/><feColorMatrix type="matrix" values="${matrix}"/></filter>`

type Design = Omit<DemoImageSpec, 'ratio' | 'focus' | 'soft' | 'grain'>

/** A colour matrix that maps noise to one colour with the noise as alpha. */
const tint = (r: number, g: number, b: number, strength = 1) =>
  `0 0 0 0 ${r} 0 0 0 0 ${g} 0 0 0 0 ${b} ${strength} 0 0 0 0`

function img(
  title: string,
  category: DemoImageSpec['category'],
  format: DemoImageSpec['format'],
  description: string,
  tags: string[],
  subjects: string[],
  body: string,
): Design {
  return { title, category, format, description, tags, subjects, body }
}

function gradient(title: string, stops: string[], angle: number, words: string[], mood: string): Design {
  return img(
    title,
    'Backgrounds',
    'jpeg',
    `A smooth full-bleed ${words.join(', ')} gradient background, ${mood}.`,
    ['gradient', 'background', ...words],
    ['gradient'],
    `<defs>${linear('g', stops, angle)}</defs>${rect('url(#g)')}`,
  )
}

const rng = seededRandom

function stars(n: number, seed: number, maxY = 1000) {
  const r = rng(seed)
  return Array.from(
    { length: n },
    () =>
      `<circle cx="${(r() * 1000).toFixed(1)}" cy="${(r() * maxY).toFixed(1)}" r="${(0.8 + r() * 2.2).toFixed(1)}" fill="#fff" opacity="${(0.4 + r() * 0.6).toFixed(2)}"/>`,
  ).join('')
}

function hills(colour: string, base: number, amp: number, waves: number, phase: number) {
  let d = `M0 1000 L0 ${base}`
  for (let x = 0; x <= 1000; x += 20)
    d += ` L${x} ${(base - amp * Math.sin((x / 1000) * Math.PI * waves + phase)).toFixed(1)}`
  return `<path d="${d} L1000 1000 Z" fill="${colour}"/>`
}

function peaks(colour: string, base: number, points: [number, number][]) {
  return `<path d="M0 1000 L0 ${base} ${points.map(([x, y]) => `L${x} ${y}`).join(' ')} L1000 ${base} L1000 1000 Z" fill="${colour}"/>`
}

function pine(x: number, y: number, h: number, colour: string) {
  const w = h * 0.36
  return `<rect x="${x - h * 0.03}" y="${y - h * 0.15}" width="${h * 0.06}" height="${h * 0.15}" fill="#3b2a1e"/><path d="M${x} ${y - h} L${x + w} ${y - h * 0.12} L${x - w} ${y - h * 0.12} Z" fill="${colour}"/>`
}

const DESIGNS: Design[] = [
  gradient(
    'Sunset Orange Purple Gradient',
    ['#ff9a3c', '#ff4f79', '#6a3093'],
    100,
    ['orange', 'pink', 'purple', 'sunset'],
    'warm and vivid',
  ),
  gradient('Ocean Blue Gradient', ['#0f3d6e', '#1e88c9', '#7fd8f0'], 80, ['blue', 'ocean', 'navy'], 'cool and calm'),
  gradient('Mint Lavender Gradient', ['#b8f2d8', '#c9b8f2'], 45, ['mint', 'lavender', 'pastel'], 'soft and airy'),
  gradient('Peach Pink Gradient', ['#ffd3b0', '#ff9ec4'], 135, ['peach', 'pink', 'pastel'], 'gentle and warm'),
  gradient(
    'Midnight Navy Gradient',
    ['#0b1026', '#1d2b64', '#3a4a8c'],
    90,
    ['navy', 'midnight', 'dark'],
    'deep and moody',
  ),
  gradient('Lime Teal Gradient', ['#c6f36b', '#19b5a5'], 30, ['lime', 'teal', 'green'], 'fresh and bright'),
  img(
    'Golden Radial Glow Background',
    'Backgrounds',
    'jpeg',
    'A warm golden glow in the centre fading to deep amber at the edges, full-bleed.',
    ['radial', 'glow', 'gold', 'amber', 'background'],
    ['glow'],
    `<defs>${radial('r', ['#fff3c4', '#f7b733', '#8a4b08'])}</defs>${rect('url(#r)')}`,
  ),
  img(
    'Aurora Mesh Gradient Background',
    'Backgrounds',
    'jpeg',
    'Overlapping soft blobs of green, cyan and violet on a dark blue field, like an aurora.',
    ['aurora', 'mesh gradient', 'green', 'violet', 'background'],
    ['aurora'],
    `<defs><filter id="b"><feGaussianBlur stdDeviation="90"/></filter></defs>${rect('#0d1b3e')}<g filter="url(#b)"><circle cx="250" cy="300" r="260" fill="#27e6a4"/><circle cx="700" cy="350" r="280" fill="#7b5cff"/><circle cx="520" cy="760" r="260" fill="#20c9e8"/></g>`,
  ),

  img(
    'Red Polka Dot Pattern',
    'Patterns',
    'png',
    'White polka dots in a regular grid on a bright red field.',
    ['polka dots', 'dots', 'red', 'white', 'pattern'],
    ['dots'],
    `<defs>${pattern('p', 100, 100, '<circle cx="25" cy="25" r="14" fill="#fff"/><circle cx="75" cy="75" r="14" fill="#fff"/>')}</defs>${rect('#d7263d')}${rect('url(#p)')}`,
  ),
  img(
    'Blue Diagonal Stripes Pattern',
    'Patterns',
    'png',
    'Even diagonal stripes in two blues running corner to corner.',
    ['stripes', 'diagonal', 'blue', 'pattern'],
    ['stripes'],
    `<defs>${pattern('p', 80, 80, '<rect width="40" height="80" fill="#1e88e5"/>', 'rotate(45)')}</defs>${rect('#0d47a1')}${rect('url(#p)')}`,
  ),
  img(
    'Black White Checkerboard Pattern',
    'Patterns',
    'png',
    'A crisp black and white checkerboard of square tiles.',
    ['checkerboard', 'checks', 'black', 'white', 'pattern'],
    ['checkerboard'],
    `<defs>${pattern('p', 125, 125, '<rect width="62.5" height="62.5" fill="#111"/><rect x="62.5" y="62.5" width="62.5" height="62.5" fill="#111"/>')}</defs>${rect('#f5f5f5')}${rect('url(#p)')}`,
  ),
  img(
    'Yellow Chevron Pattern',
    'Patterns',
    'png',
    'Zigzag chevron bands of yellow and charcoal.',
    ['chevron', 'zigzag', 'yellow', 'charcoal', 'pattern'],
    ['chevron'],
    `<defs>${pattern('p', 100, 60, '<path d="M0 40 L50 0 L100 40 L100 60 L50 20 L0 60 Z" fill="#f5c518"/>')}</defs>${rect('#2b2f3a')}${rect('url(#p)')}`,
  ),
  img(
    'Teal Hexagon Grid Pattern',
    'Patterns',
    'png',
    'Outlined hexagons in a honeycomb grid, pale teal lines on dark teal.',
    ['hexagon', 'honeycomb', 'teal', 'grid', 'pattern'],
    ['hexagon'],
    `<defs>${pattern('p', 104, 180, '<path d="M52 0 L104 30 L104 90 L52 120 L0 90 L0 30 Z M52 120 L52 180" fill="none" stroke="#7fe0d2" stroke-width="6"/>')}</defs>${rect('#0f5257')}${rect('url(#p)')}`,
  ),
  img(
    'Pink Wavy Lines Pattern',
    'Patterns',
    'png',
    'Rows of soft wavy lines in pink and ivory.',
    ['waves', 'wavy lines', 'pink', 'ivory', 'pattern'],
    ['wavy'],
    `<defs>${pattern('p', 200, 60, '<path d="M0 30 Q50 0 100 30 T200 30" fill="none" stroke="#e7548f" stroke-width="12"/>')}</defs>${rect('#fff1e6')}${rect('url(#p)')}`,
  ),
  img(
    'Retro Triangle Mosaic Pattern',
    'Patterns',
    'png',
    'A mosaic of triangles in orange, teal, ivory and brown, retro colours.',
    ['triangles', 'mosaic', 'retro', 'geometric', 'pattern'],
    ['triangles'],
    (() => {
      const r = rng(7)
      const cols = ['#e76f51', '#2a9d8f', '#f4e3c3', '#8d5a34', '#e9c46a']
      let s = ''
      for (let y = 0; y < 10; y++)
        for (let x = 0; x < 10; x++) {
          const X = x * 100,
            Y = y * 100
          s += `<path d="M${X} ${Y} L${X + 100} ${Y} L${X} ${Y + 100} Z" fill="${cols[Math.floor(r() * 5)]}"/><path d="M${X + 100} ${Y} L${X + 100} ${Y + 100} L${X} ${Y + 100} Z" fill="${cols[Math.floor(r() * 5)]}"/>`
        }
      return s
    })(),
  ),
  img(
    'Concentric Circles Pattern',
    'Patterns',
    'png',
    'Concentric rings in coral and ivory spreading from the centre.',
    ['circles', 'concentric', 'rings', 'coral', 'pattern'],
    ['circles', 'rings'],
    `${rect('#fdf0e0')}${Array.from({ length: 16 }, (_, i) => `<circle cx="500" cy="500" r="${720 - i * 45}" fill="${i % 2 ? '#fdf0e0' : '#ff6f61'}"/>`).join('')}`,
  ),

  img(
    'Marble Texture',
    'Textures',
    'jpeg',
    'White marble with soft grey veins.',
    ['marble', 'stone', 'white', 'grey', 'texture'],
    ['marble'],
    `<defs>${noise('n', '0.004 0.012', 5, 3, tint(0.45, 0.47, 0.5, 2.2), 'turbulence')}</defs>${rect('#f2f1ee')}<rect width="1000" height="1000" filter="url(#n)" opacity="0.6"/>`,
  ),
  img(
    'Wood Grain Texture',
    'Textures',
    'jpeg',
    'Warm brown wood grain with long streaks.',
    ['wood', 'grain', 'brown', 'texture'],
    ['wood'],
    `<defs>${noise('n', '0.002 0.06', 3, 11, tint(0.27, 0.15, 0.07, 1.6))}</defs>${rect('#b07a45')}<rect width="1000" height="1000" filter="url(#n)"/>`,
  ),
  img(
    'Crumpled Paper Texture',
    'Textures',
    'jpeg',
    'Off-white crumpled paper with creases and folds, shaded as if lit from one side.',
    ['paper', 'crumpled', 'creases', 'ivory', 'texture'],
    ['paper'],
    // The noise is a height map lit from the upper left: ridges and folds, not a flat colour.
    `<defs><filter id="n" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.006" numOctaves="4" seed="5"/><feDiffuseLighting surfaceScale="14" diffuseConstant="1.1" lighting-color="#f7f0e1"><feDistantLight azimuth="225" elevation="48"/></feDiffuseLighting></filter></defs><rect width="1000" height="1000" filter="url(#n)"/>`,
  ),
  img(
    'Denim Fabric Texture',
    'Textures',
    'jpeg',
    'Indigo denim twill with faded streaks and a seam sewn with orange double stitching.',
    ['denim', 'fabric', 'jeans', 'stitching', 'blue', 'texture'],
    ['denim'],
    // The twill's diagonal ribs at a size that shows, faded along the warp, and a seam: what
    // makes blue cloth read as denim.
    `<defs>${pattern('p', 12, 12, '<path d="M-3 3 L3 -3 M0 12 L12 0 M9 15 L15 9" stroke="#7f9fcf" stroke-width="3.2" opacity="0.55"/>')}${noise('n', '0.003 0.09', 3, 9, tint(0.85, 0.9, 1, 0.55))}</defs>${rect('#22406e')}${rect('url(#p)')}<rect width="1000" height="1000" filter="url(#n)"/><path d="M640 -20 C600 300 610 700 660 1020" fill="none" stroke="#13284a" stroke-width="26" opacity="0.55"/><path d="M662 -20 C622 300 632 700 682 1020" fill="none" stroke="#5b7fb8" stroke-width="6" opacity="0.6"/><g fill="none" stroke="#e89a3c" stroke-width="4.5" stroke-dasharray="16 9"><path d="M684 -20 C644 300 654 700 704 1020"/><path d="M704 -20 C664 300 674 700 724 1020"/></g>`,
  ),
  img(
    'Brushed Metal Texture',
    'Textures',
    'jpeg',
    'Silver brushed steel with fine horizontal strokes.',
    ['metal', 'steel', 'brushed', 'silver', 'texture'],
    ['metal'],
    `<defs>${linear('g', ['#9aa3ad', '#e6eaee', '#a7b0ba'], 0)}${noise('n', '0.001 0.4', 2, 4, tint(0.2, 0.2, 0.22, 0.9))}</defs>${rect('url(#g)')}<rect width="1000" height="1000" filter="url(#n)"/>`,
  ),
  img(
    'Terrazzo Texture',
    'Textures',
    'jpeg',
    'Ivory terrazzo scattered with chips of terracotta, sage and charcoal.',
    ['terrazzo', 'chips', 'ivory', 'texture'],
    ['terrazzo'],
    (() => {
      const r = rng(21)
      const cols = ['#c8643b', '#8fae8b', '#3f4654', '#e0a458']
      let s = rect('#efe7da')
      for (let i = 0; i < 260; i++) {
        const x = r() * 1000,
          y = r() * 1000,
          a = 6 + r() * 22
        s += `<path d="M${x} ${y} l${a} ${a * 0.3} l${-a * 0.4} ${a * 0.8} Z" fill="${cols[i % 4]}" transform="rotate(${r() * 360} ${x} ${y})"/>`
      }
      return s
    })(),
  ),
  img(
    'Cloudy Sky Texture',
    'Textures',
    'jpeg',
    'Soft white clouds drifting across a blue sky.',
    ['clouds', 'sky', 'blue', 'white', 'texture'],
    ['clouds', 'sky'],
    `<defs>${linear('g', ['#3d8fe0', '#9fd0ff'], 90)}${noise('n', '0.004', 5, 17, tint(1, 1, 1, 2.4))}</defs>${rect('url(#g)')}<rect width="1000" height="1000" filter="url(#n)" opacity="0.8"/>`,
  ),
  img(
    'Concrete Wall Texture',
    'Textures',
    'jpeg',
    'Grey concrete with mottled patches and pores.',
    ['concrete', 'wall', 'grey', 'texture'],
    ['concrete'],
    `<defs>${noise('n', '0.02', 4, 13, tint(0.25, 0.25, 0.27, 1.4))}</defs>${rect('#9a9ea3')}<rect width="1000" height="1000" filter="url(#n)"/>`,
  ),

  img(
    'Mountain Range Illustration',
    'Illustrations',
    'jpeg',
    'Layered blue mountain peaks under a pale dawn sky with a low sun.',
    ['mountains', 'peaks', 'landscape', 'dawn', 'illustration'],
    ['mountain', 'sun'],
    `<defs>${linear('s', ['#fde2c7', '#b9d4ef'], 270)}</defs>${rect('url(#s)')}<circle cx="690" cy="360" r="70" fill="#fff4dc"/>${peaks(
      '#7d9cc4',
      620,
      [
        [120, 380],
        [260, 520],
        [420, 300],
        [600, 540],
        [780, 350],
        [920, 480],
      ],
    )}${peaks('#4d6f9c', 760, [
      [80, 560],
      [240, 700],
      [380, 520],
      [560, 720],
      [720, 540],
      [900, 680],
    ])}${peaks('#2c4467', 880, [
      [150, 740],
      [330, 860],
      [500, 700],
      [700, 880],
      [860, 720],
    ])}`,
  ),
  img(
    'Desert Dunes Sunset Illustration',
    'Illustrations',
    'jpeg',
    'Rolling sand dunes in orange and rust under a setting sun.',
    ['desert', 'dunes', 'sand', 'sunset', 'illustration'],
    ['desert', 'sun'],
    `<defs>${linear('s', ['#ff7e5f', '#feb47b'], 90)}</defs>${rect('url(#s)')}<circle cx="500" cy="520" r="120" fill="#ffe29a"/>${hills('#e08a4e', 620, 50, 2.2, 0.3)}${hills('#c4652f', 740, 60, 1.6, 1.4)}${hills('#9a4521', 870, 40, 2.6, 2.1)}`,
  ),
  img(
    'Night Sky Crescent Moon Illustration',
    'Illustrations',
    'jpeg',
    'A crescent moon and scattered stars over dark hills.',
    ['night', 'moon', 'stars', 'sky', 'illustration'],
    ['moon', 'stars', 'sky'],
    `<defs>${linear('s', ['#0b1026', '#2a3470'], 90)}</defs>${rect('url(#s)')}${stars(160, 3, 700)}<circle cx="700" cy="260" r="90" fill="#fdf3c8"/><circle cx="740" cy="230" r="85" fill="#131a3d"/>${hills('#0a0f24', 820, 50, 1.5, 0.5)}`,
  ),
  img(
    'Ocean Waves Illustration',
    'Illustrations',
    'jpeg',
    'Curling blue waves with white foam crests under a clear sky.',
    ['ocean', 'waves', 'sea', 'blue', 'illustration'],
    ['ocean', 'waves', 'sea'],
    `${rect('#bfe6ff')}${[0, 1, 2, 3, 4].map((i) => hills(['#5fb3e6', '#3a93d0', '#2476b8', '#165c99', '#0d4377'][i], 420 + i * 130, 35, 5 + i, i * 1.3) + hills('#ffffff', 420 + i * 130 + 6, 35, 5 + i, i * 1.3).replace('fill="#ffffff"', 'fill="none" stroke="#ffffff" stroke-width="8" stroke-opacity="0.7"')).join('')}`,
  ),
  img(
    'City Skyline Dusk Illustration',
    'Illustrations',
    'jpeg',
    'Silhouetted buildings with lit windows against a purple dusk sky.',
    ['city', 'skyline', 'buildings', 'dusk', 'illustration'],
    ['city', 'buildings'],
    (() => {
      const r = rng(31)
      let s = `<defs>${linear('s', ['#2d1b4e', '#b0567d', '#f6a56b'], 90)}</defs>${rect('url(#s)')}`
      let x = 0
      while (x < 1000) {
        const w = 60 + r() * 90,
          h = 250 + r() * 450
        s += `<rect x="${x}" y="${1000 - h}" width="${w}" height="${h}" fill="#1b1330"/>`
        for (let wy = 1000 - h + 20; wy < 980; wy += 36)
          for (let wx = x + 12; wx < x + w - 16; wx += 24)
            if (r() < 0.35) s += `<rect x="${wx}" y="${wy}" width="10" height="16" fill="#ffd27a"/>`
        x += w + 4
      }
      return s
    })(),
  ),
  img(
    'Green Rolling Hills Illustration',
    'Illustrations',
    'jpeg',
    'Soft green hills layered under a bright sky with puffy clouds.',
    ['hills', 'countryside', 'green', 'landscape', 'illustration'],
    ['hills', 'clouds'],
    `${rect('#a8dcff')}<g fill="#fff"><circle cx="200" cy="200" r="50"/><circle cx="260" cy="180" r="65"/><circle cx="320" cy="205" r="45"/><circle cx="700" cy="150" r="40"/><circle cx="750" cy="135" r="55"/></g>${hills('#8ccf6a', 560, 60, 1.4, 0.2)}${hills('#5fb04a', 700, 70, 1.8, 1.9)}${hills('#3f8f3a', 850, 50, 2.2, 0.9)}`,
  ),
  img(
    'Pine Forest Illustration',
    'Illustrations',
    'jpeg',
    'Rows of dark green pine trees under a misty morning sky.',
    ['forest', 'pine', 'tree', 'trees', 'illustration'],
    ['forest', 'tree', 'pine'],
    (() => {
      let s = `<defs>${linear('s', ['#dfe9e4', '#a9c5bb'], 90)}</defs>${rect('url(#s)')}`
      const rows: [number, number, string][] = [
        [620, 220, '#7fa597'],
        [780, 300, '#4c7d6a'],
        [980, 420, '#24493c'],
      ]
      for (const [y, h, c] of rows) for (let x = -40; x < 1080; x += h * 0.5) s += pine(x + ((y * 7) % 60), y, h, c)
      return s
    })(),
  ),
  img(
    'Tropical Island Illustration',
    'Illustrations',
    'jpeg',
    'A small sandy island with a palm tree in a turquoise sea.',
    ['island', 'palm', 'tree', 'tropical', 'beach', 'illustration'],
    ['island', 'tree', 'palm', 'beach', 'sea'],
    `${rect('#9fe0ff')}<rect y="560" width="1000" height="440" fill="#20b5c4"/><ellipse cx="500" cy="640" rx="260" ry="70" fill="#f2d49b"/><path d="M500 630 Q520 480 470 360" stroke="#7a5230" stroke-width="22" fill="none"/><g fill="#2f9e44"><path d="M470 360 Q380 320 320 380 Q400 350 470 370Z"/><path d="M470 360 Q560 300 640 350 Q550 340 472 372Z"/><path d="M470 360 Q430 260 360 250 Q440 290 466 366Z"/><path d="M470 360 Q520 260 600 250 Q520 300 474 366Z"/></g>`,
  ),
]

/**
 * Each picture's shape and, when the window crops the design, where it sits: four shapes in
 * every category, so each orientation filter finds every kind of picture.
 */
const SHAPES: Record<string, [ImageRatio, number?, { soft?: boolean; grain?: number }?]> = {
  'Sunset Orange Purple Gradient': ['16:9'],
  'Ocean Blue Gradient': ['9:16'],
  'Mint Lavender Gradient': ['3:2'],
  'Peach Pink Gradient': ['2:3'],
  'Midnight Navy Gradient': ['16:9'],
  'Lime Teal Gradient': ['1:1'],
  'Golden Radial Glow Background': ['3:2'],
  'Aurora Mesh Gradient Background': ['2:3', 0.3, { soft: true, grain: 3 }],
  'Red Polka Dot Pattern': ['1:1'],
  'Blue Diagonal Stripes Pattern': ['3:2'],
  'Black White Checkerboard Pattern': ['16:9'],
  'Yellow Chevron Pattern': ['2:3'],
  'Teal Hexagon Grid Pattern': ['9:16'],
  'Pink Wavy Lines Pattern': ['3:2'],
  'Retro Triangle Mosaic Pattern': ['2:3'],
  'Concentric Circles Pattern': ['16:9'],
  'Marble Texture': ['2:3', 0.5, { soft: true, grain: 4 }],
  'Wood Grain Texture': ['16:9', 0.5, { soft: true, grain: 6 }],
  'Crumpled Paper Texture': ['3:2', 0.5, { soft: true, grain: 7 }],
  'Denim Fabric Texture': ['2:3', 0.5, { soft: true, grain: 14 }],
  'Brushed Metal Texture': ['16:9', 0.5, { soft: true, grain: 6 }],
  'Terrazzo Texture': ['1:1'],
  'Cloudy Sky Texture': ['3:2', 0.5, { soft: true, grain: 2 }],
  'Concrete Wall Texture': ['9:16', 0.5, { soft: true, grain: 12 }],
  'Mountain Range Illustration': ['16:9', 0.6],
  'Ocean Waves Illustration': ['16:9', 0.7],
  'Desert Dunes Sunset Illustration': ['3:2', 0.7],
  'Green Rolling Hills Illustration': ['3:2', 0.35],
  'Night Sky Crescent Moon Illustration': ['2:3', 0.9],
  'Tropical Island Illustration': ['2:3'],
  'City Skyline Dusk Illustration': ['9:16'],
  'Pine Forest Illustration': ['1:1'],
}

export const DEMO_IMAGES: DemoImageSpec[] = DESIGNS.map((design) => {
  const [ratio, focus = 0.5, finish = {}] = SHAPES[design.title]
  return { ...design, ratio, focus, ...finish }
})

/** The picture's pixel size for a given long side. */
export function imageDimensions(spec: DemoImageSpec, longSide: number): { width: number; height: number } {
  const [w, h] = spec.ratio.split(':').map(Number)
  return w >= h
    ? { width: longSide, height: Math.round((longSide * h) / w) }
    : { width: Math.round((longSide * w) / h), height: longSide }
}

export function imageSvg(spec: DemoImageSpec, longSide: number): string {
  const { width, height } = imageDimensions(spec, longSide)
  // The window: the design's full long side, the short side cut to the picture's shape.
  const vw = width >= height ? 1000 : (1000 * width) / height
  const vh = width >= height ? (1000 * height) / width : 1000
  const x = (1000 - vw) * spec.focus
  const y = (1000 - vh) * spec.focus
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${x} ${y} ${vw} ${vh}" preserveAspectRatio="none">${spec.body}</svg>`
}
