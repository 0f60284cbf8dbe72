import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase } from '#db/client'
import { migrationProvider } from '#db/migrations/index'
import { makeAsset } from '../support/factories'
import { createScratchDatabase, isReachable, serverUrl } from '../support/database-url'
import { deleteAssets, setPublished, updateAsset } from '~/domain/catalogue/assets.server'
import { nearestTerms, searchAssets } from '~/domain/catalogue/search.server'
import { loader as suggestApi } from '~/routes/api/assets-suggest'
import { loader as explore } from '~/routes/explore'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

// The vocabulary behind suggestions, corrections and nearest words is the published catalogue's:
// a draft's title is not told to visitors before it is published, and a word no published asset
// has any more is not offered as if it found something.

let t: TestContext
beforeAll(async () => {
  t = await createTestContext()
}, 60_000)
afterAll(() => t.close())

/** A word no other test file uses (the database is shared), letters only. */
function uniqueWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz'
  let word = 'qu'
  for (let i = 0; i < 8; i++) word += letters[Math.floor(Math.random() * letters.length)]
  return word
}

async function suggested(prefix: string): Promise<string[]> {
  const res = (await callRoute(suggestApi, {
    request: makeRequest(`/api/assets/suggest?q=${prefix}`),
    context: t.routerContext(),
  })) as Response
  return ((await res.json()) as { suggestions: string[] }).suggestions
}

async function explorePage(q: string) {
  return (await callRoute(explore, {
    request: makeRequest(`/explore?q=${encodeURIComponent(q)}`),
    context: t.routerContext(),
  })) as { result: { total: number; correctedQuery: string | null }; nearest: string[] }
}

async function assetsWith(word: string): Promise<number | undefined> {
  const row = await t.db.selectFrom('search_terms').select('assets').where('term', '=', word).executeTakeFirst()
  return row?.assets
}

describe('the search vocabulary holds the published assets’ words', () => {
  it('a draft’s words are not suggested, corrected to or offered as nearest; publishing adds them', async () => {
    const word = uniqueWord()
    // One letter changed: a typo the correction would otherwise turn into the draft's word.
    const typo = `${word.slice(0, -1)}${word.endsWith('z') ? 'x' : 'z'}`
    const draft = await makeAsset(t.db, t.storage, { title: `Secret ${word} Lamp`, tags: ['lamp'], isActive: false })

    expect(await suggested(word.slice(0, 6))).not.toContain(word)
    expect(await nearestTerms(t.db, typo)).not.toContain(word)
    const before = await explorePage(typo)
    expect(before.result.total).toBe(0)
    expect(before.result.correctedQuery).toBeNull()
    expect(before.nearest).not.toContain(word)

    expect((await setPublished(t.db, [draft.id], true, null)).ok).toBe(true)
    expect(await suggested(word.slice(0, 6))).toContain(word)
    const after = await explorePage(typo)
    expect(after.result.correctedQuery).toBe(word)
    expect(after.result.total).toBe(1)
  })

  it('a word stays while any published asset has it and goes with the last one', async () => {
    const word = uniqueWord()
    const first = await makeAsset(t.db, t.storage, { title: `Copper ${word}`, tags: [word] })
    const second = await makeAsset(t.db, t.storage, { title: 'Copper Kettle', tags: [word] })
    // Counted once per asset, however often the asset says it.
    expect(await assetsWith(word)).toBe(2)

    expect((await setPublished(t.db, [first.id], false, null)).ok).toBe(true)
    expect(await suggested(word)).toContain(word)
    expect(await assetsWith(word)).toBe(1)

    // Renamed and retagged away from the word: no published asset has it.
    expect((await updateAsset(t.db, second.id, { tags: ['kettle'] }, null)).ok).toBe(true)
    expect(await suggested(word)).not.toContain(word)
    expect(await nearestTerms(t.db, word)).not.toContain(word)
    expect((await searchAssets(t.db, { q: word })).total).toBe(0)

    // Given back in a title, found again; deleted, gone again.
    expect((await updateAsset(t.db, second.id, { title: `Kettle ${word}` }, null)).ok).toBe(true)
    expect(await suggested(word)).toContain(word)
    expect(await deleteAssets(t.db, t.storage, [second.id])).toBe(1)
    expect(await suggested(word)).not.toContain(word)
    expect(await assetsWith(word)).toBeUndefined()
  })

  it('a category changed, and a draft published with a new title in one statement, move the counts', async () => {
    const [filed, renamed] = [uniqueWord(), uniqueWord()]
    const asset = await makeAsset(t.db, t.storage, { title: 'Plain Bowl', category: filed })
    expect(await assetsWith(filed)).toBe(1)
    expect((await updateAsset(t.db, asset.id, { category: 'Kitchen' }, null)).ok).toBe(true)
    expect(await assetsWith(filed)).toBeUndefined()

    const draft = await makeAsset(t.db, t.storage, { title: `Working ${uniqueWord()}`, isActive: false })
    await t.db
      .updateTable('assets')
      .set({ is_active: true, title: `Final ${renamed}` })
      .where('id', '=', draft.id)
      .execute()
    expect(await assetsWith(renamed)).toBe(1)
    expect(await suggested(renamed)).toContain(renamed)
  })

  it('publishing in bulk and in parallel counts every asset once, and unpublishing them all takes the word away', async () => {
    const word = uniqueWord()
    const drafts = []
    for (let i = 0; i < 12; i++) {
      drafts.push(
        await makeAsset(t.db, t.storage, { title: `${word} Tile ${i}`, tags: [word, 'tile'], isActive: false }),
      )
    }
    const ids = drafts.map((d) => d.id)
    // Six in one statement, six at once beside it: the same words locked in the same order.
    const results = await Promise.all([
      setPublished(t.db, ids.slice(0, 6), true, null),
      ...ids.slice(6).map((id) => setPublished(t.db, [id], true, null)),
    ])
    expect(results.every((r) => r.ok)).toBe(true)
    expect(await assetsWith(word)).toBe(12)
    expect((await searchAssets(t.db, { q: word })).total).toBe(12)

    await Promise.all(ids.map((id) => setPublished(t.db, [id], false, null)))
    expect(await assetsWith(word)).toBeUndefined()
    expect(await suggested(word)).not.toContain(word)
  })
})

