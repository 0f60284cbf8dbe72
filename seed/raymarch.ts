/**
 * A small signed-distance-field ray marcher for the demo catalogue's 3D renders.
 *
 * A scene is a list of parts (spheres, rounded boxes, cylinders, cones, tori, capsules, ...)
 * placed and rotated in space, each with a colour and a material. Every pixel marches a ray
 * through the union of the parts and is lit by a warm key light with soft shadows, a sky
 * ambient with ambient occlusion, a cool rim light and specular highlights. An invisible
 * ground plane catches the shadow and the contact occlusion as semi-transparent black, so the
 * render sits on a transparent background with a believable shadow under it.
 */

export type Vec3 = [number, number, number]
export type Material = 'matte' | 'gloss' | 'metal' | 'emissive'

export type Shape =
  | { kind: 'sphere'; r: number }
  | { kind: 'ellipsoid'; r: Vec3 }
  | { kind: 'box'; size: Vec3; round?: number }
  | { kind: 'cylinder'; r: number; h: number; round?: number }
  /** A frustum along y: radius r1 at y=-h, r2 at y=+h. */
  | { kind: 'cone'; r1: number; r2: number; h: number }
  /** A ring in the xz plane. */
  | { kind: 'torus'; R: number; r: number }
  /** Vertical capsule from y=-h to y=+h. */
  | { kind: 'capsule'; r: number; h: number }
  | { kind: 'octahedron'; s: number }
  /** A triangle in xy (apex up, half-width w, height h from y=0) extruded along z by ±d. */
  | { kind: 'prism'; w: number; h: number; d: number }

export interface Part {
  shape: Shape
  at?: Vec3
  /** Euler angles in degrees, applied x, then y, then z. */
  rot?: Vec3
  colour: string
  material?: Material
  /** Blend into the parts before it with this radius (a smooth union). */
  blend?: number
  /** Keep only the part's local y above / below this value (bowls, domes, caps). */
  above?: number
  below?: number
  /** Hollow it out to a shell of this thickness. */
  shell?: number
  /** Shapes carved out of this part only. */
  cut?: Omit<Part, 'colour'>[]
}

export interface Scene {
  parts: Part[]
  /** Camera azimuth and elevation in degrees; defaults 32 and 20. */
  azimuth?: number
  elevation?: number
}

type Sdf = (x: number, y: number, z: number) => number

function length3(x: number, y: number, z: number) {
  return Math.sqrt(x * x + y * y + z * z)
}

