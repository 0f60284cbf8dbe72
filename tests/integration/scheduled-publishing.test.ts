import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAsset } from '../support/factories'
import { publishDueJob, publishScheduledJob, scheduleAssets } from '~/domain/catalogue/scheduled-publishing.server'
import { action as assetApi } from '~/routes/api/admin/assets-id'
import { action as assetsCreateApi, loader as assetsListApi } from '~/routes/api/admin/assets'
import { action as uploadPageAction } from '~/routes/admin/upload'
import { action as assetsPageAction, loader as assetsPage } from '~/routes/admin/assets'
import { adminAndUser, bearer, cookie, multipart, png } from '../support/admin'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

// Scheduled publishing (decision 89): a time in the past publishes at once, a time ahead goes
// live when its job runs, a withdrawn schedule publishes nothing, and the minute's sweep
// publishes whatever a lost job left behind. Every path ends in setPublished.

let t: TestContext
let adminId: string
let adminToken: string

beforeAll(async () => {
  t = await createTestContext()
  const people = await adminAndUser(t.db)
  adminId = people.admin.id
  adminToken = people.adminToken
})
afterAll(() => t.close())

type Handler = (args: never) => unknown
type DataReply<T> = { type: 'DataWithResponseInit'; data: T; init: { status?: number } | null }
const statusOf = (reply: unknown) =>
  reply instanceof Response ? reply.status : ((reply as DataReply<unknown> | null)?.init?.status ?? 200)
const dataOf = <T>(reply: unknown): T =>
  (reply as DataReply<T> | null)?.type === 'DataWithResponseInit' ? (reply as DataReply<T>).data : (reply as T)

async function api(id: number, json: unknown) {
  const request = makeRequest(`/api/admin/assets/${id}`, { method: 'PUT', json, headers: bearer(adminToken) })
  const res = (await callRoute(assetApi as Handler, {
    request,
    params: { id: String(id) },
    context: t.routerContext(),
  })) as Response
  return { status: res.status, body: await res.json() }
}

function pagePost(form: Record<string, string | string[]>) {
  const request = makeRequest('/admin/assets', { form, headers: cookie(adminToken) })
  return callRoute(assetsPageAction as Handler, { request, context: t.routerContext() })
}

