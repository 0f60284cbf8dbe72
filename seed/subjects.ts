/**
 * The 3D subjects of the demo catalogue, each composed from parts for the ray marcher.
 * A subject's words (noun, details) are what its title, tags and description may say: the
 * picture shows exactly these things.
 */
import type { Material, Part, Scene, Shape, Vec3 } from './raymarch'

export interface Subject3d {
  /** The title's noun, e.g. 'Rocket'. */
  noun: string
  category: string
  /** Subject words a search may use; each is visible in the render. */
  tags: string[]
  /** What the picture shows beyond the noun, for the description ('with three fins ...'). */
  details: string
  /** The material word of the main part. */
  material: string
  /** Main colours to render it in: the first is the subject's own, more give variants. */
  colours: { name: string; hex: string }[]
  build: (main: string) => Scene
}

const sph = (r: number): Shape => ({ kind: 'sphere', r })
const ell = (a: number, b: number, c: number): Shape => ({ kind: 'ellipsoid', r: [a, b, c] })
const box = (x: number, y: number, z: number, round = 0): Shape => ({ kind: 'box', size: [x, y, z], round })
const cyl = (r: number, h: number, round = 0): Shape => ({ kind: 'cylinder', r, h, round })
const cone = (r1: number, r2: number, h: number): Shape => ({ kind: 'cone', r1, r2, h })
const tor = (R: number, r: number): Shape => ({ kind: 'torus', R, r })
const cap = (r: number, h: number): Shape => ({ kind: 'capsule', r, h })
const oct = (s: number): Shape => ({ kind: 'octahedron', s })
const prism = (w: number, h: number, d: number): Shape => ({ kind: 'prism', w, h, d })

function P(shape: Shape, at: Vec3, colour: string, material: Material = 'gloss', extra: Partial<Part> = {}): Part {
  return { shape, at, colour, material, ...extra }
}

const ring = (n: number, radius: number, y: number, make: (at: Vec3, angle: number) => Part): Part[] =>
  Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2
    return make([radius * Math.sin(a), y, radius * Math.cos(a)], (a * 180) / Math.PI)
  })

const WHITE = '#f1f2f6'
const DARK = '#2b2f3a'
const WOOD = '#a0683a'
const GOLD = '#d4a017'
const STEEL = '#b8c0cc'

const C = (name: string, hex: string) => ({ name, hex })
const RED = C('Red', '#d7263d')
const BLUE = C('Blue', '#2563eb')
const YELLOW = C('Yellow', '#f5c518')
const ORANGE = C('Orange', '#ff8c2a')
const PINK = C('Pink', '#f472b6')
const PURPLE = C('Purple', '#8b5cf6')
const TEAL = C('Teal', '#14b8a6')
const GREEN_C = C('Green', '#3f9d4a')
const MINT = C('Mint', '#3ddc97')
const BROWN = C('Brown', '#8d5a34')
const WHITE_C = C('White', WHITE)
const GREY = C('Grey', '#8a94a6')
const GOLD_C = C('Gold', GOLD)
const SILVER = C('Silver', STEEL)
const BLACK = C('Black', '#30343f')