function shapeSdf(shape: Shape): Sdf {
  switch (shape.kind) {
    case 'sphere': {
      const r = shape.r
      return (x, y, z) => length3(x, y, z) - r
    }
    case 'ellipsoid': {
      const [a, b, c] = shape.r
      return (x, y, z) => {
        const k0 = length3(x / a, y / b, z / c)
        const k1 = length3(x / (a * a), y / (b * b), z / (c * c))
        return k1 === 0 ? -Math.min(a, b, c) : (k0 * (k0 - 1)) / k1
      }
    }
    case 'box': {
      const rr = shape.round ?? 0
      const [bx, by, bz] = [shape.size[0] / 2 - rr, shape.size[1] / 2 - rr, shape.size[2] / 2 - rr]
      return (x, y, z) => {
        const qx = Math.abs(x) - bx
        const qy = Math.abs(y) - by
        const qz = Math.abs(z) - bz
        return length3(Math.max(qx, 0), Math.max(qy, 0), Math.max(qz, 0)) + Math.min(Math.max(qx, qy, qz), 0) - rr
      }
    }
    case 'cylinder': {
      const rr = shape.round ?? 0
      const r = shape.r - rr
      const h = shape.h - rr
      return (x, y, z) => {
        const dx = Math.sqrt(x * x + z * z) - r
        const dy = Math.abs(y) - h
        return Math.min(Math.max(dx, dy), 0) + Math.hypot(Math.max(dx, 0), Math.max(dy, 0)) - rr
      }
    }
    case 'cone': {
      // Inigo Quilez's capped cone.
      const { r1, r2, h } = shape
      const k2x = r2 - r1
      const k2y = 2 * h
      const k2dot = k2x * k2x + k2y * k2y
      return (x, y, z) => {
        const qx = Math.sqrt(x * x + z * z)
        const qy = y
        const cax = qx - Math.min(qx, qy < 0 ? r1 : r2)
        const cay = Math.abs(qy) - h
        const t = Math.min(Math.max(((r2 - qx) * k2x + (h - qy) * k2y) / k2dot, 0), 1)
        const cbx = qx - r2 + k2x * t
        const cby = qy - h + k2y * t
        const s = cbx < 0 && cay < 0 ? -1 : 1
        return s * Math.sqrt(Math.min(cax * cax + cay * cay, cbx * cbx + cby * cby))
      }
    }
    case 'torus': {
      const { R, r } = shape
      return (x, y, z) => Math.hypot(Math.sqrt(x * x + z * z) - R, y) - r
    }
    case 'capsule': {
      const { r, h } = shape
      return (x, y, z) => length3(x, y - Math.min(Math.max(y, -h), h), z) - r
    }
    case 'octahedron': {
      const s = shape.s
      return (x, y, z) => (Math.abs(x) + Math.abs(y) + Math.abs(z) - s) * 0.57735027
    }
    case 'prism': {
      const { w, h, d } = shape
      // Distance to the triangle (-w,0) (w,0) (0,h) in xy, extruded along z.
      const len = Math.hypot(w, h)
      const nx = h / len
      const ny = w / len
      return (x, y, z) => {
        const side = Math.abs(x) * nx + (y - h) * ny
        const dxy = Math.max(side, -y)
        const dz = Math.abs(z) - d
        return Math.min(Math.max(dxy, dz), 0) + Math.hypot(Math.max(dxy, 0), Math.max(dz, 0))
      }
    }
  }
}

/** Rough radius of a shape around its own origin, for framing and the bounding sphere. */
function shapeRadius(shape: Shape): number {
  switch (shape.kind) {
    case 'sphere':
      return shape.r
    case 'ellipsoid':
      return Math.max(...shape.r)
    case 'box':
      return length3(shape.size[0], shape.size[1], shape.size[2]) / 2
    case 'cylinder':
      return Math.hypot(shape.r, shape.h)
    case 'cone':
      return Math.hypot(Math.max(shape.r1, shape.r2), shape.h)
    case 'torus':
      return shape.R + shape.r
    case 'capsule':
      return shape.h + shape.r
    case 'octahedron':
      return shape.s
    case 'prism':
      return length3(shape.w, shape.h, shape.d)
  }
}

/** The part's distance function in world space: translation, rotation, clipping, carving. */
function partSdf(part: Omit<Part, 'colour'>): Sdf {
  let local = shapeSdf(part.shape)
  if (part.shell !== undefined) {
    const inner = local
    const t = part.shell / 2
    local = (x, y, z) => Math.abs(inner(x, y, z) + t) - t
  }
  if (part.above !== undefined || part.below !== undefined) {
    const base = local
    const above = part.above
    const below = part.below
    local = (x, y, z) => {
      let d = base(x, y, z)
      if (above !== undefined) d = Math.max(d, above - y)
      if (below !== undefined) d = Math.max(d, y - below)
      return d
    }
  }
  if (part.cut?.length) {
    const base = local
    const cuts = part.cut.map((c) => partSdf(c))
    local = (x, y, z) => {
      let d = base(x, y, z)
      for (const c of cuts) d = Math.max(d, -c(x, y, z))
      return d
    }
  }
  const [tx, ty, tz] = part.at ?? [0, 0, 0]
  const rot = part.rot
  if (!rot || (rot[0] === 0 && rot[1] === 0 && rot[2] === 0)) {
    return (x, y, z) => local(x - tx, y - ty, z - tz)
  }
  // World → local is the inverse (transpose) of R = Rz·Ry·Rx.
  const [ax, ay, az] = rot.map((d) => (d * Math.PI) / 180)
  const cx = Math.cos(ax),
    sx = Math.sin(ax),
    cy = Math.cos(ay),
    sy = Math.sin(ay),
    cz = Math.cos(az),
    sz = Math.sin(az)
  const r00 = cy * cz,
    r01 = sx * sy * cz - cx * sz,
    r02 = cx * sy * cz + sx * sz
  const r10 = cy * sz,
    r11 = sx * sy * sz + cx * cz,
    r12 = cx * sy * sz - sx * cz
  const r20 = -sy,
    r21 = sx * cy,
    r22 = cx * cy
  return (x, y, z) => {
    const px = x - tx,
      py = y - ty,
      pz = z - tz
    return local(r00 * px + r10 * py + r20 * pz, r01 * px + r11 * py + r21 * pz, r02 * px + r12 * py + r22 * pz)
  }
}