const row = (id: number) =>
  t.db
    .selectFrom('assets')
    .select(['is_active', 'publish_at', 'published_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
const audits = (id: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'details'])
    .where('target_type', '=', 'asset')
    .where('target_id', '=', String(id))
    .orderBy('id')
    .execute()
const queued = (id: number) =>
  t.services.jobs
    .list({ names: [publishScheduledJob.name], states: ['created', 'retry'] })
    .then((jobs) => jobs.filter((j) => j.data.assetId === id))

describe('scheduling through the JSON API', () => {
  it('a time in the past publishes at once and leaves no schedule', async () => {
    const asset = await makeAsset(t.db, t.storage, { isActive: false })
    const past = new Date(Date.now() - 60_000).toISOString()
    const res = await api(asset.id, { publish_at: past })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ is_active: true, publish_at: null })
    expect((await row(asset.id)).published_at).not.toBeNull()
    expect((await audits(asset.id)).map((a) => a.action)).toEqual(['asset.schedule', 'asset.publish'])
    expect(await queued(asset.id)).toEqual([])
  })

  it('a time ahead is kept on the row and goes live when its job runs, not before', async () => {
    const asset = await makeAsset(t.db, t.storage, { isActive: false })
    const at = new Date(Date.now() + 1500)
    const res = await api(asset.id, { publish_at: at.toISOString() })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ is_active: false, publish_at: at.toISOString() })
    const [job] = await queued(asset.id)
    expect(job.startAfter.getTime()).toBe(at.getTime())

    // Not due yet: nothing runs, the asset stays a draft.
    expect(await t.services.jobs.runDue({ names: [publishScheduledJob.name] })).toBe(0)
    expect((await row(asset.id)).is_active).toBe(false)

    await sleep(at.getTime() - Date.now() + 300)
    expect(await t.services.jobs.runDue({ names: [publishScheduledJob.name] })).toBeGreaterThanOrEqual(1)
    const after = await row(asset.id)
    expect(after).toMatchObject({ is_active: true, publish_at: null })
    const publish = (await audits(asset.id)).find((a) => a.action === 'asset.publish')
    // Published by the schedule, not by a person at that moment.
    expect(publish).toMatchObject({ actor_id: null })
    expect(JSON.stringify(publish?.details)).toContain('"scheduled":true')
  })

  it('null withdraws the schedule: its job is cancelled and the asset stays a draft', async () => {
    const asset = await makeAsset(t.db, t.storage, { isActive: false })
    const at = new Date(Date.now() + 1000)
    expect((await api(asset.id, { publish_at: at.toISOString() })).status).toBe(200)
    expect(await queued(asset.id)).toHaveLength(1)

    const res = await api(asset.id, { publish_at: null })
    expect(res.status).toBe(200)
    expect(res.body.publish_at).toBeNull()
    expect(await queued(asset.id)).toEqual([])
    await sleep(at.getTime() - Date.now() + 200)
    await t.services.jobs.runDue()
    expect((await row(asset.id)).is_active).toBe(false)
    expect((await audits(asset.id)).map((a) => a.action)).toEqual(['asset.schedule', 'asset.unschedule'])
  })

  it('a new time replaces the old one and its job', async () => {
    const asset = await makeAsset(t.db, t.storage, { isActive: false })
    const first = new Date(Date.now() + 3600_000)
    const second = new Date(Date.now() + 7200_000)
    await api(asset.id, { publish_at: first.toISOString() })
    await api(asset.id, { publish_at: second.toISOString() })
    const jobs = await queued(asset.id)
    expect(jobs).toHaveLength(1)
    expect(jobs[0].startAfter.getTime()).toBe(second.getTime())
    expect((await row(asset.id)).publish_at?.getTime()).toBe(second.getTime())
  })

  it('a stale job does nothing: the time was moved later', async () => {
    const asset = await makeAsset(t.db, t.storage, { isActive: false })
    await scheduleAssets(t.services, [asset.id], new Date(Date.now() + 3600_000), adminId)
    // A job left over from an earlier time (as if its cancel had been lost).
    await t.services.jobs.send(publishScheduledJob, { assetId: asset.id })
    await t.services.jobs.runDue({ names: [publishScheduledJob.name] })
    expect((await row(asset.id)).is_active).toBe(false)
  })

  it('refuses a schedule for a published asset (409), a bad date (400), a far one, and is_active beside it', async () => {
    const live = await makeAsset(t.db, t.storage, { isActive: true })
    const future = new Date(Date.now() + 3600_000).toISOString()
    expect(await api(live.id, { publish_at: future })).toMatchObject({
      status: 409,
      body: { reason: 'already-published', error: expect.stringMatching(/already published/) },
    })
    expect((await row(live.id)).publish_at).toBeNull()
    // Withdrawing nothing from a live asset is fine.
    expect((await api(live.id, { publish_at: null })).status).toBe(200)

    const draft = await makeAsset(t.db, t.storage, { isActive: false })
    for (const bad of ['tomorrow', '2026-13-01T09:00:00Z', '2026-12-01T09:00', 42]) {
      const res = await api(draft.id, { publish_at: bad })
      expect(res.status, String(bad)).toBe(400)
      expect(res.body.error).toMatch(/publish_at is a date and time/)
    }
    const far = new Date(Date.now() + 3 * 366 * 24 * 3600_000).toISOString()
    expect(await api(draft.id, { publish_at: far })).toMatchObject({ status: 400, body: { error: /two years/ } })
    expect(await api(draft.id, { publish_at: future, is_active: true })).toMatchObject({
      status: 400,
      body: { error: /not both/ },
    })
    expect((await row(draft.id)).publish_at).toBeNull()
  })

  it('unpublishing or publishing takes the schedule away', async () => {
    const asset = await makeAsset(t.db, t.storage, { isActive: false })
    await api(asset.id, { publish_at: new Date(Date.now() + 3600_000).toISOString() })
    expect((await api(asset.id, { is_active: true })).body).toMatchObject({ is_active: true, publish_at: null })
  })
})

