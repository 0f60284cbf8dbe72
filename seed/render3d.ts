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

/** The size renders are made and committed at. */
export const RENDER_SIZE = 512
const RENDER_SAMPLES = 3
const RENDER_VERSION = 1

export const COMMITTED_RENDERS = path.resolve(
  process.env.DEMO_RENDERS_DIR ?? path.join(process.cwd(), 'seed', 'renders'),
)

export function sceneKey(scene: Scene): string {
  return createHash('sha256')
    .update(JSON.stringify({ v: RENDER_VERSION, size: RENDER_SIZE, samples: RENDER_SAMPLES, scene }))
    .digest('hex')
    .slice(0, 20)
}

/** The scene as a WebP with alpha, at RENDER_SIZE. */
export async function renderSceneWebp(scene: Scene): Promise<Buffer> {
  const rgba = renderScene(scene, RENDER_SIZE, RENDER_SAMPLES)
  return sharp(Buffer.from(rgba.buffer), { raw: { width: RENDER_SIZE, height: RENDER_SIZE, channels: 4 } })
    .webp({ quality: 86, alphaQuality: 100, effort: 5 })
    .toBuffer()
}
