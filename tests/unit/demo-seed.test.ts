import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { demoAssets } from '#seed/catalogue'
import { SUBJECTS_3D } from '#seed/subjects'

// The demo seed's data, read without seeding: its categories and its committed renders.

/** A word of a category name in a comparable form: lower case, a plural's 's' dropped. */
const stem = (word: string) => word.toLowerCase().replace(/(?<=[a-z]{3})s$/, '')
const wordsOf = (name: string) => (name.match(/[A-Za-z0-9]+/g) ?? []).map(stem)
/** A category about music or sound: only audio belongs there. */
const isSoundCategory = (name: string) => /music|sound|loop|audio|song|beat/i.test(name)

describe('demo categories', () => {
  const assets = demoAssets()
  const categories = [...new Set(assets.map((a) => a.category))]

  it('each category holds one kind of asset', () => {
    const mixed = categories.flatMap((category) => {
      const types = new Set(assets.filter((a) => a.category === category).map((a) => a.assetType))
      return types.size === 1 ? [] : [`${category}: ${[...types].join(', ')}`]
    })
    expect(categories.length).toBeGreaterThan(1)
    expect(mixed).toEqual([])
  })

  it('no two category names share a word (no Music beside Music Loops)', () => {
    const clashes: string[] = []
    for (const [i, a] of categories.entries()) {
      for (const b of categories.slice(i + 1)) {
        const shared = wordsOf(a).filter((w) => wordsOf(b).includes(w))
        if (shared.length > 0) clashes.push(`'${a}' and '${b}' share '${shared.join(', ')}'`)
      }
    }
    expect(clashes).toEqual([])
  })

  it('no category is named for one subject (no Robots beside Characters), and each 3D category gathers several', () => {
    const nouns = new Set(SUBJECTS_3D.flatMap((s) => wordsOf(s.noun)))
    const wrong: string[] = []
    for (const category of categories) {
      const named = wordsOf(category).filter((w) => nouns.has(w))
      if (named.length > 0) wrong.push(`'${category}' is named for the subject '${named.join(', ')}'`)
      const subjects = new Set(
        assets.flatMap((a) => (a.assetType === '3d' && a.category === category ? [a.subject.noun] : [])),
      )
      if (subjects.size === 1) wrong.push(`'${category}' holds only ${[...subjects][0]}`)
    }
    expect(wrong).toEqual([])
  })

  it('every asset in a music or sound category is audio, and no 3D asset sits in one', () => {
    const soundCategories = categories.filter(isSoundCategory)
    // The rule is about something: the demo has such categories.
    expect(soundCategories.length).toBeGreaterThan(0)
    const wrong = assets
      .filter((a) => isSoundCategory(a.category) && a.assetType !== 'audio')
      .map((a) => `${a.title} (${a.assetType}) in '${a.category}'`)
    expect(wrong).toEqual([])
    const models = assets.filter((a) => a.assetType === '3d')
    expect(models.length).toBeGreaterThan(0)
    for (const model of models)
      expect(isSoundCategory(model.category), `${model.title} in '${model.category}'`).toBe(false)
  })
})

describe('committed demo renders', () => {
  it('seed/renders stays under 20 MB in all', async () => {
    const dir = path.resolve(import.meta.dirname, '../../seed/renders')
    const files = await readdir(dir, { withFileTypes: true })
    const sizes = await Promise.all(files.filter((f) => f.isFile()).map((f) => stat(path.join(dir, f.name))))
    const total = sizes.reduce((sum, s) => sum + s.size, 0)
    // The folder is read: it holds the committed renders.
    expect(sizes.length).toBeGreaterThan(0)
    expect(total, `${(total / 1e6).toFixed(1)} MB in ${sizes.length} files`).toBeLessThan(20_000_000)
  })
})
