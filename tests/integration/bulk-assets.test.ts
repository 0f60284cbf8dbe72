import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset } from '../support/factories'
import { publishDue, publishScheduledJob } from '~/domain/catalogue/scheduled-publishing.server'
import { action as bulkApi } from '~/routes/api/admin/assets-bulk'
import { action as assetsPageAction } from '~/routes/admin/assets'
import { adminAndUser, bearer, cookie } from '../support/admin'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

// The bulk bar of /admin/assets and POST /api/admin/assets/bulk (decision 89): each action
// through the form and the API, one audit entry per change per asset, the summary sentence,
// and the refusals.

const uid = () => randomUUID().slice(0, 8)

let t: TestContext
let adminToken: string
let userToken: string

beforeAll(async () => {
  t = await createTestContext()
  const people = await adminAndUser(t.db)
  adminToken = people.adminToken
  userToken = people.userToken
})
afterAll(() => t.close())

type Handler = (args: never) => unknown
type DataReply<T> = { type: 'DataWithResponseInit'; data: T; init: { status?: number } | null }
const statusOf = (reply: unknown) =>
  reply instanceof Response ? reply.status : ((reply as DataReply<unknown> | null)?.init?.status ?? 200)
const dataOf = <T>(reply: unknown): T =>
  (reply as DataReply<T> | null)?.type === 'DataWithResponseInit' ? (reply as DataReply<T>).data : (reply as T)

async function api(json: unknown, token = adminToken) {
  const request = makeRequest('/api/admin/assets/bulk', { method: 'POST', json, headers: bearer(token) })
  const res = (await callRoute(bulkApi as Handler, { request, context: t.routerContext() })) as Response
  return { status: res.status, body: await res.json() }
}

async function form(fields: Record<string, string | string[]>, token = adminToken) {
  const request = makeRequest('/admin/assets', { form: { intent: 'bulk', ...fields }, headers: cookie(token) })
  const reply = await callRoute(assetsPageAction as Handler, { request, context: t.routerContext() })
  // The admin check throws (404), as the layout's gate would.
  const thrown = (reply as { thrown?: { init?: { status?: number } } }).thrown
  if (thrown)
    return { status: thrown.init?.status ?? 500, body: {} as { intent: string; message?: string; error?: string } }
  return { status: statusOf(reply), body: dataOf<{ intent: string; message?: string; error?: string }>(reply) }
}