export const SUBJECTS_3D: Subject3d[] = [
  {
    noun: 'Rocket',
    category: 'Space',
    tags: ['rocket', 'spaceship', 'launch', 'fins'],
    material: 'glossy',
    details: 'a white body, a pointed red nose, three fins and a round blue window',
    colours: [RED, BLUE],
    build: (m) => ({
      parts: [
        P(cap(0.32, 0.55), [0, 1.0, 0], WHITE),
        P(cone(0.3, 0, 0.3), [0, 1.85, 0], m, 'gloss', { blend: 0.05 }),
        P(cyl(0.14, 0.03, 0.02), [0, 1.15, 0.3], '#3b82f6', 'gloss', { rot: [90, 0, 0] }),
        ...ring(3, 0.34, 0.5, (at, a) => P(box(0.04, 0.45, 0.3, 0.015), at, m, 'gloss', { rot: [0, a + 90, 0] })),
        P(cone(0.2, 0.25, 0.1), [0, 0.38, 0], '#3f4654', 'metal'),
      ],
    }),
  },
  {
    noun: 'Robot',
    category: 'Characters',
    tags: ['robot', 'android', 'antenna'],
    material: 'metallic',
    details: 'a boxy body, a square head with two glowing eyes, an antenna and round arms',
    colours: [SILVER, BLUE],
    build: (m) => ({
      parts: [
        P(box(0.8, 0.7, 0.5, 0.08), [0, 0.85, 0], m, 'metal'),
        P(box(0.6, 0.45, 0.45, 0.08), [0, 1.5, 0], m, 'metal'),
        P(sph(0.07), [-0.13, 1.53, 0.22], '#22d3ee', 'emissive'),
        P(sph(0.07), [0.13, 1.53, 0.22], '#22d3ee', 'emissive'),
        P(cyl(0.02, 0.12), [0, 1.85, 0], DARK, 'metal'),
        P(sph(0.06), [0, 1.99, 0], RED.hex, 'gloss'),
        P(cap(0.08, 0.22), [-0.5, 0.85, 0], DARK, 'metal', { rot: [0, 0, 12] }),
        P(cap(0.08, 0.22), [0.5, 0.85, 0], DARK, 'metal', { rot: [0, 0, -12] }),
        P(box(0.2, 0.4, 0.25, 0.05), [-0.2, 0.25, 0], DARK, 'metal'),
        P(box(0.2, 0.4, 0.25, 0.05), [0.2, 0.25, 0], DARK, 'metal'),
        P(box(0.3, 0.16, 0.04, 0.02), [0, 0.9, 0.25], '#f5c518', 'gloss'),
      ],
    }),
  },
  {
    noun: 'House',
    category: 'Icons',
    tags: ['house', 'home', 'roof', 'chimney'],
    material: 'matte',
    details: 'a pitched roof, a chimney, a front door and two windows',
    colours: [C('Ivory', '#f2e6cf'), C('Blue', '#8fb4e8')],
    build: (m) => ({
      parts: [
        P(box(1.4, 1.0, 1.1, 0.03), [0, 0.5, 0], m, 'matte'),
        P(prism(0.82, 0.6, 0.62), [0, 1.0, 0], '#c0392b', 'matte'),
        P(box(0.18, 0.45, 0.18), [0.38, 1.35, -0.15], '#8d5a34', 'matte'),
        P(box(0.28, 0.5, 0.04, 0.02), [0, 0.25, 0.56], '#7a4a2a', 'gloss'),
        P(box(0.26, 0.26, 0.04, 0.02), [-0.42, 0.6, 0.56], '#7fc8ff', 'gloss'),
        P(box(0.26, 0.26, 0.04, 0.02), [0.42, 0.6, 0.56], '#7fc8ff', 'gloss'),
      ],
    }),
  },
  {
    noun: 'Oak Tree',
    category: 'Nature',
    tags: ['tree', 'oak', 'leaves'],
    material: 'matte',
    details: 'a brown trunk and a round crown of leaves',
    colours: [GREEN_C, C('Autumn Orange', '#e07b2a')],
    build: (m) => ({
      parts: [
        P(cone(0.16, 0.1, 0.5), [0, 0.5, 0], WOOD, 'matte'),
        P(sph(0.55), [0, 1.35, 0], m, 'matte'),
        P(sph(0.4), [-0.42, 1.15, 0.1], m, 'matte', { blend: 0.12 }),
        P(sph(0.4), [0.42, 1.2, -0.05], m, 'matte', { blend: 0.12 }),
        P(sph(0.38), [0.05, 1.2, 0.42], m, 'matte', { blend: 0.12 }),
        P(sph(0.35), [0.1, 1.75, -0.1], m, 'matte', { blend: 0.12 }),
      ],
    }),
  },
  {
    noun: 'Pine Tree',
    category: 'Nature',
    tags: ['tree', 'pine', 'conifer'],
    material: 'matte',
    details: 'three stacked tiers of needles on a short brown trunk',
    colours: [C('Dark Green', '#2f7d4a'), C('Snowy White', '#e8eef5')],
    build: (m) => ({
      parts: [
        P(cyl(0.1, 0.2), [0, 0.2, 0], WOOD, 'matte'),
        P(cone(0.6, 0.05, 0.4), [0, 0.75, 0], m, 'matte'),
        P(cone(0.48, 0.04, 0.35), [0, 1.15, 0], m, 'matte'),
        P(cone(0.34, 0.0, 0.32), [0, 1.5, 0], m, 'matte'),
      ],
    }),
  },
  {
    noun: 'Mushroom',
    category: 'Nature',
    tags: ['mushroom', 'toadstool', 'fungi'],
    material: 'matte',
    details: 'a domed cap with white spots on a thick pale stem',
    colours: [RED, C('Brown', '#9c6b3f')],
    build: (m) => ({
      parts: [
        P(cone(0.22, 0.17, 0.45), [0, 0.45, 0], '#f3ead8', 'matte'),
        P(ell(0.7, 0.5, 0.7), [0, 0.9, 0], m, 'gloss', { above: 0 }),
        P(sph(0.08), [0.25, 1.28, 0.2], WHITE, 'matte'),
        P(sph(0.09), [-0.3, 1.2, 0.3], WHITE, 'matte'),
        P(sph(0.07), [0.05, 1.38, -0.05], WHITE, 'matte'),
        P(sph(0.08), [0.48, 1.05, -0.2], WHITE, 'matte'),
        P(sph(0.07), [-0.1, 1.22, 0.45], WHITE, 'matte'),
      ],
    }),
  },
  {
    noun: 'Trophy',
    category: 'Icons',
    tags: ['trophy', 'cup', 'award', 'winner'],
    material: 'metallic',
    details: 'a deep bowl, two looped handles, a stem and a dark square base',
    colours: [GOLD_C, SILVER],
    build: (m) => ({
      parts: [
        P(box(0.7, 0.2, 0.7, 0.03), [0, 0.1, 0], DARK, 'gloss'),
        P(cone(0.22, 0.06, 0.22), [0, 0.42, 0], m, 'metal'),
        P(ell(0.5, 0.55, 0.5), [0, 1.25, 0], m, 'metal', { below: 0, shell: 0.04 }),
        P(cyl(0.47, 0.02), [0, 1.25, 0], m, 'metal', { shell: 0.04 }),
        P(tor(0.2, 0.045), [-0.52, 1.0, 0], m, 'metal', { rot: [90, 0, 0] }),
        P(tor(0.2, 0.045), [0.52, 1.0, 0], m, 'metal', { rot: [90, 0, 0] }),
        P(cyl(0.06, 0.1), [0, 0.7, 0], m, 'metal'),
      ],
    }),
  },
  {
    noun: 'Coffee Cup',
    category: 'Food',
    tags: ['coffee', 'mug', 'saucer', 'drink'],
    material: 'ceramic',
    details: 'a looped handle, dark coffee inside and a matching saucer',
    colours: [WHITE_C, C('Teal', '#2a9d8f')],
    build: (m) => ({
      parts: [
        P(cyl(0.7, 0.035, 0.03), [0, 0.035, 0], m, 'gloss'),
        P(cone(0.3, 0.4, 0.35), [0, 0.45, 0], m, 'gloss', {
          cut: [{ shape: cone(0.26, 0.36, 0.35), at: [0, 0.09, 0] }],
        }),
        P(cyl(0.35, 0.01), [0, 0.66, 0], '#3b2314', 'gloss'),
        P(tor(0.17, 0.045), [0.45, 0.48, 0], m, 'gloss', { rot: [90, 0, 0] }),
      ],
    }),
  },
  {
    noun: 'Ringed Planet',
    category: 'Space',
    tags: ['planet', 'ring', 'saturn'],
    material: 'glossy',
    details: 'a banded globe circled by a thin tilted ring',
    colours: [C('Amber', '#e0a458'), C('Violet', '#8b5cf6')],
    build: (m) => ({
      elevation: 16,
      parts: [
        P(sph(0.7), [0, 1.2, 0], m, 'gloss'),
        P(tor(0.71, 0.03), [0, 1.32, 0], '#fff4e0', 'matte', { rot: [0, 0, 0] }),
        P(tor(1.2, 0.04), [0, 1.2, 0], '#f4e3c3', 'gloss', { rot: [22, 0, 14] }),
        P(tor(1.05, 0.03), [0, 1.2, 0], '#d8c7a8', 'gloss', { rot: [22, 0, 14] }),
      ],
    }),
  },
  {
    noun: 'Desk Lamp',
    category: 'Furniture',
    tags: ['lamp', 'light', 'desk', 'bulb'],
    material: 'glossy',
    details: 'a round base, a jointed arm and a flared shade over a glowing bulb',
    colours: [YELLOW, TEAL],
    build: (m) => ({
      parts: [
        P(cyl(0.4, 0.05, 0.03), [0, 0.05, 0], m, 'gloss'),
        P(cap(0.04, 0.4), [0.1, 0.5, 0], DARK, 'metal', { rot: [0, 0, -15] }),
        P(sph(0.07), [0.2, 0.9, 0], DARK, 'metal'),
        P(cap(0.04, 0.32), [-0.08, 1.1, 0], DARK, 'metal', { rot: [0, 0, 60] }),
        P(cone(0.32, 0.1, 0.2), [-0.42, 1.1, 0], m, 'gloss', { rot: [0, 0, 35], shell: 0.03 }),
        P(sph(0.12), [-0.5, 0.98, 0], '#fff2b0', 'emissive'),
      ],
    }),
  },
  {
    noun: 'Snowman',
    category: 'Characters',
    tags: ['snowman', 'winter', 'snow', 'hat'],
    material: 'matte',
    details: 'three snowballs, a carrot nose, coal eyes and a black top hat',
    colours: [WHITE_C],
    build: () => ({
      parts: [
        P(sph(0.55), [0, 0.5, 0], '#f4f6fb', 'matte'),
        P(sph(0.4), [0, 1.2, 0], '#f4f6fb', 'matte', { blend: 0.06 }),
        P(sph(0.3), [0, 1.72, 0], '#f4f6fb', 'matte', { blend: 0.05 }),
        P(cone(0.06, 0, 0.14), [0, 1.72, 0.38], '#ff8c2a', 'matte', { rot: [90, 0, 0] }),
        P(sph(0.035), [-0.1, 1.8, 0.26], DARK, 'gloss'),
        P(sph(0.035), [0.1, 1.8, 0.26], DARK, 'gloss'),
        P(cyl(0.2, 0.16), [0, 2.08, 0], '#222', 'gloss'),
        P(cyl(0.32, 0.02), [0, 1.94, 0], '#222', 'gloss'),
      ],
    }),
  },
  {
    noun: 'Donut',
    category: 'Food',
    tags: ['donut', 'doughnut', 'icing', 'dessert'],
    material: 'glossy',
    details: 'glossy icing on golden dough, topped with sprinkles',
    colours: [PINK, C('Chocolate', '#5b3a29')],
    build: (m) => ({
      elevation: 38,
      parts: [
        P(tor(0.55, 0.28), [0, 0.28, 0], '#d9a066', 'matte'),
        P(tor(0.55, 0.27), [0, 0.33, 0], m, 'gloss', { above: 0.02 }),
        ...ring(9, 0.55, 0.6, (at, a) =>
          P(
            cap(0.018, 0.04),
            [at[0] * (1 + 0.25 * Math.sin(a * 3)), at[1], at[2] * (1 + 0.25 * Math.sin(a * 3))],
            ['#ffffff', '#f5c518', '#22d3ee'][Math.round(a) % 3],
            'gloss',
            { rot: [90, a * 2, 0] },
          ),
        ),
      ],
    }),
  },
  {
    noun: 'Ice Cream Cone',
    category: 'Food',
    tags: ['ice cream', 'cone', 'dessert', 'scoop', 'cherry'],
    material: 'glossy',
    details: 'two scoops on a crisp wafer cone, topped with a cherry',
    colours: [PINK, MINT],
    build: (m) => ({
      parts: [
        P(cone(0.02, 0.3, 0.55), [0, 0.55, 0], '#d9a05b', 'matte'),
        P(sph(0.33), [0, 1.18, 0], m, 'gloss'),
        P(sph(0.28), [0, 1.6, 0], '#fff3da', 'gloss', { blend: 0.05 }),
        P(sph(0.08), [0, 1.94, 0], '#c1121f', 'gloss'),
      ],
    }),
  },
  {
    noun: 'Cactus',
    category: 'Nature',
    tags: ['cactus', 'plant', 'pot', 'desert'],
    material: 'matte',
    details: 'two raised arms in a terracotta pot',
    colours: [GREEN_C],
    build: () => ({
      parts: [
        P(cone(0.3, 0.38, 0.25), [0, 0.25, 0], '#c8643b', 'matte'),
        P(cyl(0.34, 0.02), [0, 0.49, 0], '#5a3b25', 'matte'),
        P(cap(0.2, 0.5), [0, 1.05, 0], '#3f9d4a', 'matte'),
        P(cap(0.11, 0.12), [-0.34, 1.05, 0], '#3f9d4a', 'matte', { blend: 0.04 }),
        P(cap(0.11, 0.15), [-0.32, 1.05, 0], '#3f9d4a', 'matte', { rot: [0, 0, 90], blend: 0.04 }),
        P(cap(0.1, 0.14), [0.33, 1.25, 0], '#3f9d4a', 'matte', { blend: 0.04 }),
        P(cap(0.1, 0.14), [0.3, 1.15, 0], '#3f9d4a', 'matte', { rot: [0, 0, 90], blend: 0.04 }),
      ],
    }),
  },
  {
    noun: 'Car',
    category: 'Vehicles',
    tags: ['car', 'automobile', 'wheels'],
    material: 'glossy',
    details: 'a rounded body, a tinted cabin and four black wheels',
    colours: [RED, TEAL],
    build: (m) => ({
      azimuth: 40,
      parts: [
        P(box(1.8, 0.42, 0.9, 0.15), [0, 0.42, 0], m, 'gloss'),
        P(box(1.0, 0.4, 0.8, 0.15), [-0.1, 0.8, 0], m, 'gloss', { blend: 0.04 }),
        P(box(1.02, 0.26, 0.82, 0.1), [-0.1, 0.85, 0], '#9ed8ff', 'gloss'),
        ...[-0.55, 0.55].flatMap((x) =>
          [-0.45, 0.45].map((z) => P(cyl(0.22, 0.08, 0.04), [x, 0.22, z], '#1f2229', 'matte', { rot: [90, 0, 0] })),
        ),
        P(sph(0.06), [0.9, 0.48, 0.28], '#fff6c0', 'emissive'),
        P(sph(0.06), [0.9, 0.48, -0.28], '#fff6c0', 'emissive'),
      ],
    }),
  },
  {
    noun: 'Hot Air Balloon',
    category: 'Vehicles',
    tags: ['balloon', 'basket', 'flight'],
    material: 'matte',
    details: 'a tall envelope above a woven basket on four ropes',
    colours: [ORANGE, PURPLE],
    build: (m) => ({
      parts: [
        P(ell(0.62, 0.72, 0.62), [0, 1.55, 0], m, 'gloss'),
        P(cone(0.16, 0.45, 0.25), [0, 0.95, 0], m, 'gloss', { blend: 0.1 }),
        P(box(0.36, 0.26, 0.36, 0.04), [0, 0.13, 0], '#a0683a', 'matte'),
        ...[
          [-1, -1],
          [-1, 1],
          [1, -1],
          [1, 1],
        ].map(([x, z]) => P(cyl(0.012, 0.33), [x * 0.15, 0.55, z * 0.15], '#5a3b25', 'matte')),
      ],
    }),
  },
  {
    noun: 'Sailboat',
    category: 'Vehicles',
    tags: ['sailboat', 'boat', 'sail', 'mast'],
    material: 'glossy',
    details: 'a hull, a tall wooden mast, a white mainsail on a boom and a jib',
    colours: [BLUE, RED],
    build: (m) => ({
      azimuth: 20,
      parts: [
        P(ell(0.9, 0.3, 0.34), [0, 0.3, 0], m, 'gloss', { below: 0 }),
        P(box(1.7, 0.03, 0.6, 0.01), [0, 0.3, 0], '#c79a63', 'matte'),
        P(cyl(0.03, 0.8), [0.05, 1.1, 0], WOOD, 'matte'),
        // A mainsail behind the mast and a jib before it: each a half triangle whose upright edge
        // runs along the mast.
        P(prism(0.7, 1.38, 0.015), [0.02, 0.45, 0], WHITE, 'matte', {
          cut: [{ shape: box(1.6, 3, 1), at: [0.8, 1, 0] }],
        }),
        P(cyl(0.02, 0.36), [-0.32, 0.43, 0], WOOD, 'matte', { rot: [0, 0, 90] }),
        P(prism(0.62, 1.12, 0.015), [0.08, 0.45, 0], WHITE, 'matte', {
          cut: [{ shape: box(1.6, 3, 1), at: [-0.8, 1, 0] }],
        }),
      ],
    }),
  },
  {
    noun: 'Lighthouse',
    category: 'Icons',
    tags: ['lighthouse', 'tower', 'coast', 'roof'],
    material: 'glossy',
    details: 'a striped tapering tower, a glowing lantern room and a red roof',
    colours: [RED],
    build: () => ({
      parts: [
        P(cone(0.4, 0.26, 0.9), [0, 0.9, 0], WHITE, 'gloss'),
        P(cone(0.37, 0.33, 0.12), [0, 0.55, 0], '#d7263d', 'gloss'),
        P(cone(0.32, 0.28, 0.12), [0, 1.2, 0], '#d7263d', 'gloss'),
        P(cyl(0.36, 0.04), [0, 1.83, 0], DARK, 'metal'),
        P(cyl(0.2, 0.16), [0, 2.02, 0], '#fff2b0', 'emissive'),
        P(cone(0.3, 0.02, 0.2), [0, 2.38, 0], '#d7263d', 'gloss'),
      ],
    }),
  },
  {
    noun: 'Castle Tower',
    category: 'Icons',
    tags: ['castle', 'tower', 'turret', 'roof'],
    material: 'matte',
    details: 'a round stone wall, battlements and a pointed roof with a flag',
    colours: [GREY, C('Sandstone', '#d6b98c')],
    build: (m) => ({
      parts: [
        P(cyl(0.5, 0.7), [0, 0.7, 0], m, 'matte'),
        ...ring(8, 0.46, 1.47, (at, a) => P(box(0.16, 0.16, 0.12), at, m, 'matte', { rot: [0, a, 0] })),
        P(cone(0.42, 0, 0.4), [0, 1.9, 0], BLUE.hex, 'gloss'),
        P(cyl(0.015, 0.16), [0, 2.42, 0], DARK, 'metal'),
        P(box(0.02, 0.1, 0.16), [0, 2.5, 0.08], '#d7263d', 'matte'),
        P(box(0.24, 0.42, 0.05, 0.04), [0, 0.21, 0.49], '#5a3b25', 'matte'),
      ],
    }),
  },
  {
    noun: 'Chess Pawn',
    category: 'Icons',
    tags: ['chess', 'pawn', 'game'],
    material: 'glossy',
    details: 'a round base, a waisted body, a collar and a ball head',
    colours: [BLACK, WHITE_C],
    build: (m) => ({
      parts: [
        P(cyl(0.42, 0.08, 0.04), [0, 0.08, 0], m, 'gloss'),
        P(cone(0.32, 0.12, 0.45), [0, 0.6, 0], m, 'gloss', { blend: 0.06 }),
        P(cyl(0.24, 0.035, 0.03), [0, 1.06, 0], m, 'gloss', { blend: 0.03 }),
        P(sph(0.25), [0, 1.32, 0], m, 'gloss', { blend: 0.03 }),
      ],
    }),
  },
  {
    noun: 'Dice',
    category: 'Icons',
    tags: ['dice', 'die', 'game'],
    material: 'glossy',
    details: 'rounded corners and carved dots',
    colours: [WHITE_C, RED],
    build: (m) => ({
      elevation: 30,
      parts: [
        P(box(1, 1, 1, 0.14), [0, 0.5, 0], m, 'gloss', {
          cut: [
            { shape: sph(0.09), at: [0, 0.5, 0] },
            ...[
              [-0.25, -0.25],
              [0.25, 0.25],
            ].map(([x, y]) => ({ shape: sph(0.08), at: [x, y, 0.53] as Vec3 })),
            ...[
              [-0.25, -0.25],
              [0, 0],
              [0.25, 0.25],
            ].map(([x, z]) => ({ shape: sph(0.08), at: [0.53, x, z] as Vec3 })),
          ],
        }),
      ],
    }),
  },
  {
    noun: 'Gift Box',
    category: 'Icons',
    tags: ['gift', 'present', 'ribbon', 'bow'],
    material: 'glossy',
    details: 'a crossed ribbon and a looped bow on the lid',
    colours: [RED, BLUE],
    build: (m) => ({
      parts: [
        P(box(1, 0.8, 1, 0.03), [0, 0.4, 0], m, 'gloss'),
        P(box(1.08, 0.16, 1.08, 0.03), [0, 0.86, 0], m, 'gloss'),
        P(box(1.1, 0.96, 0.16, 0.01), [0, 0.48, 0], GOLD, 'metal'),
        P(box(0.16, 0.96, 1.1, 0.01), [0, 0.48, 0], GOLD, 'metal'),
        P(tor(0.16, 0.05), [-0.15, 1.05, 0], GOLD, 'metal', { rot: [90, 0, 30] }),
        P(tor(0.16, 0.05), [0.15, 1.05, 0], GOLD, 'metal', { rot: [90, 0, -30] }),
      ],
    }),
  },
  {
    noun: 'Cupcake',
    category: 'Food',
    tags: ['cupcake', 'frosting', 'cherry', 'dessert'],
    material: 'glossy',
    details: 'a pleated paper case, a swirl of frosting and a cherry on top',
    colours: [PINK, C('Vanilla', '#fbeec1')],
    build: (m) => ({
      parts: [
        P(cone(0.3, 0.4, 0.28), [0, 0.28, 0], '#6aa9e0', 'matte'),
        P(tor(0.36, 0.14), [0, 0.66, 0], m, 'gloss'),
        P(tor(0.24, 0.13), [0, 0.86, 0], m, 'gloss', { blend: 0.06 }),
        P(sph(0.17), [0, 1.02, 0], m, 'gloss', { blend: 0.06 }),
        P(sph(0.1), [0, 1.25, 0], '#c1121f', 'gloss'),
      ],
    }),
  },
  {
    noun: 'Apple',
    category: 'Food',
    tags: ['apple', 'fruit', 'leaf'],
    material: 'glossy',
    details: 'a short stem and one green leaf',
    colours: [RED, C('Green', '#7cc242')],
    build: (m) => ({
      parts: [
        P(sph(0.5), [-0.12, 0.5, 0], m, 'gloss'),
        P(sph(0.5), [0.12, 0.5, 0], m, 'gloss', { blend: 0.2, cut: [{ shape: sph(0.12), at: [-0.12, 1.02, 0] }] }),
        P(cyl(0.03, 0.14), [0, 1.02, 0], '#5a3b25', 'matte', { rot: [0, 0, 10] }),
        P(ell(0.18, 0.03, 0.08), [0.16, 1.08, 0], '#3f9d4a', 'gloss', { rot: [0, 0, 20] }),
      ],
    }),
  },
  {
    noun: 'Light Bulb',
    category: 'Technology',
    tags: ['bulb', 'light', 'idea'],
    material: 'glossy',
    details: 'a glowing globe on a ribbed metal screw base',
    colours: [YELLOW],
    build: () => ({
      parts: [
        P(sph(0.5), [0, 1.2, 0], '#ffe27a', 'emissive'),
        P(cone(0.2, 0.32, 0.18), [0, 0.7, 0], '#ffe27a', 'emissive', { blend: 0.08 }),
        ...[0, 1, 2, 3].map((i) => P(tor(0.2, 0.03), [0, 0.25 + i * 0.08, 0], STEEL, 'metal')),
        P(cyl(0.2, 0.14), [0, 0.37, 0], STEEL, 'metal'),
        P(sph(0.1), [0, 0.13, 0], DARK, 'metal'),
      ],
    }),
  },
  {
    noun: 'Headphones',
    category: 'Technology',
    tags: ['headphones', 'audio', 'headset'],
    material: 'matte',
    details: 'a curved headband and two padded earpieces',
    colours: [BLACK, PINK],
    build: (m) => ({
      parts: [
        P(tor(0.6, 0.06), [0, 0.8, 0], m, 'gloss', { rot: [90, 0, 0], above: 0 }),
        P(cyl(0.25, 0.1, 0.06), [-0.62, 0.62, 0], m, 'matte', { rot: [0, 0, 90] }),
        P(cyl(0.25, 0.1, 0.06), [0.62, 0.62, 0], m, 'matte', { rot: [0, 0, 90] }),
        P(cyl(0.2, 0.05, 0.04), [-0.52, 0.62, 0], DARK, 'matte', { rot: [0, 0, 90] }),
        P(cyl(0.2, 0.05, 0.04), [0.52, 0.62, 0], DARK, 'matte', { rot: [0, 0, 90] }),
        P(cap(0.05, 0.12), [-0.62, 0.85, 0], STEEL, 'metal'),
        P(cap(0.05, 0.12), [0.62, 0.85, 0], STEEL, 'metal'),
      ],
    }),
  },
  {
    noun: 'Alarm Clock',
    category: 'Technology',
    tags: ['clock', 'alarm', 'bells', 'time'],
    material: 'glossy',
    details: 'two bells on top, a white face with hands and short feet',
    colours: [RED, TEAL],
    build: (m) => ({
      parts: [
        P(cyl(0.5, 0.18, 0.08), [0, 0.7, 0], m, 'gloss', { rot: [90, 0, 0] }),
        P(cyl(0.42, 0.02), [0, 0.7, 0.18], WHITE, 'matte', { rot: [90, 0, 0] }),
        P(box(0.03, 0.28, 0.02), [0, 0.82, 0.21], DARK, 'gloss'),
        P(box(0.2, 0.03, 0.02), [0.09, 0.7, 0.21], DARK, 'gloss'),
        P(sph(0.18), [-0.33, 1.22, 0], STEEL, 'metal', { below: 0.05 }),
        P(sph(0.18), [0.33, 1.22, 0], STEEL, 'metal', { below: 0.05 }),
        P(cap(0.04, 0.12), [-0.32, 0.12, 0], DARK, 'metal', { rot: [0, 0, -30] }),
        P(cap(0.04, 0.12), [0.32, 0.12, 0], DARK, 'metal', { rot: [0, 0, 30] }),
      ],
    }),
  },
  {
    noun: 'Umbrella',
    category: 'Icons',
    tags: ['umbrella', 'canopy', 'parasol'],
    material: 'glossy',
    details: 'an open dome canopy on a straight shaft with a hooked handle',
    colours: [BLUE, YELLOW],
    build: (m) => ({
      parts: [
        P(sph(0.85), [0, 1.0, 0], m, 'gloss', { above: 0.15, shell: 0.03 }),
        P(cyl(0.025, 0.7), [0, 0.9, 0], DARK, 'metal'),
        P(tor(0.1, 0.025), [0.1, 0.22, 0], DARK, 'metal', { rot: [90, 0, 0], below: 0 }),
        P(sph(0.04), [0, 1.88, 0], DARK, 'metal'),
      ],
    }),
  },
  {
    noun: 'Teapot',
    category: 'Food',
    tags: ['teapot', 'tea', 'spout', 'kitchen'],
    material: 'ceramic',
    details: 'a round belly, a curved spout, a handle and a lid with a knob',
    colours: [WHITE_C, BLUE],
    build: (m) => ({
      parts: [
        P(ell(0.6, 0.45, 0.6), [0, 0.45, 0], m, 'gloss'),
        P(cyl(0.32, 0.06, 0.03), [0, 0.9, 0], m, 'gloss'),
        P(sph(0.07), [0, 1.0, 0], m, 'gloss'),
        P(cap(0.07, 0.25), [0.72, 0.65, 0], m, 'gloss', { rot: [0, 0, -45], blend: 0.06 }),
        P(tor(0.22, 0.05), [-0.62, 0.5, 0], m, 'gloss', { rot: [90, 0, 0] }),
      ],
    }),
  },
  {
    noun: 'Lollipop',
    category: 'Food',
    tags: ['lollipop', 'candy', 'sweet'],
    material: 'glossy',
    details: 'a swirled candy disc on a white stick',
    colours: [PINK, ORANGE],
    build: (m) => ({
      parts: [
        P(cyl(0.03, 0.55), [0, 0.55, 0], WHITE, 'matte'),
        P(cyl(0.5, 0.1, 0.1), [0, 1.5, 0], m, 'gloss', { rot: [90, 0, 0] }),
        P(tor(0.3, 0.06), [0, 1.5, 0.06], WHITE, 'gloss', { rot: [90, 0, 0] }),
        P(tor(0.12, 0.05), [0, 1.5, 0.07], WHITE, 'gloss', { rot: [90, 0, 0] }),
      ],
    }),
  },
  {
    noun: 'Burger',
    category: 'Food',
    tags: ['burger', 'hamburger', 'cheese', 'bun'],
    material: 'matte',
    details: 'a sesame bun, a patty, melted cheese and lettuce',
    colours: [C('Golden', '#d99a4e')],
    build: (m) => ({
      parts: [
        P(cyl(0.6, 0.1, 0.08), [0, 0.1, 0], m, 'matte'),
        P(cyl(0.62, 0.1, 0.08), [0, 0.3, 0], '#5b3a29', 'matte'),
        P(box(1.05, 0.04, 1.05, 0.02), [0, 0.42, 0], '#f5c518', 'gloss', { rot: [0, 45, 0] }),
        P(cyl(0.66, 0.03, 0.03), [0, 0.48, 0], '#6cc24a', 'gloss'),
        P(sph(0.62), [0, 0.5, 0], m, 'gloss', { above: 0.02 }),
        ...ring(7, 0.3, 1.0, (at, a) =>
          P(ell(0.04, 0.02, 0.025), [at[0], 0.5 + Math.sqrt(0.62 ** 2 - 0.09) + 0.005, at[2]], '#fff3da', 'matte', {
            rot: [0, a, 0],
          }),
        ),
      ],
    }),
  },
  {
    noun: 'Pencil',
    category: 'Icons',
    tags: ['pencil', 'eraser', 'writing'],
    material: 'glossy',
    details: 'a sharpened wooden tip, a metal band and a pink eraser',
    colours: [YELLOW, BLUE],
    build: (m) => ({
      azimuth: 20,
      elevation: 28,
      parts: [
        P(cyl(0.16, 0.8, 0.02), [0, 0.16, 0], m, 'gloss', { rot: [0, 0, 90] }),
        P(cone(0.16, 0.04, 0.14), [0.94, 0.16, 0], '#e8c9a0', 'matte', { rot: [0, 0, -90] }),
        P(cone(0.04, 0, 0.05), [1.12, 0.16, 0], DARK, 'matte', { rot: [0, 0, -90] }),
        P(cyl(0.165, 0.08), [-0.86, 0.16, 0], STEEL, 'metal', { rot: [0, 0, 90] }),
        P(cyl(0.16, 0.1, 0.05), [-1.02, 0.16, 0], '#f48fb1', 'matte', { rot: [0, 0, 90] }),
      ],
    }),
  },
  {
    noun: 'Traffic Cone',
    category: 'Icons',
    tags: ['traffic', 'cone', 'road', 'safety'],
    material: 'glossy',
    details: 'white reflective bands on a square base',
    colours: [ORANGE],
    build: () => ({
      parts: [
        P(box(0.9, 0.08, 0.9, 0.03), [0, 0.04, 0], '#ff6d1f', 'gloss'),
        P(cone(0.34, 0.06, 0.7), [0, 0.78, 0], '#ff6d1f', 'gloss'),
        P(cone(0.28, 0.22, 0.09), [0, 0.62, 0], WHITE, 'gloss'),
        P(cone(0.18, 0.13, 0.08), [0, 1.02, 0], WHITE, 'gloss'),
      ],
    }),
  },
  {
    noun: 'Windmill',
    category: 'Icons',
    tags: ['windmill', 'sails', 'farm', 'tower'],
    material: 'matte',
    details: 'a tapered tower, a domed cap and four crossed sails',
    colours: [WHITE_C, C('Brick Red', '#b5483b')],
    build: (m) => ({
      parts: [
        P(cone(0.45, 0.3, 0.8), [0, 0.8, 0], m, 'matte'),
        P(sph(0.32), [0, 1.62, 0], DARK, 'matte', { above: 0 }),
        P(cyl(0.06, 0.1), [0, 1.72, 0.35], DARK, 'metal', { rot: [90, 0, 0] }),
        ...[0, 90, 180, 270].map((a) =>
          P(
            box(0.18, 0.75, 0.02),
            [0.42 * Math.sin((a * Math.PI) / 180), 1.72 + 0.42 * Math.cos((a * Math.PI) / 180), 0.45],
            '#e8dcc0',
            'matte',
            { rot: [0, 0, -a] },
          ),
        ),
        P(box(0.22, 0.38, 0.04, 0.03), [0, 0.19, 0.43], '#5a3b25', 'matte'),
      ],
    }),
  },
  {
    noun: 'Dining Table',
    category: 'Furniture',
    tags: ['table', 'wood', 'tabletop', 'legs'],
    material: 'matte',
    details: 'a thick top on four square legs',
    colours: [C('Maple', '#b07a45'), C('Walnut', '#6b4428')],
    build: (m) => ({
      elevation: 26,
      parts: [
        P(box(1.6, 0.1, 1.0, 0.03), [0, 0.85, 0], m, 'gloss'),
        ...[-0.7, 0.7].flatMap((x) => [-0.4, 0.4].map((z) => P(box(0.1, 0.8, 0.1, 0.02), [x, 0.4, z], m, 'matte'))),
      ],
    }),
  },
  {
    noun: 'Chair',
    category: 'Furniture',
    tags: ['chair', 'seat', 'legs'],
    material: 'matte',
    details: 'a padded seat, a slatted back and four legs',
    colours: [TEAL, C('Mustard', '#d4a017')],
    build: (m) => ({
      azimuth: 40,
      parts: [
        P(box(0.8, 0.12, 0.8, 0.05), [0, 0.7, 0], m, 'matte'),
        ...[-0.33, 0.33].flatMap((x) => [-0.33, 0.33].map((z) => P(cyl(0.04, 0.35), [x, 0.35, z], WOOD, 'gloss'))),
        P(cyl(0.04, 0.45), [-0.33, 1.2, -0.35], WOOD, 'gloss'),
        P(cyl(0.04, 0.45), [0.33, 1.2, -0.35], WOOD, 'gloss'),
        P(box(0.72, 0.12, 0.05, 0.02), [0, 1.5, -0.35], WOOD, 'gloss'),
        P(box(0.72, 0.12, 0.05, 0.02), [0, 1.2, -0.35], WOOD, 'gloss'),
      ],
    }),
  },
  {
    noun: 'Sofa',
    category: 'Furniture',
    tags: ['sofa', 'couch', 'cushions', 'seat'],
    material: 'velvet',
    details: 'a deep seat, two cushions, a backrest and rounded arms',
    colours: [C('Navy', '#34456e'), C('Rust', '#b5562b')],
    build: (m) => ({
      azimuth: 25,
      elevation: 22,
      parts: [
        P(box(1.8, 0.35, 0.9, 0.1), [0, 0.3, 0], m, 'matte'),
        P(box(1.8, 0.6, 0.25, 0.1), [0, 0.75, -0.33], m, 'matte'),
        P(box(0.25, 0.55, 0.9, 0.1), [-0.9, 0.5, 0], m, 'matte'),
        P(box(0.25, 0.55, 0.9, 0.1), [0.9, 0.5, 0], m, 'matte'),
        P(box(0.74, 0.14, 0.65, 0.07), [-0.38, 0.54, 0.07], m, 'matte'),
        P(box(0.74, 0.14, 0.65, 0.07), [0.38, 0.54, 0.07], m, 'matte'),
      ],
    }),
  },
  {
    noun: 'Penguin',
    category: 'Animals',
    tags: ['penguin', 'bird', 'beak'],
    material: 'glossy',
    details: 'a white belly, flippers, an orange beak and orange feet',
    colours: [BLACK],
    build: () => ({
      parts: [
        P(ell(0.45, 0.6, 0.42), [0, 0.65, 0], '#262b36', 'gloss'),
        P(ell(0.34, 0.48, 0.2), [0, 0.6, 0.25], WHITE, 'gloss', { blend: 0.02 }),
        P(sph(0.3), [0, 1.35, 0], '#262b36', 'gloss', { blend: 0.1 }),
        P(sph(0.05), [-0.11, 1.43, 0.25], WHITE, 'gloss'),
        P(sph(0.05), [0.11, 1.43, 0.25], WHITE, 'gloss'),
        P(cone(0.07, 0, 0.1), [0, 1.32, 0.34], ORANGE.hex, 'gloss', { rot: [90, 0, 0] }),
        P(ell(0.08, 0.3, 0.14), [-0.46, 0.7, 0], '#262b36', 'gloss', { rot: [0, 0, -15] }),
        P(ell(0.08, 0.3, 0.14), [0.46, 0.7, 0], '#262b36', 'gloss', { rot: [0, 0, 15] }),
        P(ell(0.12, 0.04, 0.18), [-0.15, 0.04, 0.12], ORANGE.hex, 'matte'),
        P(ell(0.12, 0.04, 0.18), [0.15, 0.04, 0.12], ORANGE.hex, 'matte'),
      ],
    }),
  },
  {
    noun: 'Rubber Duck',
    category: 'Animals',
    tags: ['duck', 'rubber duck', 'bath', 'tail', 'beak'],
    material: 'glossy',
    details: 'a round body, a raised tail, an orange beak and black eyes',
    colours: [YELLOW],
    build: () => ({
      parts: [
        P(ell(0.6, 0.42, 0.48), [0, 0.42, 0], '#ffd21f', 'gloss'),
        P(ell(0.2, 0.14, 0.2), [-0.5, 0.62, 0], '#ffd21f', 'gloss', { rot: [0, 0, 35], blend: 0.1 }),
        P(sph(0.32), [0.25, 1.0, 0], '#ffd21f', 'gloss', { blend: 0.12 }),
        P(ell(0.18, 0.06, 0.14), [0.6, 0.94, 0], '#ff8c2a', 'gloss'),
        P(sph(0.045), [0.48, 1.1, 0.16], '#1d1d22', 'gloss'),
        P(sph(0.045), [0.48, 1.1, -0.16], '#1d1d22', 'gloss'),
      ],
      azimuth: 70,
    }),
  },
  {
    noun: 'Snail',
    category: 'Animals',
    tags: ['snail', 'shell', 'garden'],
    material: 'glossy',
    details: 'a spiral shell on a soft body with two eye stalks',
    colours: [C('Amber', '#d98b3a'), PURPLE],
    build: (m) => ({
      azimuth: 10,
      parts: [
        P(cap(0.16, 0.45), [0, 0.16, 0], '#c9e4a5', 'gloss', { rot: [0, 0, 90] }),
        P(tor(0.28, 0.18), [-0.05, 0.55, 0], m, 'gloss', { rot: [90, 0, 0] }),
        P(tor(0.12, 0.1), [-0.05, 0.55, 0.08], m, 'gloss', { rot: [90, 0, 0] }),
        P(sph(0.08), [-0.05, 0.55, 0.13], m, 'gloss'),
        P(cap(0.025, 0.12), [0.52, 0.42, 0.06], '#c9e4a5', 'gloss', { rot: [0, 0, -20] }),
        P(cap(0.025, 0.12), [0.52, 0.42, -0.06], '#c9e4a5', 'gloss', { rot: [0, 0, -20] }),
        P(sph(0.045), [0.57, 0.55, 0.06], DARK, 'gloss'),
        P(sph(0.045), [0.57, 0.55, -0.06], DARK, 'gloss'),
      ],
    }),
  },
  {
    noun: 'Fish',
    category: 'Animals',
    tags: ['fish', 'fins', 'tail'],
    material: 'glossy',
    details: 'a forked tail, a dorsal fin and big eyes',
    colours: [ORANGE, BLUE],
    build: (m) => ({
      azimuth: 15,
      parts: [
        P(ell(0.7, 0.42, 0.24), [0, 0.75, 0], m, 'gloss'),
        P(prism(0.3, 0.4, 0.03), [-0.7, 0.75, 0], m, 'gloss', { rot: [0, 0, 90], blend: 0.05 }),
        P(prism(0.25, 0.22, 0.02), [-0.05, 1.12, 0], m, 'gloss', { blend: 0.05 }),
        P(sph(0.09), [0.4, 0.85, 0.17], WHITE, 'gloss'),
        P(sph(0.05), [0.44, 0.85, 0.23], '#111', 'gloss'),
      ],
    }),
  },
  {
    noun: 'Turtle',
    category: 'Animals',
    tags: ['turtle', 'shell', 'reptile', 'legs'],
    material: 'glossy',
    details: 'a domed patterned shell, a head and four stubby legs',
    colours: [GREEN_C],
    build: () => ({
      azimuth: 45,
      elevation: 26,
      parts: [
        P(ell(0.62, 0.42, 0.5), [0, 0.18, 0], '#4c8a3f', 'gloss', { above: 0 }),
        ...ring(6, 0.32, 0.48, (at) => P(sph(0.13), [at[0], 0.5, at[2] * 0.8], '#6cab4f', 'gloss', { blend: 0.05 })),
        P(sph(0.18), [0.7, 0.3, 0], '#9ccc65', 'gloss'),
        ...[
          [-0.35, 0.35],
          [0.35, 0.35],
          [-0.35, -0.35],
          [0.35, -0.35],
        ].map(([x, z]) => P(cap(0.09, 0.07), [x, 0.12, z], '#9ccc65', 'gloss')),
        P(sph(0.035), [0.84, 0.36, 0.09], DARK, 'gloss'),
        P(sph(0.035), [0.84, 0.36, -0.09], DARK, 'gloss'),
      ],
    }),
  },
  {
    noun: 'Flying Saucer',
    category: 'Space',
    tags: ['ufo', 'saucer', 'alien', 'spacecraft', 'lights'],
    material: 'metallic',
    details: 'a wide metal disc, a clear dome and a circle of lights',
    colours: [SILVER, C('Green', '#4caf50')],
    build: (m) => ({
      elevation: 18,
      parts: [
        P(ell(1.0, 0.2, 1.0), [0, 0.6, 0], m, 'metal'),
        P(sph(0.42), [0, 0.72, 0], '#9ed8ff', 'gloss', { above: 0 }),
        ...ring(8, 0.78, 0.56, (at) => P(sph(0.06), at, '#fff2b0', 'emissive')),
        P(cone(0.4, 0.25, 0.08), [0, 0.4, 0], DARK, 'metal'),
      ],
    }),
  },
  {
    noun: 'Satellite',
    category: 'Space',
    tags: ['satellite', 'solar panel', 'dish', 'orbit', 'antenna'],
    material: 'metallic',
    details: 'a gold body, two blue solar panels and a dish antenna',
    colours: [GOLD_C],
    build: (m) => ({
      elevation: 24,
      parts: [
        P(box(0.5, 0.5, 0.5, 0.04), [0, 0.9, 0], m, 'metal'),
        P(box(0.8, 0.5, 0.03, 0.01), [-0.75, 0.9, 0], '#1f3a8a', 'gloss'),
        P(box(0.8, 0.5, 0.03, 0.01), [0.75, 0.9, 0], '#1f3a8a', 'gloss'),
        P(cyl(0.025, 0.12), [-0.3, 0.9, 0], STEEL, 'metal', { rot: [0, 0, 90] }),
        P(sph(0.3), [0, 1.35, 0], WHITE, 'gloss', { below: -0.12, shell: 0.03 }),
        P(cyl(0.02, 0.12), [0, 1.25, 0], STEEL, 'metal'),
      ],
    }),
  },
  {
    noun: 'Crystal',
    category: 'Abstract',
    tags: ['crystal', 'gem', 'jewel'],
    material: 'glossy',
    details: 'a faceted double point balanced on its lower tip',
    colours: [C('Aqua', '#22d3ee'), C('Amethyst', '#9b5de5')],
    build: (m) => ({ parts: [P(oct(0.6), [0, 0.62, 0], m, 'gloss', { rot: [0, 30, 0] })] }),
  },
  {
    noun: 'Diamond Ring',
    category: 'Abstract',
    tags: ['ring', 'diamond', 'jewellery'],
    material: 'metallic',
    details: 'a thin band set with a sparkling stone',
    colours: [GOLD_C, SILVER],
    build: (m) => ({
      elevation: 14,
      parts: [
        P(tor(0.5, 0.07), [0, 0.57, 0], m, 'metal', { rot: [90, 0, 0] }),
        P(oct(0.2), [0, 1.22, 0], '#e6f7ff', 'gloss', { rot: [0, 45, 0] }),
        P(cone(0.06, 0.12, 0.06), [0, 1.1, 0], m, 'metal'),
      ],
    }),
  },
  {
    noun: 'Bell',
    category: 'Icons',
    tags: ['bell', 'chime', 'ring'],
    material: 'metallic',
    details: 'a flared lip, a loop on top and a round clapper',
    colours: [GOLD_C, SILVER],
    build: (m) => ({
      parts: [
        P(cone(0.55, 0.3, 0.45), [0, 0.6, 0], m, 'metal', { shell: 0.05, below: 0.44 }),
        P(sph(0.3), [0, 1.02, 0], m, 'metal', { above: 0, blend: 0.05 }),
        P(tor(0.1, 0.03), [0, 1.4, 0], m, 'metal', { rot: [90, 0, 0] }),
        P(sph(0.12), [0, 0.2, 0], DARK, 'metal'),
      ],
    }),
  },
  {
    noun: 'Candle',
    category: 'Icons',
    tags: ['candle', 'flame', 'wax'],
    material: 'matte',
    details: 'a glowing flame on a thick wax pillar',
    colours: [C('Ivory', '#f5ecd7'), RED],
    build: (m) => ({
      parts: [
        P(cyl(0.32, 0.55, 0.04), [0, 0.55, 0], m, 'matte'),
        P(cyl(0.015, 0.06), [0, 1.14, 0], DARK, 'matte'),
        P(ell(0.08, 0.18, 0.08), [0, 1.33, 0], '#ffb84d', 'emissive'),
      ],
    }),
  },
  {
    noun: 'Bottle',
    category: 'Food',
    tags: ['bottle', 'glass', 'cork'],
    material: 'glossy',
    details: 'a long neck, a label and a cork stopper',
    colours: [GREEN_C, BLUE],
    build: (m) => ({
      parts: [
        P(cyl(0.3, 0.5, 0.06), [0, 0.5, 0], m, 'gloss'),
        P(cone(0.3, 0.1, 0.2), [0, 1.15, 0], m, 'gloss', { blend: 0.05 }),
        P(cyl(0.1, 0.22), [0, 1.5, 0], m, 'gloss', { blend: 0.03 }),
        P(cyl(0.09, 0.07), [0, 1.78, 0], '#c7a27a', 'matte'),
        P(cyl(0.305, 0.18), [0, 0.5, 0], '#f4ead5', 'matte'),
      ],
    }),
  },
  {
    noun: 'Barrel',
    category: 'Furniture',
    tags: ['barrel', 'wood', 'cask'],
    material: 'matte',
    details: 'wooden staves bound by two metal hoops',
    colours: [BROWN],
    build: () => ({
      parts: [
        P(ell(0.55, 0.9, 0.55), [0, 0.6, 0], '#9c6b3f', 'matte', { above: -0.6, below: 0.6 }),
        P(tor(0.52, 0.03), [0, 0.25, 0], DARK, 'metal'),
        P(tor(0.52, 0.03), [0, 0.95, 0], DARK, 'metal'),
      ],
    }),
  },
  {
    noun: 'Treasure Chest',
    category: 'Icons',
    tags: ['treasure', 'chest', 'lock'],
    material: 'glossy',
    details: 'a curved lid, gold trim and a lock plate',
    colours: [BROWN],
    build: () => ({
      azimuth: 35,
      parts: [
        P(box(1.2, 0.6, 0.75, 0.03), [0, 0.3, 0], '#8d5a34', 'matte'),
        P(cyl(0.375, 0.6), [0, 0.6, 0], '#8d5a34', 'matte', { rot: [0, 0, 90], above: 0 }),
        ...[-0.45, 0.45].flatMap((x) => [
          P(box(0.08, 0.62, 0.79), [x, 0.31, 0], GOLD, 'metal'),
          P(cyl(0.39, 0.04), [x, 0.6, 0], GOLD, 'metal', { rot: [0, 0, 90], above: 0 }),
        ]),
        P(box(0.2, 0.22, 0.05, 0.02), [0, 0.55, 0.39], GOLD, 'metal'),
      ],
    }),
  },
  {
    noun: 'Acorn',
    category: 'Nature',
    tags: ['acorn', 'nut', 'seed'],
    material: 'glossy',
    details: 'a smooth brown nut under a textured cap with a stem',
    colours: [BROWN],
    build: () => ({
      parts: [
        P(ell(0.42, 0.55, 0.42), [0, 0.55, 0], '#b9773e', 'gloss'),
        P(sph(0.46), [0, 0.9, 0], '#6b4a2b', 'matte', { above: 0 }),
        P(cyl(0.04, 0.12), [0, 1.42, 0], '#5a3b25', 'matte'),
      ],
    }),
  },
  {
    noun: 'Heart',
    category: 'Abstract',
    tags: ['heart', 'love', 'valentine'],
    material: 'glossy',
    details: 'two round lobes tapering to a point',
    colours: [RED, PINK],
    build: (m) => ({
      azimuth: 14,
      elevation: 12,
      // Each side is a lobe and a cone narrowing from it to the shared point at the bottom.
      parts: [
        P(sph(0.36), [-0.3, 1.3, 0], m, 'gloss'),
        P(sph(0.36), [0.3, 1.3, 0], m, 'gloss', { blend: 0.03 }),
        P(cone(0.03, 0.34, 0.5), [-0.15, 0.83, 0], m, 'gloss', { rot: [0, 0, 17.5], blend: 0.1 }),
        P(cone(0.03, 0.34, 0.5), [0.15, 0.83, 0], m, 'gloss', { rot: [0, 0, -17.5], blend: 0.16 }),
        P(ell(0.4, 0.42, 0.3), [0, 1.02, 0], m, 'gloss', { blend: 0.1 }),
      ],
    }),
  },
  {
    noun: 'Traffic Light',
    category: 'Icons',
    tags: ['traffic light', 'signal', 'road'],
    material: 'glossy',
    details: 'red, amber and green signals in a dark case on a pole',
    colours: [BLACK],
    build: () => ({
      parts: [
        P(cyl(0.06, 0.5), [0, 0.5, 0], DARK, 'metal'),
        P(cyl(0.3, 0.04), [0, 0.04, 0], DARK, 'metal'),
        P(box(0.44, 1.1, 0.36, 0.08), [0, 1.55, 0], '#23262e', 'gloss'),
        P(sph(0.13), [0, 1.9, 0.13], '#ff3b3b', 'emissive'),
        P(sph(0.13), [0, 1.55, 0.13], '#ffb300', 'emissive'),
        P(sph(0.13), [0, 1.2, 0.13], '#2ee66b', 'emissive'),
      ],
    }),
  },
  {
    noun: 'Microphone',
    category: 'Technology',
    tags: ['microphone', 'mic', 'stand'],
    material: 'metallic',
    details: 'a round grille head on a slim stand',
    colours: [SILVER, BLACK],
    build: (m) => ({
      parts: [
        P(cyl(0.32, 0.04, 0.02), [0, 0.04, 0], DARK, 'metal'),
        P(cyl(0.03, 0.6), [0, 0.65, 0], DARK, 'metal'),
        P(cyl(0.11, 0.26, 0.03), [0, 1.45, 0], m, 'metal'),
        P(sph(0.22), [0, 1.8, 0], m, 'metal'),
        P(tor(0.225, 0.02), [0, 1.8, 0], DARK, 'metal'),
      ],
    }),
  },
  {
    noun: 'Drum',
    category: 'Icons',
    tags: ['drum', 'drumsticks', 'percussion'],
    material: 'glossy',
    details: 'a pale drumhead, metal rims and two crossed drumsticks',
    colours: [RED, BLUE],
    build: (m) => ({
      elevation: 28,
      parts: [
        P(cyl(0.6, 0.35), [0, 0.35, 0], m, 'gloss'),
        P(cyl(0.58, 0.01), [0, 0.71, 0], '#f4ead5', 'matte'),
        P(tor(0.6, 0.04), [0, 0.7, 0], STEEL, 'metal'),
        P(tor(0.6, 0.04), [0, 0.02, 0], STEEL, 'metal'),
        P(cap(0.025, 0.45), [0.1, 0.9, 0.1], '#e8c9a0', 'matte', { rot: [70, 40, 0] }),
        P(cap(0.025, 0.45), [-0.1, 0.9, 0.1], '#e8c9a0', 'matte', { rot: [70, -40, 0] }),
      ],
    }),
  },
  {
    noun: 'Egg',
    category: 'Food',
    tags: ['egg', 'breakfast', 'eggcup'],
    material: 'glossy',
    details: 'a smooth oval egg sitting in an eggcup',
    colours: [C('Ivory', '#f4e7d2')],
    build: (m) => ({
      parts: [
        P(cone(0.3, 0.32, 0.2), [0, 0.2, 0], '#4fb0c6', 'gloss', { cut: [{ shape: sph(0.3), at: [0, 0.55, 0] }] }),
        P(ell(0.32, 0.44, 0.32), [0, 0.78, 0], m, 'gloss'),
      ],
    }),
  },
  {
    noun: 'Potted Plant',
    category: 'Nature',
    tags: ['plant', 'leaves', 'pot', 'houseplant'],
    material: 'matte',
    details: 'long upright leaves rising from a ceramic pot',
    colours: [WHITE_C, C('Terracotta', '#c8643b')],
    build: (m) => ({
      parts: [
        P(cone(0.3, 0.4, 0.35), [0, 0.35, 0], m, 'gloss'),
        ...ring(6, 0.22, 1.0, (at, a) =>
          P(ell(0.12, 0.42, 0.04), [at[0], 1.05, at[2]], '#3f9d4a', 'gloss', { rot: [0, a, 25] }),
        ),
        P(ell(0.12, 0.45, 0.04), [0, 1.25, 0], '#4caf50', 'gloss'),
      ],
    }),
  },
]
