import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouterContextProvider } from 'react-router'
import type { DB } from '#db/client'
import type { Asset } from '#db/schema'
import { createSession } from '~/domain/accounts/sessions.server'
import { action as formDownload } from '~/routes/asset-download'
import { action as apiDownload } from '~/routes/api/assets-download'
import { loader as fileRoute } from '~/routes/download-file'
import { grantDownload } from '~/domain/downloads/grant.server'
import { signingSecret } from '~/platform/signing.server'
import { makeAsset, makeUser } from '../support/factories'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { createRecordingDatabase, type RecordingDatabase } from '../support/statements'

// What a signed-in download may cost the database, session lookup included. BEGIN and COMMIT
// count: the PostgreSQL driver sends them as statements of their own. (On the PGlite fallback
// the dialect opens and commits its transactions outside Kysely's log, so those runs see two
// fewer; the budget holds all the same.)
const BUDGET = 6

/**
 * An asset whose delivered file (the original with its provenance inside) is made already: it
 * is made once per asset and file for everyone, by the first download of all, so it is not
 * part of what each download costs.
 */
async function assetWithItsFile(title: string): Promise<Asset> {
  const asset = await makeAsset(db, t.storage, { title })
  const first = await signedIn()
  await viaApi(asset, first.token)()
  return asset
}

let db: DB
let t: TestContext
let context: RouterContextProvider
let recorded: RecordingDatabase

beforeAll(async () => {
  t = await createTestContext()
  recorded = await createRecordingDatabase(t)
  db = recorded.db
  context = recorded.context
}, 60_000)
afterAll(async () => {
  await recorded.close()
  await t.close()
})

/** The statements one request sends. */
const statementsOf = (run: () => Promise<unknown>) => recorded.statementsOf(run)

const readsAssets = (statement: string) => /\bfrom\s+"?assets"?(\s|$)/i.test(statement)

function expectWithinBudget(statements: string[]) {
  const listing = statements.join('\n')
  expect(statements.length, listing).toBeLessThanOrEqual(BUDGET)
  expect(statements.filter(readsAssets), listing).toHaveLength(1)
}

async function signedIn() {
  const user = await makeUser(db)
  const { token } = await createSession(db, user.id)
  return { user, token }
}

const viaForm = (asset: Asset, token: string) => async () => {
  const res = (await callRoute(formDownload, {
    request: makeRequest(`/assets/${asset.id}/download`, { method: 'POST', headers: { cookie: `__session=${token}` } }),
    params: { id: String(asset.id) },
    context,
  })) as Response
  expect(res.status).toBe(303)
}

const viaApi = (asset: Asset, token: string) => async () => {
  const res = (await callRoute(apiDownload, {
    request: makeRequest(`/api/assets/download/${asset.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    }),
    params: { id: String(asset.id) },
    context,
  })) as Response
  expect(res.status).toBe(200)
}

describe('the SQL of a signed-in download', () => {
  for (const [door, download] of [
    ['the form door', viaForm],
    ['the JSON door', viaApi],
  ] as const) {
    it(`${door}: a first download and a repeat the same day read the asset once each, within budget`, async () => {
      const asset = await assetWithItsFile('Counted Asset')
      const { token } = await signedIn()
      expectWithinBudget(await statementsOf(download(asset, token)))
      expectWithinBudget(await statementsOf(download(asset, token)))
    })
  }

  it('a session due for its hourly touch stays within budget', async () => {
    const asset = await assetWithItsFile('Counted Asset')
    const { user, token } = await signedIn()
    const touchDue = () =>
      db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - 2 * 3_600_000) })
        .where('user_id', '=', user.id)
        .execute()
    await touchDue()
    expectWithinBudget(await statementsOf(viaForm(asset, token)))
    await touchDue()
    expectWithinBudget(await statementsOf(viaApi(asset, token)))
  })
})

describe('the SQL of a download link', () => {
  const fetchFile = (downloadUrl: string) => async () => {
    const res = (await callRoute(fileRoute, {
      request: makeRequest(downloadUrl),
      params: { token: downloadUrl.replace('/downloads/', '') },
      context,
    })) as Response
    expect(res.status).toBe(200)
    await res.arrayBuffer()
  }

  it('the original, and a variant made then read from storage, read the asset once each', async () => {
    const asset = await makeAsset(db, t.storage, { title: 'Counted Render', size: 512 })
    const user = await makeUser(db)
    const links = []
    for (const options of [{}, { size: '512', format: 'webp' }]) {
      const grant = await grantDownload(db, t.storage, {
        user,
        assetId: asset.id,
        options,
        secret: signingSecret(t.config),
        siteUrl: 'http://localhost:3000',
      })
      if (!grant.ok) throw new Error(grant.error)
      links.push(grant.downloadUrl)
    }
    const [original, variant] = links
    for (const url of [original, variant, variant]) {
      const statements = await statementsOf(fetchFile(url))
      expect(statements.filter(readsAssets), statements.join('\n')).toHaveLength(1)
    }
  })
})