describe('the minute sweep', () => {
  it('publishes a due draft whose job was lost, and leaves one not yet due', async () => {
    const lost = await makeAsset(t.db, t.storage, { isActive: false })
    const later = await makeAsset(t.db, t.storage, { isActive: false })
    // Rows scheduled with no job at all: as if the send had failed or the job was cancelled.
    await t.db
      .updateTable('assets')
      .set({ publish_at: new Date(Date.now() - 5_000) })
      .where('id', '=', lost.id)
      .execute()
    await t.db
      .updateTable('assets')
      .set({ publish_at: new Date(Date.now() + 3600_000) })
      .where('id', '=', later.id)
      .execute()
    expect(publishDueJob.cron).toBe('* * * * *')
    await t.services.jobs.send(publishDueJob, {})
    await t.services.jobs.runDue({ names: [publishDueJob.name] })
    expect(await row(lost.id)).toMatchObject({ is_active: true, publish_at: null })
    expect((await row(later.id)).is_active).toBe(false)
  })
})

describe('scheduling from the admin edit form', () => {
  it('reads the time in the zone the form sends, and in UTC without one', async () => {
    const asset = await makeAsset(t.db, t.storage, { isActive: false, title: 'Zoned' })
    const base = {
      intent: 'update',
      id: String(asset.id),
      title: 'Zoned',
      description: '',
      category: 'Abstract',
      tags: 'test',
    }
    const year = new Date().getUTCFullYear() + 1
    let reply = await pagePost({ ...base, publishAt: `${year}-07-01T12:00`, timeZone: 'Europe/Paris' })
    expect(reply).toBeInstanceOf(Response)
    expect((await row(asset.id)).publish_at?.toISOString()).toBe(`${year}-07-01T10:00:00.000Z`)

    reply = await pagePost({ ...base, publishAt: `${year}-01-15T08:30`, timeZone: '' })
    expect((await row(asset.id)).publish_at?.toISOString()).toBe(`${year}-01-15T08:30:00.000Z`)

    const page = dataOf<{ assets: { id: number; publish_at: string | null }[] }>(
      await callRoute(assetsPage as Handler, {
        request: makeRequest(`/admin/assets?q=${asset.id}`, { headers: cookie(adminToken) }),
        context: t.routerContext(),
      }),
    )
    expect(page.assets.find((a) => a.id === asset.id)?.publish_at).toBe(`${year}-01-15T08:30:00.000Z`)

    // Empty withdraws.
    await pagePost({ ...base, publishAt: '', timeZone: 'UTC' })
    expect((await row(asset.id)).publish_at).toBeNull()
  })

  it('answers 400 with the field’s message for a bad date or zone, and writes nothing', async () => {
    const asset = await makeAsset(t.db, t.storage, { isActive: false, title: 'Bad date' })
    const base = { intent: 'update', id: String(asset.id), title: 'Renamed', description: '', category: '', tags: '' }
    for (const [publishAt, timeZone, message] of [
      ['2026-02-31T10:00', 'UTC', /Enter a date and time/],
      ['soon', 'UTC', /Enter a date and time/],
      ['2026-12-01T10:00', 'Mars/Olympus', /time zone/],
    ] as const) {
      const reply = await pagePost({ ...base, publishAt, timeZone })
      expect(statusOf(reply)).toBe(400)
      expect(dataOf<{ errors: Record<string, string> }>(reply).errors.publishAt).toMatch(message)
    }
    expect(await t.db.selectFrom('assets').select('title').where('id', '=', asset.id).executeTakeFirst()).toEqual({
      title: 'Bad date',
    })
  })
})