const rows = (ids: number[]) =>
  t.db
    .selectFrom('assets')
    .select(['id', 'tags', 'category', 'asset_type', 'is_active', 'publish_at'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute()
const auditActions = async (ids: number[]) =>
  (
    await t.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('target_type', '=', 'asset')
      .where(
        'target_id',
        'in',
        ids.map((id) => String(id)),
      )
      .orderBy('id')
      .execute()
  )
    // Per asset in the order written; the assets of one bulk change in no order of their own.
    .sort((a, b) => Number(a.target_id) - Number(b.target_id))
    .map((r) => `${r.target_id}:${r.action}`)

async function three(input: { isActive?: boolean; tags?: string[]; category?: string } = {}) {
  const assets = []
  for (let i = 0; i < 3; i++) assets.push(await makeAsset(t.db, t.storage, { isActive: false, ...input }))
  return assets.map((a) => a.id)
}

// Both doors, the same checks.
const doors = {
  form: (ids: number[], action: string, extra: Record<string, unknown> = {}) =>
    form({ ids: ids.map(String), bulkAction: action, ...(extra as Record<string, string>) }),
  api: (ids: number[], action: string, extra: Record<string, unknown> = {}) => api({ ids, action, ...extra }),
}

describe.each(Object.entries(doors))('bulk changes through the %s', (door, send) => {
  const message = (reply: { body: { message?: string } }) => reply.body.message

  it('publishes the drafts and says so, one audit entry each', async () => {
    const ids = await three()
    const live = await makeAsset(t.db, t.storage, { isActive: true })
    const reply = await send([...ids, live.id], 'publish')
    expect(reply.status).toBe(200)
    expect(message(reply)).toBe('Published 3 assets; 1 was already published.')
    expect((await rows(ids)).every((r) => r.is_active)).toBe(true)
    expect(await auditActions([...ids, live.id])).toEqual(ids.map((id) => `${id}:asset.publish`))
  })

  it('unpublishes, and withdraws a draft’s schedule with it', async () => {
    const ids = await three({ isActive: true })
    const scheduled = await makeAsset(t.db, t.storage, { isActive: false })
    await api({ ids: [scheduled.id], action: 'schedule', publish_at: new Date(Date.now() + 3600_000).toISOString() })
    const reply = await send([...ids, scheduled.id], 'unpublish')
    expect(message(reply)).toBe('Unpublished 3 assets; 1 was already unpublished.')
    expect((await rows([...ids, scheduled.id])).every((r) => !r.is_active && r.publish_at === null)).toBe(true)
    expect(await auditActions([...ids, scheduled.id])).toEqual([
      ...ids.map((id) => `${id}:asset.unpublish`),
      `${scheduled.id}:asset.schedule`,
      `${scheduled.id}:asset.unschedule`,
    ])
  })

  it('adds tags to those without them and removes them again', async () => {
    const tag = `bulk-${uid()}`
    const ids = await three({ tags: ['keep'] })
    const had = await makeAsset(t.db, t.storage, { tags: ['keep', tag] })
    const added = await send(
      [...ids, had.id],
      'add-tags',
      door === 'api' ? { tags: [tag, 'Night'] } : { tags: `${tag}, Night` },
    )
    expect(message(added)).toBe(`Added ‘${tag}’, ‘night’ to 4 assets.`)
    expect((await rows(ids)).map((r) => r.tags)).toEqual(ids.map(() => ['keep', tag, 'night']))
    expect((await rows([had.id]))[0].tags).toEqual(['keep', tag, 'night'])

    const removed = await send([...ids, had.id], 'remove-tags', { tags: 'night' })
    expect(message(removed)).toBe('Removed ‘night’ from 4 assets.')
    const again = await send(ids, 'remove-tags', { tags: 'night' })
    expect(message(again)).toBe('Removed ‘night’ from 0 assets; 3 did not have it.')
    expect((await rows(ids)).map((r) => r.tags)).toEqual(ids.map(() => ['keep', tag]))
    // Two changes for each asset: the tag added, then taken away.
    expect((await auditActions(ids)).filter((a) => a.endsWith('asset.update'))).toHaveLength(6)
  })

  it('sets a category the catalogue has, in its own spelling', async () => {
    const category = `Bulk Cat ${uid()}`
    await makeAsset(t.db, t.storage, { category, isActive: false })
    const ids = await three()
    const reply = await send(ids, 'set-category', { category: category.toUpperCase() })
    expect(message(reply)).toBe(`Moved 3 assets to ‘${category}’.`)
    expect((await rows(ids)).map((r) => r.category)).toEqual([category, category, category])
    expect(await auditActions(ids)).toEqual(ids.map((id) => `${id}:asset.update`))
  })

  it('sets the type of images; audio keeps its own', async () => {
    const ids = await three()
    const sound = await makeAsset(t.db, t.storage, { assetType: 'audio', isActive: false })
    const reply = await send([...ids, sound.id], 'set-type', { asset_type: 'image' })
    const soundIsAudio = (await rows([sound.id]))[0].asset_type === 'audio'
    expect(message(reply)).toBe(
      soundIsAudio ? 'Set 3 assets to Image; 1 is audio and keeps its type.' : 'Set 4 assets to Image.',
    )
    expect((await rows(ids)).every((r) => r.asset_type === 'image')).toBe(true)
  })

  it('schedules drafts ahead, leaves a published one, and a past time publishes at once', async () => {
    const ids = await three()
    const live = await makeAsset(t.db, t.storage, { isActive: true })
    const year = new Date().getUTCFullYear() + 1
    const at = `${year}-03-01T09:00`
    const reply = await send(
      [...ids, live.id],
      'schedule',
      door === 'api' ? { publish_at: `${at}:00Z` } : { publishAt: at, timeZone: 'UTC' },
    )
    expect(message(reply)).toBe(
      `Scheduled 3 assets for 1 Mar ${year}, 09:00 UTC; 1 is already published and was left as it was.`,
    )
    expect((await rows(ids)).map((r) => r.publish_at?.toISOString())).toEqual(ids.map(() => `${at}:00.000Z`))
    const jobs = await t.services.jobs.list({ names: [publishScheduledJob.name], states: ['created'] })
    expect(jobs.filter((j) => ids.includes(j.data.assetId as number))).toHaveLength(3)
    expect(await auditActions([...ids, live.id])).toEqual(ids.map((id) => `${id}:asset.schedule`))

    const past = await send(
      ids.slice(0, 2),
      'schedule',
      door === 'api'
        ? { publish_at: new Date(Date.now() - 60_000).toISOString() }
        : { publishAt: '2020-01-01T00:00', timeZone: 'UTC' },
    )
    expect(message(past)).toBe('Published 2 assets at once: that time has passed.')
    expect((await rows(ids)).map((r) => r.is_active)).toEqual([true, true, false])

    const withdrawn = await send(ids, 'schedule', door === 'api' ? { publish_at: null } : { publishAt: '' })
    expect(message(withdrawn)).toBe('Withdrew the schedule of 1 asset; 2 had none.')
    expect((await rows(ids)).every((r) => r.publish_at === null)).toBe(true)
  })

  it('leaves a draft whose processing failed unscheduled, and says so', async () => {
    const [ready] = await three()
    const failed = await makeAsset(t.db, t.storage, { isActive: false })
    await t.db.updateTable('assets').set({ processing_state: 'failed' }).where('id', '=', failed.id).execute()
    const year = new Date().getUTCFullYear() + 1
    const at = `${year}-04-01T09:00`
    const reply = await send(
      [ready, failed.id],
      'schedule',
      door === 'api' ? { publish_at: `${at}:00Z` } : { publishAt: at, timeZone: 'UTC' },
    )
    expect(message(reply)).toBe(
      `Scheduled 1 asset for 1 Apr ${year}, 09:00 UTC; 1 failed its processing and was left unscheduled (retry first).`,
    )
    expect((await rows([ready, failed.id])).map((r) => r.publish_at?.toISOString() ?? null)).toEqual([
      `${at}:00.000Z`,
      null,
    ])
  })

  it('refuses no rows, too many, an unknown action, category or type, and a missing field (400)', async () => {
    const [id] = await three()
    const before = await rows([id])
    const cases: [number[], string, Record<string, string>, RegExp][] = [
      [[], 'publish', {}, /Select at least one asset/],
      [Array.from({ length: 501 }, (_, i) => i + 1), 'publish', {}, /at most 500/],
      [[id], 'explode', {}, /action is one of/],
      [[id], 'set-category', { category: `Nowhere ${uid()}` }, /There is no category/],
      [[id], 'set-category', {}, /Choose a category/],
      [[id], 'set-type', { asset_type: 'video' }, /asset_type is one of/],
      [[id], 'set-type', { asset_type: '' }, /Choose a type/],
      [[id], 'add-tags', { tags: ' , ' }, /at least one tag/],
      [[id], 'schedule', door === 'api' ? { publish_at: 'next week' } : { publishAt: 'next week' }, /date and time/],
    ]
    for (const [ids, action, extra, pattern] of cases) {
      const reply = await send(ids, action, extra)
      expect(reply.status, `${action} ${JSON.stringify(extra)}`).toBe(400)
      expect(reply.body.error).toMatch(pattern)
    }
    expect(await rows([id])).toEqual(before)
    expect(await auditActions([id])).toEqual([])
  })
})

describe('who may', () => {
  it('the page answers 404 and the API 403 to a plain user; nothing changes', async () => {
    const [id] = await three()
    expect((await form({ ids: [String(id)], bulkAction: 'publish' }, userToken)).status).toBe(404)
    expect((await api({ ids: [id], action: 'publish' }, userToken)).status).toBe(403)
    const anonymous = makeRequest('/api/admin/assets/bulk', { method: 'POST', json: { ids: [id], action: 'publish' } })
    expect(
      ((await callRoute(bulkApi as Handler, { request: anonymous, context: t.routerContext() })) as Response).status,
    ).toBe(401)
    expect((await rows([id]))[0].is_active).toBe(false)
  })

  it('without JavaScript, Select all sends the page’s ids', async () => {
    const ids = await three()
    const reply = await form({ allOnPage: '1', pageIds: ids.map(String), bulkAction: 'publish' })
    expect(reply.body.message).toBe('Published 3 assets.')
  })
})

describe('an asset still processing', () => {
  it('is left a draft by a bulk publish, said in the summary; a schedule waits for it', async () => {
    const ids = await three()
    const busy = await makeAsset(t.db, t.storage, { isActive: false })
    await t.db.updateTable('assets').set({ processing_state: 'processing' }).where('id', '=', busy.id).execute()
    const reply = await api({ ids: [...ids, busy.id], action: 'publish' })
    expect(reply.body.message).toBe('Published 3 assets; 1 is still processing and was left unpublished.')
    expect((await rows([busy.id]))[0].is_active).toBe(false)

    const past = await api({
      ids: [busy.id],
      action: 'schedule',
      publish_at: new Date(Date.now() - 1000).toISOString(),
    })
    expect(past.body.message).toBe(
      'Published 0 assets at once: that time has passed; 1 is still processing and will go live when it is ready.',
    )
    expect(await rows([busy.id])).toMatchObject([{ is_active: false, publish_at: expect.any(Date) }])
    // The sweep leaves it while it processes, and publishes it once ready.
    expect(await publishDue(t.db)).not.toContain(busy.id)
    await t.db.updateTable('assets').set({ processing_state: 'ready' }).where('id', '=', busy.id).execute()
    expect(await publishDue(t.db)).toContain(busy.id)
    expect(await rows([busy.id])).toMatchObject([{ is_active: true, publish_at: null }])
  })
})
