/**
 * The demo catalogue's 3D renders: which scenes, their content hash, and rendering one to WebP.
 * Kept apart from render.ts so the render script needs nothing but the scenes.
 */
import { createHash } from 'node:crypto'
import path from 'node:path'
import sharp from 'sharp'
import { renderScene, type Scene } from './raymarch'
import { SUBJECTS_3D, type Subject3d } from './subjects'

/** 3D renders: every subject in its own colour, then colour variants up to this many. */
export const DEMO_3D_COUNT = 64

export interface DemoModel {
  subject: Subject3d
  colour: { name: string; hex: string }
}

export function demoModels(): DemoModel[] {
  const models: DemoModel[] = SUBJECTS_3D.map((subject) => ({ subject, colour: subject.colours[0] }))
  for (const subject of SUBJECTS_3D) {
    for (const colour of subject.colours.slice(1)) if (models.length < DEMO_3D_COUNT) models.push({ subject, colour })
  }
  return models
}

export function sceneOf(model: DemoModel): Scene {
  return model.subject.build(model.colour.hex)
}

/**
 * The size renders are made and committed at: crisp at 150% zoom on a 1600 px wide screen.
 * At this size two rays a side on edges (four per edge pixel) anti-alias as well as the 3x3
 * the old 512 px renders needed, at a third of the cost.
 */
export const RENDER_SIZE = 2048
const RENDER_SAMPLES = 2
const RENDER_VERSION = 2

export const COMMITTED_RENDERS = path.resolve(
  process.env.DEMO_RENDERS_DIR ?? path.join(process.cwd(), 'seed', 'renders'),
)

export function sceneKey(scene: Scene): string {
  return createHash('sha256')
    .update(JSON.stringify({ v: RENDER_VERSION, size: RENDER_SIZE, samples: RENDER_SAMPLES, scene }))
    .digest('hex')
    .slice(0, 20)
}

/**
 * The ground shadow can reach the frame's edge: the outer 7% fades out, across and down, so
 * it never ends in a hard line. Done here, once, so seeding only re-encodes the render.
 */
function fadeEdges(rgba: Uint8ClampedArray, size: number): void {
  const band = size * 0.07
  const ramp = (i: number) => Math.min(1, (i + 0.5) / band, (size - i - 0.5) / band)
  const weights = Float64Array.from({ length: size }, (_, i) => ramp(i))
  for (let y = 0; y < size; y++) {
    const wy = weights[y]
    for (let x = 0; x < size; x++) {
      const w = wy * weights[x]
      if (w < 1) {
        const o = (y * size + x) * 4 + 3
        rgba[o] = Math.round(rgba[o] * w)
      }
    }
  }
}

/** The scene as a WebP with alpha, at RENDER_SIZE, its edges faded. */
export async function renderSceneWebp(scene: Scene): Promise<Buffer> {
  const rgba = renderScene(scene, RENDER_SIZE, RENDER_SAMPLES)
  fadeEdges(rgba, RENDER_SIZE)
  return sharp(Buffer.from(rgba.buffer), { raw: { width: RENDER_SIZE, height: RENDER_SIZE, channels: 4 } })
    .webp({ quality: 82, alphaQuality: 90, effort: 6, smartSubsample: true })
    .toBuffer()
}
