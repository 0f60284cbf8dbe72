/**
 * Renders the demo catalogue's 3D scenes that have no committed render yet, into
 * seed/renders/<scene hash>.webp, and removes renders no scene uses any more.
 * `tsx scripts/render-demo.ts [shard] [shards]` splits the work between processes.
 */
import { existsSync, readdirSync, unlinkSync, writeFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { COMMITTED_RENDERS, demoModels, renderSceneWebp, sceneKey, sceneOf } from '#seed/render3d'

const shard = Number(process.argv[2] ?? 0)
const shards = Number(process.argv[3] ?? 1)
mkdirSync(COMMITTED_RENDERS, { recursive: true })
const models = demoModels()
const keys = new Set<string>()
let i = 0
for (const asset of models) {
  const scene = sceneOf(asset)
  const key = sceneKey(scene)
  keys.add(`${key}.webp`)
  if (i++ % shards !== shard) continue
  const file = path.join(COMMITTED_RENDERS, `${key}.webp`)
  if (existsSync(file)) continue
  const started = Date.now()
  writeFileSync(file, await renderSceneWebp(scene))
  console.log(`${asset.colour.name} ${asset.subject.noun}: ${Date.now() - started} ms`)
}
if (shards === 1) {
  for (const name of readdirSync(COMMITTED_RENDERS)) if (!keys.has(name)) unlinkSync(path.join(COMMITTED_RENDERS, name))
}