describe('suggestions', () => {
  it('name first the completions the most published assets have, then the shortest', async () => {
    const stem = uniqueWord()
    const [rare, alsoRare, common] = [`${stem}ab`, `${stem}abc`, `${stem}abcd`]
    await makeAsset(t.db, t.storage, { title: `Mug ${alsoRare}` })
    await makeAsset(t.db, t.storage, { title: `Mug ${rare}` })
    for (let i = 0; i < 3; i++) await makeAsset(t.db, t.storage, { title: `Vase ${common} ${i}` })
    // Drafts do not count: four more of the rare word would put it first if they did.
    for (let i = 0; i < 4; i++) await makeAsset(t.db, t.storage, { title: `Draft ${rare}`, isActive: false })
    expect(await suggested(stem)).toEqual([common, rare, alsoRare])
    expect(await suggested(`blue ${stem}`)).toEqual([`blue ${common}`, `blue ${rare}`, `blue ${alsoRare}`])
  })
})

describe('migration 0029 on a catalogue that already has assets', () => {
  it('keeps the published assets’ words only, counted; nested statements and TRUNCATE keep them right; going back restores every word', async () => {
    const scratch = (await isReachable(serverUrl())) ? await createScratchDatabase('stock_vocabulary') : null
    const db = createDatabase(scratch ? { url: scratch.url } : {})
    try {
      const migrator = new Migrator({ db, provider: migrationProvider })
      // Up to a named migration, never the latest: later ones do not change what 0029 is judged by.
      const migrateTo = async (name: string) => {
        const { error, results } = await migrator.migrateTo(name)
        expect(error).toBeUndefined()
        return (results ?? []).map((r) => r.migrationName)
      }
      const migrateTo0029 = () => migrateTo('0029_search_terms_of_published_assets')
      await migrateTo('0028_licences_per_delivered_file')
      const published = uniqueWord()
      const drafted = uniqueWord()
      await makeAsset(db, t.storage, { title: `Brass ${published}`, tags: [published] })
      await makeAsset(db, t.storage, { title: `Iron ${published}` })
      await makeAsset(db, t.storage, { title: `Hidden ${drafted}`, isActive: false })
      const terms = async () =>
        new Map((await db.selectFrom('search_terms').selectAll().execute()).map((r) => [r.term, r.assets]))

      expect(await migrateTo0029()).toEqual(['0029_search_terms_of_published_assets'])
      const after = await terms()
      expect(after.get(published)).toBe(2)
      expect(after.get('brass')).toBe(1)
      expect(after.has(drafted)).toBe(false)
      expect(after.has('hidden')).toBe(false)

      // A statement run by another trigger inside an update counts its own rows and leaves the
      // outer statement's change to be counted.
      const nested = uniqueWord()
      await sql`create function touch_assets() returns trigger language plpgsql as $$
        begin update assets set download_count = download_count where id = -1; return null; end $$`.execute(db)
      await sql`create trigger assets_touch after update of title on assets
        for each row execute function touch_assets()`.execute(db)
      await db
        .updateTable('assets')
        .set({ title: `Brass ${nested}` })
        .where('title', '=', `Brass ${published}`)
        .execute()
      expect((await terms()).get(nested)).toBe(1)
      await sql`drop trigger assets_touch on assets`.execute(db)

      const down = await migrator.migrateDown()
      expect(down.error).toBeUndefined()
      const words = (await db.selectFrom('search_terms').select('term').execute()).map((r) => r.term)
      expect(words).toEqual(expect.arrayContaining([published, drafted, 'brass', 'hidden']))

      // TRUNCATE runs no delete trigger; the vocabulary goes with the assets all the same.
      expect(await migrateTo0029()).toEqual(['0029_search_terms_of_published_assets'])
      expect((await terms()).size).toBeGreaterThan(0)
      await sql`truncate assets cascade`.execute(db)
      expect((await terms()).size).toBe(0)
    } finally {
      await db.destroy()
      await scratch?.drop()
    }
  }, 120_000)
})
