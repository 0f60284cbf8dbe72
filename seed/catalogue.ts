/**
 * The demo catalogue: what each asset is, shows or sounds like. Titles, tags and descriptions
 * are written from the same data the renderer and the synthesiser use, so they cannot drift
 * apart from the files.
 */
import type { Subject3d } from './subjects'
import { demoModels } from './render3d'
import { DEMO_IMAGES, type DemoImageSpec } from './images'
import { DEMO_SOUNDS, type DemoSoundSpec } from './sounds'

interface DemoBase {
  title: string
  description: string
  tags: string[]
  category: string
  /** Words for what the file shows or sounds like: a search for one must find only such assets. */
  subjects: string[]
}

export type DemoAsset =
  | (DemoBase & { assetType: '3d'; subject: Subject3d; colour: { name: string; hex: string } })
  | (DemoBase & { assetType: 'image'; image: DemoImageSpec })
  | (DemoBase & { assetType: 'audio'; sound: DemoSoundSpec })

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? []

function threeD(subject: Subject3d, colour: { name: string; hex: string }): DemoAsset {
  const colourWord = colour.name.toLowerCase()
  return {
    assetType: '3d',
    subject,
    colour,
    title: `${colour.name} ${subject.noun}`,
    description: `A ${subject.material} ${colourWord} ${subject.noun.toLowerCase()} with ${subject.details}, rendered in 3D with soft shadows on a transparent background.`,
    tags: [...new Set([...subject.tags, colourWord, subject.material])],
    category: subject.category,
    subjects: [...new Set([...words(subject.noun), ...subject.tags.flatMap(words)])],
  }
}

export function demoAssets(): DemoAsset[] {
  const models: DemoAsset[] = demoModels().map((m) => threeD(m.subject, m.colour))
  const images: DemoAsset[] = DEMO_IMAGES.map((image) => ({
    assetType: 'image',
    image,
    title: image.title,
    description: image.description,
    tags: image.tags,
    category: image.category,
    subjects: image.subjects,
  }))
  const sounds: DemoAsset[] = DEMO_SOUNDS.map((sound) => ({
    assetType: 'audio',
    sound,
    title: sound.title,
    description: sound.description,
    tags: sound.tags,
    category: sound.category,
    subjects: sound.subjects,
  }))
  // Interleaved, so the newest page of 'All' shows every kind.
  const out: DemoAsset[] = []
  const lists = [models, images, sounds]
  const total = models.length + images.length + sounds.length
  const taken = [0, 0, 0]
  while (out.length < total) {
    // Take from the list furthest behind its share.
    let best = 0
    let bestShare = Infinity
    for (let i = 0; i < 3; i++) {
      if (taken[i] >= lists[i].length) continue
      const share = taken[i] / lists[i].length
      if (share < bestShare) {
        bestShare = share
        best = i
      }
    }
    out.push(lists[best][taken[best]++])
  }
  return out
}
