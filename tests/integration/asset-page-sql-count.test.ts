import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Asset } from '#db/schema'
import type { AssetPreviewData } from '~/domain/catalogue/preview.server'
import { loader as assetPage } from '~/routes/asset'
import { makeAsset } from '../support/factories'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { createRecordingDatabase, type RecordingDatabase } from '../support/statements'

// What an asset page that misses its cache asks the database (decision 104): its row and
// Similar colours' candidates. Related Assets come from the newest assets every page shares,
// and only rare ones from a query of their own. The shared reads (the catalogue version, the
// window of newest assets) are left out: other test files write to this database, so they
// may be read again at any time.

let t: TestContext
let recorded: RecordingDatabase

beforeAll(async () => {
  t = await createTestContext()
  recorded = await createRecordingDatabase(t)
}, 60_000)
afterAll(async () => {
  await recorded.close()
  await t.close()
})

async function visit(asset: Asset): Promise<{ statements: string[]; preview: AssetPreviewData }> {
  let preview: AssetPreviewData | undefined
  const statements = await recorded.statementsOf(async () => {
    const page = (await callRoute(assetPage, {
      request: makeRequest(`/assets/${asset.id}`),
      params: { id: String(asset.id) },
      context: recorded.context,
    })) as { preview: AssetPreviewData }
    preview = page.preview
  })
  return { statements, preview: preview! }
}

const shared = (statement: string) =>
  /catalogue_version/.test(statement) || /from "assets" where is_active order by "created_at" desc/.test(statement)
const rowRead = (statement: string) => /from "assets" where "id" = \$\d+ and is_active$/.test(statement)
const candidatesRead = (statement: string) => statement.includes('colour_swatches &&')
const relatedRead = (statement: string) => statement.includes('tags &&')

describe('an asset page that misses its cache', () => {
  it('reads its row and Similar colours; Related Assets from the shared newest assets, unless they are rare', async () => {
    const category = `Counted ${randomUUID().slice(0, 6)}`
    const tag = `counted${randomUUID().slice(0, 6)}`
    const many: Asset[] = []
    for (let i = 0; i < 11; i++)
      many.push(await makeAsset(t.db, t.storage, { title: `Many ${i}`, tags: [tag], category }))
    const rare = await makeAsset(t.db, t.storage, { title: 'Rare', tags: [`${tag}rare`], category })
    await makeAsset(t.db, t.storage, { title: 'Rare friend', tags: [`${tag}rare`], category })

    const common = await visit(many[0]!)
    expect(common.preview.related).toHaveLength(10)
    const own = common.statements.filter((s) => !shared(s))
    expect(own.filter(rowRead), own.join('\n')).toHaveLength(1)
    expect(own.filter(candidatesRead), own.join('\n')).toHaveLength(1)
    expect(own, own.join('\n')).toHaveLength(2)

    const fewer = await visit(rare)
    expect(fewer.preview.related.map((r) => r.title)).toEqual(['Rare friend'])
    const rareOwn = fewer.statements.filter((s) => !shared(s))
    expect(rareOwn.filter(relatedRead), rareOwn.join('\n')).toHaveLength(1)
    expect(rareOwn, rareOwn.join('\n')).toHaveLength(3)
  })
})
