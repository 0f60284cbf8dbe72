import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Asset } from '#db/schema'
import { isPublished } from '~/domain/catalogue/assets.server'
import { makeAsset } from '../support/factories'
import { createTestContext, type TestContext } from '../support/context'

let t: TestContext
let live: Asset
let draft: Asset
beforeAll(async () => {
  t = await createTestContext()
  live = await makeAsset(t.db, t.storage, { title: 'Published rule live' })
  draft = await makeAsset(t.db, t.storage, { title: 'Published rule draft', isActive: false })
})
afterAll(() => t.close())

describe('isPublished()', () => {
  const ids = () => [live.id, draft.id]

  it('keeps the published assets and leaves the drafts out', async () => {
    const rows = await t.db.selectFrom('assets').select('id').where('id', 'in', ids()).where(isPublished()).execute()
    expect(rows.map((r) => r.id)).toEqual([live.id])
  })

  it('names the assets by the alias a query gives them', async () => {
    const rows = await t.db
      .selectFrom('assets as a')
      .innerJoin('assets as b', 'b.id', 'a.id')
      .select('a.id')
      .where('a.id', 'in', ids())
      .where(isPublished('a'))
      .execute()
    expect(rows.map((r) => r.id)).toEqual([live.id])
  })
})
