import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouterContextProvider } from 'react-router'
import { FREE_DAILY_DOWNLOADS } from '~/lib/constants'
import type { AssetPreviewData } from '~/domain/catalogue/preview.server'
import { createSession } from '~/domain/accounts/sessions.server'
import { utcDay } from '~/domain/downloads/downloads.server'
import { loader as root } from '~/root'
import { loader as assetPage } from '~/routes/asset'
import { action as formDownload } from '~/routes/asset-download'
import { loader as apiMe } from '~/routes/api/auth-me'
import { makeAsset, makeUser } from '../support/factories'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { createRecordingDatabase, type RecordingDatabase } from '../support/statements'

// Every signed-in page shows the day's quota beside its download buttons: the session's read
// brings the count in the same statement (readSession), so a signed-in page costs one statement
// for who is signed in and where they stand, however many loaders ask.

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

type RootData = {
  user: { email: string } | null
  quota: { used: number; left: number | null; limit: number | null } | null
}

/** One GET of the asset page as React Router runs it: the root loader and the page's, side by side. */
async function assetPageAs(token: string, assetId: number, context: RouterContextProvider = recorded.requestContext()) {
  const request = makeRequest(`/assets/${assetId}`, { headers: { cookie: `__session=${token}` } })
  const [rootData, page] = await Promise.all([
    callRoute(root, { request, context }) as Promise<RootData>,
    callRoute(assetPage, { request, params: { id: String(assetId) }, context }) as Promise<{
      preview: AssetPreviewData
    }>,
  ])
  return { quota: rootData.quota!, user: rootData.user, preview: page.preview }
}

const readsSession = (statement: string) => /from "sessions"/.test(statement)
const readsQuota = (statement: string) => /download_quota_usage/.test(statement)

describe('a signed-in page', () => {
  it('reads the session and the day’s quota in one statement, once for the root and the page', async () => {
    const user = await makeUser(recorded.db)
    const { token } = await createSession(recorded.db, user.id)
    const asset = await makeAsset(recorded.db, t.storage, { title: 'Counted Signed-In' })
    await assetPageAs(token, asset.id) // the shared reads and the asset's public part, once

    let page: Awaited<ReturnType<typeof assetPageAs>> | undefined
    const statements = await recorded.statementsOf(async () => {
      page = await assetPageAs(token, asset.id)
    })
    const listing = statements.join('\n')
    expect(page!.user?.email).toBe(user.email)
    expect(page!.quota).toMatchObject({ used: 0, left: FREE_DAILY_DOWNLOADS })
    expect(statements.filter(readsSession), listing).toHaveLength(1)
    expect(statements.filter(readsQuota), listing).toHaveLength(1)
    expect(
      statements.filter((s) => readsSession(s) && readsQuota(s)),
      listing,
    ).toHaveLength(1)
    // Besides it only the asset's personal parts: the heart and today's free repeat.
    expect(statements, listing).toHaveLength(2)
  })

  it('counts the downloads of this UTC day only, and each new one on the next page', async () => {
    const user = await makeUser(recorded.db)
    const { token } = await createSession(recorded.db, user.id)
    const asset = await makeAsset(recorded.db, t.storage, { title: 'Counted Download' })
    const yesterday = utcDay(new Date(Date.now() - 86_400_000))
    await recorded.db.insertInto('download_quota_usage').values({ user_id: user.id, day: yesterday, used: 5 }).execute()
    expect((await assetPageAs(token, asset.id)).quota).toMatchObject({ used: 0, left: FREE_DAILY_DOWNLOADS })

    const download = (await callRoute(formDownload, {
      request: makeRequest(`/assets/${asset.id}/download`, {
        method: 'POST',
        headers: { cookie: `__session=${token}` },
      }),
      params: { id: String(asset.id) },
      context: recorded.requestContext(),
    })) as Response
    expect(download.status).toBe(303)
    const after = await assetPageAs(token, asset.id)
    expect(after.quota).toMatchObject({ used: 1, left: FREE_DAILY_DOWNLOADS - 1 })
    expect(after.preview.downloadedToday).toBe(true)
  })

  it('a form post reads afresh: the loaders after its action see the quota it spent', async () => {
    const user = await makeUser(recorded.db)
    const { token } = await createSession(recorded.db, user.id)
    const asset = await makeAsset(recorded.db, t.storage, { title: 'Counted Post' })
    const context = recorded.requestContext()
    const post = () =>
      makeRequest(`/assets/${asset.id}/download`, { method: 'POST', headers: { cookie: `__session=${token}` } })
    expect(((await callRoute(root, { request: post(), context })) as RootData).quota).toMatchObject({ used: 0 })
    const download = (await callRoute(formDownload, {
      request: post(),
      params: { id: String(asset.id) },
      context,
    })) as Response
    expect(download.status).toBe(303)
    expect(((await callRoute(root, { request: post(), context })) as RootData).quota).toMatchObject({ used: 1 })
  })

  it('the JSON door says the same count: GET /api/auth/me', async () => {
    const user = await makeUser(recorded.db)
    const { token } = await createSession(recorded.db, user.id)
    await recorded.db.insertInto('download_quota_usage').values({ user_id: user.id, day: utcDay(), used: 3 }).execute()
    const request = () => makeRequest('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })
    let res: Response | undefined
    const statements = await recorded.statementsOf(async () => {
      res = (await callRoute(apiMe, { request: request(), context: recorded.requestContext() })) as Response
    })
    expect(res!.status).toBe(200)
    expect(((await res!.json()) as { user: { downloads_today: number } }).user.downloads_today).toBe(3)
    expect(statements, statements.join('\n')).toHaveLength(1)
  })

  it('a Pro member’s count comes with no limit; another user’s count is never theirs', async () => {
    const pro = await makeUser(recorded.db, { plan: 'pro' })
    const other = await makeUser(recorded.db)
    const { token } = await createSession(recorded.db, pro.id)
    const asset = await makeAsset(recorded.db, t.storage, { title: 'Counted Pro' })
    await recorded.db.insertInto('download_quota_usage').values({ user_id: other.id, day: utcDay(), used: 4 }).execute()
    await recorded.db.insertInto('download_quota_usage').values({ user_id: pro.id, day: utcDay(), used: 7 }).execute()
    expect((await assetPageAs(token, asset.id)).quota).toMatchObject({ used: 7, limit: null, left: null })
  })
})