function srgbToLinear(hex: string): Vec3 {
  const n = Number.parseInt(hex.replace('#', ''), 16)
  const c = (v: number) => {
    const s = v / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return [c((n >> 16) & 255), c((n >> 8) & 255), c(n & 255)]
}

function linearToSrgb8(v: number): number {
  const x = Math.min(1, Math.max(0, v))
  const s = x <= 0.0031308 ? x * 12.92 : 1.055 * x ** (1 / 2.4) - 0.055
  return Math.round(s * 255)
}

interface Compiled {
  map: (x: number, y: number, z: number) => number
  /** The part that is nearest at the last point `mapMaterial` saw. */
  materialAt: (x: number, y: number, z: number) => number
  colours: Vec3[]
  materials: Material[]
  centre: Vec3
  radius: number
}

function compile(scene: Scene): Compiled {
  const sdfs = scene.parts.map((p) => partSdf(p))
  const blends = scene.parts.map((p) => p.blend ?? 0)
  const n = sdfs.length
  const map = (x: number, y: number, z: number) => {
    let d = 1e9
    for (let i = 0; i < n; i++) {
      const di = sdfs[i](x, y, z)
      const k = blends[i]
      if (k > 0) {
        const h = Math.min(Math.max(0.5 + (0.5 * (di - d)) / k, 0), 1)
        d = di * (1 - h) + d * h - k * h * (1 - h)
      } else if (di < d) d = di
    }
    return d
  }
  const materialAt = (x: number, y: number, z: number) => {
    let best = 0
    let bd = 1e9
    for (let i = 0; i < n; i++) {
      // A blended part shares the surface: favour it slightly so blends keep their colour.
      const di = sdfs[i](x, y, z) - blends[i] * 0.5
      if (di < bd) {
        bd = di
        best = i
      }
    }
    return best
  }
  // Bounding sphere from the parts' positions and sizes.
  let minX = Infinity,
    minY = Infinity,
    minZ = Infinity,
    maxX = -Infinity,
    maxY = -Infinity,
    maxZ = -Infinity
  for (const p of scene.parts) {
    const r = shapeRadius(p.shape)
    const [x, y, z] = p.at ?? [0, 0, 0]
    minX = Math.min(minX, x - r)
    maxX = Math.max(maxX, x + r)
    minY = Math.min(minY, y - r)
    maxY = Math.max(maxY, y + r)
    minZ = Math.min(minZ, z - r)
    maxZ = Math.max(maxZ, z + r)
  }
  minY = Math.max(minY, 0)
  const centre: Vec3 = [(minX + maxX) / 2, (minY + maxY) / 2, (minZ + maxZ) / 2]
  let radius = 0
  for (const p of scene.parts) {
    const [x, y, z] = p.at ?? [0, 0, 0]
    radius = Math.max(radius, length3(x - centre[0], y - centre[1], z - centre[2]) + shapeRadius(p.shape))
  }
  return {
    map,
    materialAt,
    colours: scene.parts.map((p) => srgbToLinear(p.colour)),
    materials: scene.parts.map((p) => p.material ?? 'gloss'),
    centre,
    radius,
  }
}

/** The tight box around what the scene draws, for framing: found by sampling the field. */
function tightBounds(c: Compiled): { centre: Vec3; radius: number } {
  const [cx, cy, cz] = c.centre
  const r = c.radius
  const steps = 28
  let minX = Infinity,
    minY = Infinity,
    minZ = Infinity,
    maxX = -Infinity,
    maxY = -Infinity,
    maxZ = -Infinity
  const cell = (2 * r) / steps
  for (let i = 0; i <= steps; i++)
    for (let j = 0; j <= steps; j++)
      for (let k = 0; k <= steps; k++) {
        const x = cx - r + i * cell,
          y = cy - r + j * cell,
          z = cz - r + k * cell
        if (c.map(x, y, z) < cell * 0.5) {
          minX = Math.min(minX, x)
          maxX = Math.max(maxX, x)
          minY = Math.min(minY, y)
          maxY = Math.max(maxY, y)
          minZ = Math.min(minZ, z)
          maxZ = Math.max(maxZ, z)
        }
      }
  if (minX === Infinity) return { centre: c.centre, radius: c.radius }
  const centre: Vec3 = [(minX + maxX) / 2, (minY + maxY) / 2, (minZ + maxZ) / 2]
  const radius = length3(maxX - minX, maxY - minY, maxZ - minZ) / 2 + cell
  return { centre, radius }
}

const KEY: Vec3 = (() => {
  const v: Vec3 = [-0.55, 0.85, 0.5]
  const l = length3(...v)
  return [v[0] / l, v[1] / l, v[2] / l]
})()
const RIM: Vec3 = (() => {
  const v: Vec3 = [0.6, 0.35, -0.75]
  const l = length3(...v)
  return [v[0] / l, v[1] / l, v[2] / l]
})()

/**
 * Renders the scene to straight (non-premultiplied) RGBA, `size`×`size`, with `samples`²
 * rays per pixel for anti-aliasing.
 */
export function renderScene(scene: Scene, size: number, samples = 2): Uint8ClampedArray {
  const c = compile(scene)
  const { map } = c
  const bounds = tightBounds(c)
  const fov = (28 * Math.PI) / 180
  const az = ((scene.azimuth ?? 32) * Math.PI) / 180
  const el = ((scene.elevation ?? 20) * Math.PI) / 180
  const dist = (bounds.radius / Math.sin(fov / 2)) * 1.02
  const [tx, ty, tz] = bounds.centre
  const ox = tx + dist * Math.cos(el) * Math.sin(az)
  const oy = ty + dist * Math.sin(el)
  const oz = tz + dist * Math.cos(el) * Math.cos(az)
  // Camera basis.
  let fx = tx - ox,
    fy = ty - oy,
    fz = tz - oz
  const fl = length3(fx, fy, fz)
  fx /= fl
  fy /= fl
  fz /= fl
  let rx = fz,
    ry = 0,
    rz = -fx // forward × up(0,1,0), negated for a right-handed image
  const rl = length3(rx, ry, rz)
  rx /= -rl
  ry /= -rl
  rz /= -rl
  const ux = ry * fz - rz * fy,
    uy = rz * fx - rx * fz,
    uz = rx * fy - ry * fx
  const tanHalf = Math.tan(fov / 2)
  // The bounding sphere the rays must enter, with a margin.
  const [bx, by, bz] = c.centre
  const br = c.radius + 0.05
  const shadowReach = bounds.radius * 1.7
  const eps = bounds.radius * 0.0008
  const maxT = dist + bounds.radius * 4

  const out = new Uint8ClampedArray(size * size * 4)
  const normal = (x: number, y: number, z: number): Vec3 => {
    const h = eps * 2
    // Tetrahedral gradient: four samples.
    const a = map(x + h, y - h, z - h)
    const b = map(x - h, y - h, z + h)
    const cc = map(x - h, y + h, z - h)
    const d = map(x + h, y + h, z + h)
    const nx = a - b - cc + d,
      ny = -a - b + cc + d,
      nz = -a + b - cc + d
    const l = length3(nx, ny, nz) || 1
    return [nx / l, ny / l, nz / l]
  }
  const softShadow = (x: number, y: number, z: number, lx: number, ly: number, lz: number, k: number) => {
    let res = 1
    let t = eps * 20
    for (let i = 0; i < 48 && t < bounds.radius * 3; i++) {
      const h = map(x + lx * t, y + ly * t, z + lz * t)
      if (h < eps) return 0
      res = Math.min(res, (k * h) / t)
      t += Math.min(Math.max(h, eps * 8), bounds.radius * 0.2)
    }
    return Math.max(0, Math.min(1, res))
  }
  const occlusion = (x: number, y: number, z: number, nx: number, ny: number, nz: number) => {
    let occ = 0
    let w = 1
    const step = bounds.radius * 0.06
    for (let i = 1; i <= 5; i++) {
      const h = step * i
      const d = map(x + nx * h, y + ny * h, z + nz * h)
      occ += (h - Math.max(d, 0)) * w
      w *= 0.6
    }
    return Math.max(0, Math.min(1, 1 - (occ / step) * 0.55))
  }

  const shade = (dx: number, dy: number, dz: number): [number, number, number, number] => {
    // Enter the bounding sphere.
    const ocx = ox - bx,
      ocy = oy - by,
      ocz = oz - bz
    const b = ocx * dx + ocy * dy + ocz * dz
    const cTerm = ocx * ocx + ocy * ocy + ocz * ocz - br * br
    const disc = b * b - cTerm
    if (disc > 0) {
      let t = Math.max(0, -b - Math.sqrt(disc))
      const tExit = -b + Math.sqrt(disc)
      for (let i = 0; i < 160 && t < tExit; i++) {
        const x = ox + dx * t,
          y = oy + dy * t,
          z = oz + dz * t
        const d = map(x, y, z)
        if (d < eps * (1 + t * 0.002)) {
          return [...surface(x, y, z, dx, dy, dz), 1] as [number, number, number, number]
        }
        t += d * 0.9
      }
    }
    // The invisible ground catches the shadow.
    if (dy < -1e-4) {
      const t = -oy / dy
      if (t < maxT) {
        const x = ox + dx * t,
          z = oz + dz * t
        const r = Math.hypot(x - tx, z - tz)
        if (r < shadowReach) {
          const sh = 1 - softShadow(x, 0, z, KEY[0], KEY[1], KEY[2], 10)
          const ao = 1 - occlusion(x, 0, z, 0, 1, 0)
          const fade = 1 - r / shadowReach
          const a = Math.min(0.85, (sh * 0.5 + ao * 0.9) * fade * fade * (3 - 2 * fade))
          return [0.02, 0.02, 0.035, a]
        }
      }
    }
    return [0, 0, 0, 0]
  }

  const surface = (x: number, y: number, z: number, dx: number, dy: number, dz: number): Vec3 => {
    const [nx, ny, nz] = normal(x, y, z)
    const id = c.materialAt(x, y, z)
    const [cr, cg, cb] = c.colours[id]
    const mat = c.materials[id]
    if (mat === 'emissive') {
      const f = 0.85 + 0.3 * Math.max(0, -(nx * dx + ny * dy + nz * dz))
      return [cr * 1.6 * f, cg * 1.6 * f, cb * 1.6 * f]
    }
    const px = x + nx * eps * 4,
      py = y + ny * eps * 4,
      pz = z + nz * eps * 4
    const ndl = Math.max(0, nx * KEY[0] + ny * KEY[1] + nz * KEY[2])
    const sh = ndl > 0 ? softShadow(px, py, pz, KEY[0], KEY[1], KEY[2], 12) : 0
    const ao = occlusion(x, y, z, nx, ny, nz)
    const sky = 0.5 + 0.5 * ny
    // Warm key, blue-white sky, warm ground bounce, cool rim.
    const key = ndl * sh * 2.4
    const ambR = (0.32 * sky + 0.16 * (1 - sky)) * ao
    const ambG = (0.36 * sky + 0.13 * (1 - sky)) * ao
    const ambB = (0.44 * sky + 0.1 * (1 - sky)) * ao
    const vdn = -(nx * dx + ny * dy + nz * dz)
    const fres = (1 - Math.max(0, vdn)) ** 4
    const rimD = Math.max(0, nx * RIM[0] + ny * RIM[1] + nz * RIM[2])
    const rim = rimD * fres * 1.2 * ao
    // Specular (Blinn-Phong): half vector of key and view.
    let hx = KEY[0] - dx,
      hy = KEY[1] - dy,
      hz = KEY[2] - dz
    const hl = length3(hx, hy, hz)
    hx /= hl
    hy /= hl
    hz /= hl
    const ndh = Math.max(0, nx * hx + ny * hy + nz * hz)
    const metal = mat === 'metal'
    const shin = mat === 'matte' ? 12 : metal ? 60 : 90
    const specK = mat === 'matte' ? 0.08 : metal ? 1.4 : 0.7
    const spec = (specK * ndh ** shin * sh * (shin + 8)) / 25
    let r: number, g: number, b: number
    if (metal) {
      // Reflect a studio sky: bright above, dark below, tinted by the metal's colour.
      const ry = dy + 2 * vdn * ny
      const env = 0.25 + 0.75 * Math.max(0, ry) + 0.08
      r = cr * (env * 0.9 * ao + key * 0.45 + ambR * 0.4) + spec * cr * 1.2
      g = cg * (env * 0.9 * ao + key * 0.45 + ambG * 0.4) + spec * cg * 1.2
      b = cb * (env * 0.9 * ao + key * 0.45 + ambB * 0.4) + spec * cb * 1.2
    } else {
      const keyR = key * 1.0,
        keyG = key * 0.95,
        keyB = key * 0.86
      r = cr * (keyR + ambR * 1.6) + spec + rim * 0.55 + fres * 0.06 * ao
      g = cg * (keyG + ambG * 1.6) + spec + rim * 0.65 + fres * 0.07 * ao
      b = cb * (keyB + ambB * 1.6) + spec + rim * 0.8 + fres * 0.09 * ao
    }
    return [r, g, b]
  }

  const tone = (v: number) => {
    // A gentle filmic curve: keeps highlights from clipping.
    const x = v * 0.9
    return (x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14)
  }

  // One ray per pixel first, then more only where a pixel differs from its neighbours
  // (edges, shadow borders, highlights): most of the image needs no anti-aliasing.
  const pixel = (px: number, py: number, n: number, into: Float64Array, o: number) => {
    let R = 0,
      G = 0,
      B = 0,
      A = 0
    for (let sy = 0; sy < n; sy++) {
      for (let sx = 0; sx < n; sx++) {
        const u = ((px + (sx + 0.5) / n) / size) * 2 - 1
        const v = 1 - ((py + (sy + 0.5) / n) / size) * 2
        let dx = fx + (rx * u + ux * v) * tanHalf
        let dy = fy + (ry * u + uy * v) * tanHalf
        let dz = fz + (rz * u + uz * v) * tanHalf
        const l = length3(dx, dy, dz)
        dx /= l
        dy /= l
        dz /= l
        const [r, g, b, a] = shade(dx, dy, dz)
        // Accumulate premultiplied, so edges blend correctly.
        R += tone(r) * a
        G += tone(g) * a
        B += tone(b) * a
        A += a
      }
    }
    const k = n * n
    into[o] = R / k
    into[o + 1] = G / k
    into[o + 2] = B / k
    into[o + 3] = A / k
  }
  const first = new Float64Array(size * size * 4)
  // Large renders trace a coarse grid first and refine it where it matters: a block whose four
  // corners agree (inside a smooth surface, the soft shadow, the empty background) is filled in
  // between them; one whose corners differ (an edge, a highlight, a small part) is split in
  // four, down to single pixels. The gap never exceeds 4 px, smaller than any part's width or
  // highlight at 2048 px. A fraction of the rays of tracing every pixel, the same picture.
  const stride = size >= 1024 ? 4 : 1
  const traced = new Uint8Array(size * size)
  const at = (px: number, py: number) => (py * size + px) * 4
  const trace = (px: number, py: number) => {
    const k = py * size + px
    if (traced[k] === 1) return
    pixel(px, py, 1, first, k * 4)
    traced[k] = 1
  }
  const near = (o: number, q: number) =>
    Math.abs(first[o + 3] - first[q + 3]) <= 0.03 &&
    Math.abs(first[o] - first[q]) + Math.abs(first[o + 1] - first[q + 1]) + Math.abs(first[o + 2] - first[q + 2]) <=
      0.05
  const block = (x0: number, y0: number, x1: number, y1: number) => {
    if (x1 - x0 < 2 && y1 - y0 < 2) return
    const a = at(x0, y0)
    const b = at(x1, y0)
    const c = at(x0, y1)
    const d = at(x1, y1)
    const xm = (x0 + x1) >> 1
    const ym = (y0 + y1) >> 1
    // The centre too: a part crossing the block between its corners shows there.
    trace(xm, ym)
    const e = at(xm, ym)
    if (near(a, b) && near(a, c) && near(a, d) && near(b, c) && near(b, d) && near(c, d) && near(a, e) && near(d, e)) {
      for (let py = y0; py <= y1; py++) {
        for (let px = x0; px <= x1; px++) {
          if (traced[py * size + px] === 1) continue
          const o = at(px, py)
          const u = (px - x0) / (x1 - x0 || 1)
          const v = (py - y0) / (y1 - y0 || 1)
          for (let k = 0; k < 4; k++) {
            first[o + k] =
              (first[a + k] * (1 - u) + first[b + k] * u) * (1 - v) + (first[c + k] * (1 - u) + first[d + k] * u) * v
          }
        }
      }
      return
    }
    for (const [px, py] of [
      [xm, y0],
      [x0, ym],
      [x1, ym],
      [xm, y1],
    ]) {
      trace(px, py)
    }
    block(x0, y0, xm, ym)
    block(xm, y0, x1, ym)
    block(x0, ym, xm, y1)
    block(xm, ym, x1, y1)
  }
  const grid: number[] = []
  for (let i = 0; i < size; i += stride) grid.push(i)
  if (grid[grid.length - 1] !== size - 1) grid.push(size - 1)
  for (const py of grid) for (const px of grid) trace(px, py)
  for (let j = 0; j + 1 < grid.length; j++) {
    for (let i = 0; i + 1 < grid.length; i++) block(grid[i], grid[j], grid[i + 1], grid[j + 1])
  }
  const final = Float64Array.from(first)
  if (samples > 1) {
    const differs = (o: number, q: number) =>
      Math.abs(first[o + 3] - first[q + 3]) > 0.06 ||
      Math.abs(first[o] - first[q]) + Math.abs(first[o + 1] - first[q + 1]) + Math.abs(first[o + 2] - first[q + 2]) >
        0.12
    for (let py = 0; py < size; py++) {
      for (let px = 0; px < size; px++) {
        const o = (py * size + px) * 4
        if (
          (px > 0 && differs(o, o - 4)) ||
          (px < size - 1 && differs(o, o + 4)) ||
          (py > 0 && differs(o, o - size * 4)) ||
          (py < size - 1 && differs(o, o + size * 4))
        ) {
          pixel(px, py, samples, final, o)
        }
      }
    }
  }
  for (let i = 0; i < size * size; i++) {
    const o = i * 4
    const A = final[o + 3]
    if (A > 0) {
      out[o] = linearToSrgb8(final[o] / A)
      out[o + 1] = linearToSrgb8(final[o + 1] / A)
      out[o + 2] = linearToSrgb8(final[o + 2] / A)
    }
    out[o + 3] = Math.round(A * 255)
  }
  return out
}