describe('an asset whose processing failed', () => {
  it('cannot be scheduled, through the API or the edit form: it would never go live; one still processing can', async () => {
    const failed = await makeAsset(t.db, t.storage, { isActive: false, title: 'Broken sound' })
    await t.db
      .updateTable('assets')
      .set({ processing_state: 'failed', processing_error: 'The file is not audio we can decode.' })
      .where('id', '=', failed.id)
      .execute()
    const future = new Date(Date.now() + 3600_000).toISOString()
    for (const when of [future, '2020-01-01T10:00:00Z'])
      expect(await api(failed.id, { publish_at: when })).toMatchObject({
        status: 409,
        body: { reason: 'asset-processing', error: expect.stringMatching(/processing failed/) },
      })
    const reply = await pagePost({
      intent: 'update',
      id: String(failed.id),
      title: 'Broken sound',
      description: '',
      category: '',
      tags: '',
      publishAt: '2020-01-01T10:00',
      timeZone: 'UTC',
    })
    expect(statusOf(reply)).toBe(409)
    expect(dataOf<{ errors: Record<string, string> }>(reply).errors.publishAt).toMatch(/processing failed/)
    expect((await row(failed.id)).publish_at).toBeNull()
    expect(await queued(failed.id)).toEqual([])

    // Still processing: the schedule is kept, and it goes live once ready.
    const busy = await makeAsset(t.db, t.storage, { isActive: false, title: 'Still processing' })
    await t.db.updateTable('assets').set({ processing_state: 'processing' }).where('id', '=', busy.id).execute()
    expect((await api(busy.id, { publish_at: future })).status).toBe(200)
    expect((await row(busy.id)).publish_at?.toISOString()).toBe(future)
  })
})

describe("the assets list's Scheduled filter", () => {
  it('lists the drafts with a publish time, in the page (GET form) and the API, and none published', async () => {
    const word = `sched${Date.now().toString(36)}`
    const [scheduled, draft, published] = await Promise.all(
      [false, false, true].map((isActive, i) =>
        makeAsset(t.db, t.storage, { isActive, title: `${word} ${i}`, category: word }),
      ),
    )
    const year = new Date().getUTCFullYear() + 1
    expect((await api(scheduled.id, { publish_at: `${year}-03-01T09:00:00Z` })).status).toBe(200)
    // A published asset's schedule is refused, so a stale one cannot show: write one directly.
    await t.db
      .updateTable('assets')
      .set({ publish_at: new Date(`${year}-04-01T09:00:00Z`) })
      .where('id', '=', published.id)
      .execute()

    const page = dataOf<{ assets: { id: number }[]; status: string }>(
      await callRoute(assetsPage as Handler, {
        request: makeRequest(`/admin/assets?q=${word}&status=scheduled`, { headers: cookie(adminToken) }),
        context: t.routerContext(),
      }),
    )
    expect(page.status).toBe('scheduled')
    expect(page.assets.map((a) => a.id)).toEqual([scheduled.id])

    const res = (await callRoute(assetsListApi as Handler, {
      request: makeRequest(`/api/admin/assets?q=${word}&status=scheduled`, { headers: bearer(adminToken) }),
      context: t.routerContext(),
    })) as Response
    expect(res.status).toBe(200)
    const body = (await res.json()) as { total: number; assets: { id: number; publish_at: string }[] }
    expect(body.total).toBe(1)
    expect(body.assets[0]).toMatchObject({ id: scheduled.id, publish_at: `${year}-03-01T09:00:00.000Z` })
    // 'Pending' is still every draft.
    const pending = dataOf<{ assets: { id: number }[] }>(
      await callRoute(assetsPage as Handler, {
        request: makeRequest(`/admin/assets?q=${word}&status=pending`, { headers: cookie(adminToken) }),
        context: t.routerContext(),
      }),
    )
    expect(pending.assets.map((a) => a.id).sort()).toEqual([scheduled.id, draft.id].sort())
  })
})

describe('a schedule chosen at upload time', () => {
  const year = new Date().getUTCFullYear() + 1
  const byName = (name: string) =>
    t.db.selectFrom('assets').select(['id', 'is_active', 'publish_at']).where('original_filename', '=', name).execute()

  it('the API stores the file as a draft scheduled for the time, with its job; a bad time stores nothing', async () => {
    const name = `api-${Date.now().toString(36)}.png`
    const post = async (fields: Record<string, string>) => {
      const body = multipart(fields, [{ field: 'file', name, type: 'image/png', data: await png('#336699') }])
      const res = (await callRoute(assetsCreateApi as Handler, {
        request: makeRequest('/api/admin/assets', { method: 'POST', body, headers: bearer(adminToken) }),
        context: t.routerContext(),
      })) as Response
      return { status: res.status, body: (await res.json()) as Record<string, unknown> }
    }
    const bad = await post({ title: 'Too far', publish_at: `${year + 5}-01-01T00:00:00Z` })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatch(/two years/)
    expect(await byName(name)).toEqual([])

    const res = await post({ title: 'Scheduled upload', publish_at: `${year}-05-01T08:00:00+02:00` })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ is_active: false, publish_at: `${year}-05-01T06:00:00.000Z` })
    const id = res.body.id as number
    expect((await row(id)).publish_at?.toISOString()).toBe(`${year}-05-01T06:00:00.000Z`)
    expect(await queued(id)).toHaveLength(1)
    expect((await audits(id)).map((a) => a.action)).toContain('asset.schedule')
  })

  it('the upload form schedules every file in the zone it sends; a bad time refuses the form', async () => {
    const name = `form-${Date.now().toString(36)}.png`
    const post = async (fields: Record<string, string>) =>
      callRoute(uploadPageAction as Handler, {
        request: makeRequest('/admin/upload', {
          method: 'POST',
          body: multipart({ intent: 'upload', ...fields }, [
            { field: 'files', name, type: 'image/png', data: await png('#996633') },
          ]),
          headers: cookie(adminToken),
        }),
        context: t.routerContext(),
      })
    const refused = await post({ publishAt: 'soon', timeZone: 'UTC' })
    expect(statusOf(refused)).toBe(400)
    expect(dataOf<{ error: string }>(refused).error).toBe(
      'Enter a date and time, like 2026-12-01 09:00. Nothing was uploaded.',
    )
    expect(await byName(name)).toEqual([])

    const reply = await post({ publishAt: `${year}-07-01T12:00`, timeZone: 'Europe/Paris' })
    expect(statusOf(reply)).toBe(200)
    const items = dataOf<{ items: { id: number; publishAt?: string | null }[] }>(reply).items
    expect(items).toHaveLength(1)
    expect(items[0]?.publishAt).toBe(`${year}-07-01T10:00:00.000Z`)
    const [stored] = await byName(name)
    expect(stored).toMatchObject({ id: items[0]?.id, is_active: false })
    expect(stored?.publish_at?.toISOString()).toBe(`${year}-07-01T10:00:00.000Z`)
    expect(await queued(stored!.id)).toHaveLength(1)

    // Without a time the files are plain drafts.
    const plain = `plain-${name}`
    await callRoute(uploadPageAction as Handler, {
      request: makeRequest('/admin/upload', {
        method: 'POST',
        body: multipart({ intent: 'upload', publishAt: '', timeZone: 'UTC' }, [
          { field: 'files', name: plain, type: 'image/png', data: await png('#669933') },
        ]),
        headers: cookie(adminToken),
      }),
      context: t.routerContext(),
    })
    expect((await byName(plain))[0]?.publish_at).toBeNull()
  })
})
