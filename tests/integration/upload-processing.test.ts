import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROCESSING_FAILED, STILL_PROCESSING } from '~/domain/catalogue/assets.server'
import { NOT_AUDIO, PROCESS_UPLOAD_RETRIES, processUploadJob } from '~/domain/uploads/jobs.server'
import { notRetryable, PROCESSING_STOPPED } from '~/domain/uploads/progress.server'
import type { Storage } from '~/platform/storage.server'
import { action as assetsApiAction } from '~/routes/api/admin/assets'
import { action as assetApiAction, loader as assetApi } from '~/routes/api/admin/assets-id'
import { action as publishApi } from '~/routes/api/admin/assets-id-publish'
import { loader as statusApi } from '~/routes/api/admin/status'
import { action as assetsPageAction, loader as assetsPage } from '~/routes/admin/assets'
import SystemStatusPage, { loader as statusPage } from '~/routes/admin/system-status'
import { action as uploadPageAction, loader as uploadPage } from '~/routes/admin/upload'
import { adminAndUser, bearer, cookie, multipart, png, storedFiles, webp } from '../support/admin'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { renderRoute } from '../support/render-route'

// Decision 087: an upload answers at once with its asset 'processing'; the job 'process-upload'
// makes the derivatives; publishing waits for it (409 'asset-processing' on every door); a
// failure shows its reason and Retry queues it again; the status page lists the jobs.

const uid = () => randomUUID().slice(0, 8)

let t: TestContext
let adminToken: string
let realStorage: Storage

beforeAll(async () => {
  t = await createTestContext()
  adminToken = (await adminAndUser(t.db)).adminToken
  realStorage = t.services.storage
})
afterAll(() => t.close())

type Handler = (args: never) => unknown
type DataReply<T> = { type: 'DataWithResponseInit'; data: T; init: { status?: number } | null }
const statusOf = (reply: unknown) =>
  reply instanceof Response ? reply.status : ((reply as DataReply<unknown> | null)?.init?.status ?? 200)
const dataOf = <T>(reply: unknown): T =>
  (reply as DataReply<T> | null)?.type === 'DataWithResponseInit' ? (reply as DataReply<T>).data : (reply as T)

async function api(fn: Handler, url: string, init: RequestInit & { json?: unknown } = {}, id?: number) {
  const res = (await callRoute(fn, {
    request: makeRequest(url, { ...init, headers: { ...bearer(adminToken), ...(init.headers as object) } }),
    params: id ? { id: String(id) } : {},
    context: t.routerContext(),
  })) as Response
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

const page = (fn: Handler, url: string, init: RequestInit & { form?: Record<string, string> } = {}) =>
  callRoute(fn, { request: makeRequest(url, { ...init, headers: cookie(adminToken) }), context: t.routerContext() })

const upload = async (title: string, files = async () => [await png('#ff0000', 64)]) => {
  const [file, thumbnail] = await files()
  return api(assetsApiAction, '/api/admin/assets', {
    method: 'POST',
    body: multipart({ title }, [
      { field: 'file', name: 'a.png', type: 'image/png', data: file },
      ...(thumbnail ? [{ field: 'thumbnail', name: 'a.webp', type: 'image/webp', data: thumbnail }] : []),
    ]),
  })
}
const getAsset = (id: number) => api(assetApi, `/api/admin/assets/${id}`, {}, id)
const publish = (id: number) => api(publishApi, `/api/admin/assets/${id}/publish`, { method: 'POST' }, id)
const row = (id: number) => t.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

/** The queue's retry waits (15 s and more): made due now, as the clock would. */
const retriesDueNow = () =>
  sql`update ${sql.table(`${t.services.jobs.schema}.job`)} set start_after = now() where state = 'retry'`.execute(t.db)

/** The status page as the server renders it, with the loader's answer. */
function renderStatusPage(loaderData: unknown): string {
  return renderRoute(SystemStatusPage, '/admin/system-status', loaderData)
}

/** Storage whose writes of previews fail while `failing.on`. */
function flakyStorage(base: Storage, failing: { on: boolean }): Storage {
  return {
    ...base,
    async put(key, data) {
      if (failing.on && key.includes('/preview.')) throw new Error('storage unavailable')
      return base.put(key, data)
    },
  }
}

describe('an upload answers before its processing', () => {
  it('is processing and not publishable (409 through the API, the edit and the form), then ready with its files', async () => {
    const title = `Processing ${uid()}`
    const res = await upload(title, async () => [await png('#ff0000', 64), await webp('#0000ff', 64)])
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ title, is_active: false, processing: { state: 'processing', error: null } })
    expect(res.body.thumbnail).toBe('')
    const id = res.body.id as number
    const before = await row(id)
    expect(before).toMatchObject({ processing_state: 'processing', thumb_key: null, preview_png_key: null })
    expect(await t.storage.exists(before.original_key)).toBe(true)
    expect(await t.storage.exists(before.thumbnail_source_key!)).toBe(true)

    // Not publishable: the one rule, on every door.
    const refusal = { error: STILL_PROCESSING, reason: 'asset-processing' }
    expect(await publish(id)).toEqual({ status: 409, body: refusal })
    expect(
      await api(assetApiAction, `/api/admin/assets/${id}`, { method: 'PUT', json: { is_active: true } }, id),
    ).toEqual({ status: 409, body: refusal })
    const form = await page(assetsPageAction, '/admin/assets', { form: { intent: 'publish', id: String(id) } })
    expect(statusOf(form)).toBe(409)
    expect(dataOf<{ error: string }>(form).error).toBe(STILL_PROCESSING)
    expect((await row(id)).is_active).toBe(false)
    // The database holds the rule too.
    await expect(t.db.updateTable('assets').set({ is_active: true }).where('id', '=', id).execute()).rejects.toThrow()

    // The admin list shows it processing; the upload page's poll answers its state.
    const list = dataOf<{ assets: { id: number; processing: { state: string } }[] }>(
      await page(assetsPage, `/admin/assets?q=${id}`),
    )
    expect(list.assets.find((a) => a.id === id)?.processing.state).toBe('processing')
    const polled = dataOf<{ states: Record<string, { state: string }> }>(
      await page(uploadPage, `/admin/upload?states=${id}`),
    )
    expect(polled.states[id]).toMatchObject({ state: 'processing', isPublished: false, thumbnail: null })

    expect(await t.services.jobs.runDue()).toBeGreaterThanOrEqual(1)
    const after = await row(id)
    expect(after).toMatchObject({ processing_state: 'ready', processing_error: null, processing_step: null })
    for (const key of [after.thumb_key, after.thumb_png_key, after.preview_key, after.preview_png_key])
      expect(await t.storage.exists(key!)).toBe(true)
    expect(after.dominant_colour).toMatch(/^#/)
    expect(after.palette?.length).toBeGreaterThan(0)
    const ready = await getAsset(id)
    expect(ready.body.processing).toEqual({ state: 'ready', error: null, step: null, retryable: true })
    expect(ready.body.thumbnail).toMatch(/^\/images\/.+\/thumb\.png$/)
    expect(
      dataOf<{ states: Record<string, { state: string; thumbnail: string }> }>(
        await page(uploadPage, `/admin/upload?states=${id}`),
      ).states[id],
    ).toMatchObject({ state: 'ready', thumbnail: ready.body.thumbnail })

    // A second run of the same job (a completion lost) finds it ready and changes nothing.
    await t.services.jobs.send(processUploadJob, { assetId: id })
    await t.services.jobs.runDue()
    expect((await row(id)).updated_at).toEqual(after.updated_at)

    expect(await publish(id)).toEqual({ status: 200, body: { id, is_active: true } })
  })

  it('an asset deleted while it waits leaves no file behind when its job runs', async () => {
    // Whatever earlier tests queued (download files made ahead on publishing) runs first.
    await t.services.jobs.runDue()
    const before = storedFiles(t.storageDir)
    const res = await upload(`Deleted ${uid()}`)
    const id = res.body.id as number
    expect((await api(assetApiAction, `/api/admin/assets/${id}`, { method: 'DELETE' }, id)).status).toBe(200)
    await t.services.jobs.runDue()
    expect(storedFiles(t.storageDir)).toEqual(before)
  })
})

describe('a failing step', () => {
  it('retries by itself, then shows its reason; Retry queues it again and it succeeds', async () => {
    const failing = { on: true }
    t.services.storage = flakyStorage(realStorage, failing)
    try {
      const res = await upload(`Flaky ${uid()}`)
      const id = res.body.id as number
      await t.services.jobs.runDue()
      // A fault that may pass: still processing, the reason noted, the next attempt waiting.
      expect(await row(id)).toMatchObject({ processing_state: 'processing', processing_error: 'storage unavailable' })
      expect((await getAsset(id)).body.processing).toEqual({
        state: 'processing',
        error: 'storage unavailable',
        step: 'queued',
        retryable: true,
      })
      for (let attempt = 1; attempt <= PROCESS_UPLOAD_RETRIES; attempt++) {
        await retriesDueNow()
        await t.services.jobs.runDue()
      }
      // A fault that may pass, on its last attempt: failed, and Retry offered.
      expect(await row(id)).toMatchObject({
        processing_state: 'failed',
        processing_error: 'storage unavailable',
        processing_retryable: true,
      })

      // Failed: the reason on the list, and publishing refused with the failure's words.
      const list = dataOf<{ assets: { id: number; processing: { state: string; error: string } }[] }>(
        await page(assetsPage, `/admin/assets?q=${id}`),
      )
      expect(list.assets.find((a) => a.id === id)?.processing).toMatchObject({
        state: 'failed',
        error: 'storage unavailable',
      })
      expect(await publish(id)).toEqual({
        status: 409,
        body: { error: PROCESSING_FAILED, reason: 'asset-processing' },
      })

      // The status page lists the failed job with its age and reason, and a queued one.
      const waiting = await upload(`Waiting ${uid()}`)
      const status = dataOf<{
        queue: {
          counts: { queued: number; failed: number }
          jobs: { state: string; age: string; error: string | null; subject: string }[]
        }
      }>(await page(statusPage, '/admin/system-status'))
      expect(status.queue.counts).toMatchObject({ queued: 1, failed: 1 })
      expect(status.queue.jobs).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ state: 'failed', error: 'storage unavailable', subject: `asset ${id}` }),
          expect.objectContaining({ state: 'queued', error: null, subject: `asset ${waiting.body.id}` }),
        ]),
      )
      for (const job of status.queue.jobs) expect(job.age).toMatch(/^\d+ (s|min)$/)
      const json = await api(statusApi, '/api/admin/status')
      expect(json.body.jobs.counts).toMatchObject({ queued: 1, failed: 1 })
      expect(json.body.jobs.jobs[0]).toHaveProperty('ageSeconds')

      // Retry: a plain form post on the assets page; the failed job is queued again, now.
      failing.on = false
      const retried = await page(assetsPageAction, '/admin/assets', { form: { intent: 'retry', id: String(id) } })
      expect(statusOf(retried)).toBe(302)
      expect((await row(id)).processing_state).toBe('processing')
      await t.services.jobs.runDue()
      expect(await row(id)).toMatchObject({ processing_state: 'ready', processing_error: null })
      const after = dataOf<{ queue: { counts: { failed: number } } }>(await page(statusPage, '/admin/system-status'))
      expect(after.queue.counts.failed).toBe(0)
      expect((await publish(id)).status).toBe(200)
    } finally {
      t.services.storage = realStorage
    }
  })

  it('the status page lists a running job as running, with its age, in its data and its HTML', async () => {
    // Whatever earlier tests queued runs first: the one running job is this one.
    await t.services.jobs.runDue()
    // The job's handler stops at its first preview write until released.
    let started!: () => void
    const writing = new Promise<void>((resolve) => {
      started = resolve
    })
    let release!: () => void
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    t.services.storage = {
      ...realStorage,
      async put(key, data) {
        if (key.includes('/preview.')) {
          started()
          await released
        }
        return realStorage.put(key, data)
      },
    }
    let running: Promise<number> | undefined
    try {
      const sentAt = Date.now()
      const res = await upload(`Running ${uid()}`)
      const id = res.body.id as number
      const uploadedAt = Date.now()
      running = t.services.jobs.runDue()
      await Promise.race([
        writing,
        running.then(() => {
          throw new Error('the job ended before writing its preview')
        }),
      ])
      // Old enough for an age that is not 0 s.
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      const loadedAt = Date.now()
      const reply = await page(statusPage, '/admin/system-status')
      const status = dataOf<{
        queue: {
          counts: { queued: number; running: number; failed: number }
          jobs: { id: string; state: string; age: string; ageSeconds: number; subject: string; attempts: number }[]
        }
      }>(reply)
      expect(status.queue.counts).toMatchObject({ queued: 0, running: 1 })
      const job = status.queue.jobs.find((j) => j.subject === `asset ${id}`)
      expect(job).toMatchObject({ state: 'running', attempts: 1 })
      // Its age is the time since it was sent, in words.
      expect(job!.ageSeconds).toBeGreaterThanOrEqual(Math.max(1, Math.floor((loadedAt - uploadedAt) / 1000)))
      expect(job!.ageSeconds).toBeLessThanOrEqual(Math.ceil((Date.now() - sentAt) / 1000))
      expect(job!.age).toBe(`${job!.ageSeconds} s`)

      // The page as the server renders it: the job's row says running and shows the age.
      const html = renderStatusPage(status)
      expect(html).toMatch(/data-testid="job-counts"[^>]*>0 queued · 1 running · \d+ failed</)
      const rows = [...html.matchAll(/<tr[^>]*data-testid="job-row"[^>]*>[\s\S]*?<\/tr>/g)].map((m) => m[0])
      const shown = rows.find((r) => r.includes(`asset ${id}`))
      expect(shown, 'the running job has a row').toBeDefined()
      expect(shown).toContain('data-state="running"')
      expect(shown).toMatch(/>running</)
      expect(shown).toMatch(new RegExp(`<time[^>]*>${job!.age}</time>`))
    } finally {
      release()
      await running
      t.services.storage = realStorage
    }
    // Released, it finishes, and nothing runs any more.
    const after = dataOf<{ queue: { counts: { running: number } } }>(await page(statusPage, '/admin/system-status'))
    expect(after.queue.counts.running).toBe(0)
  })

  it('a job that is gone (its last attempt cut off) shows as failed, and Retry sends a new one', async () => {
    const res = await upload(`Stalled ${uid()}`)
    const id = res.body.id as number
    const [job] = await t.services.jobs.list({ dataKey: ['assetId', String(id)] })
    await t.services.jobs.cancel(job.name, job.id)
    const list = dataOf<{ assets: { id: number; processing: { state: string; error: string } }[] }>(
      await page(assetsPage, `/admin/assets?q=${id}`),
    )
    expect(list.assets.find((a) => a.id === id)?.processing).toMatchObject({
      state: 'failed',
      error: PROCESSING_STOPPED,
    })
    expect(statusOf(await page(assetsPageAction, '/admin/assets', { form: { intent: 'retry', id: String(id) } }))).toBe(
      302,
    )
    await t.services.jobs.runDue()
    expect((await row(id)).processing_state).toBe('ready')
  })

  it('a file that cannot be decoded fails for good: no Retry is offered, and every door refuses one', async () => {
    // Its first bytes say WAV, so the upload takes it; the decode, in the job, fails.
    const noise = Buffer.alloc(4096, 7)
    noise.write('RIFF', 0, 'latin1')
    noise.write('WAVE', 8, 'latin1')
    const res = await api(assetsApiAction, '/api/admin/assets', {
      method: 'POST',
      body: multipart({ title: `Noise ${uid()}` }, [
        { field: 'file', name: 'noise.wav', type: 'audio/wav', data: noise },
      ]),
    })
    expect(res.status).toBe(201)
    const id = res.body.id as number
    await t.services.jobs.runDue()
    expect(await row(id)).toMatchObject({
      processing_state: 'failed',
      processing_error: NOT_AUDIO,
      processing_retryable: false,
    })
    const expected = { state: 'failed', error: NOT_AUDIO, step: null, retryable: false }
    expect((await getAsset(id)).body.processing).toEqual(expected)
    const list = dataOf<{ assets: { id: number; processing: unknown }[] }>(
      await page(assetsPage, `/admin/assets?q=${id}`),
    )
    expect(list.assets.find((a) => a.id === id)?.processing).toEqual(expected)
    const polled = dataOf<{ states: Record<string, { retryable: boolean }> }>(
      await page(uploadPage, `/admin/upload?states=${id}`),
    )
    expect(polled.states[id]?.retryable).toBe(false)

    // A Retry posted anyway (a page opened before it failed): 409 with the reason, nothing queued.
    const jobsBefore = await t.services.jobs.list({ dataKey: ['assetId', String(id)] })
    const refusedText = notRetryable(NOT_AUDIO)
    expect(refusedText).toContain(NOT_AUDIO)
    const fromAssets = await page(assetsPageAction, '/admin/assets', { form: { intent: 'retry', id: String(id) } })
    expect(statusOf(fromAssets)).toBe(409)
    expect(dataOf<{ error: string }>(fromAssets).error).toBe(refusedText)
    const fromUpload = await page(uploadPageAction, '/admin/upload', { form: { retry: String(id) } })
    expect(statusOf(fromUpload)).toBe(409)
    expect(dataOf<{ error: string }>(fromUpload).error).toBe(refusedText)
    expect(await row(id)).toMatchObject({ processing_state: 'failed', processing_retryable: false })
    expect(await t.services.jobs.list({ dataKey: ['assetId', String(id)] })).toEqual(jobsBefore)
    const audits = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'asset.retry-processing')
      .where('target_id', '=', String(id))
      .execute()
    expect(audits).toEqual([])
  })

  it('a failed upload is deleted from its results, with the batch and alone; another asset is refused; Save all as Draft passes it by', async () => {
    const noise = Buffer.alloc(4096, 7)
    noise.write('RIFF', 0, 'latin1')
    noise.write('WAVE', 8, 'latin1')
    const uploadNoise = async (title: string) =>
      (
        await api(assetsApiAction, '/api/admin/assets', {
          method: 'POST',
          body: multipart({ title }, [{ field: 'file', name: 'noise.wav', type: 'audio/wav', data: noise }]),
        })
      ).body.id as number
    const broken = await uploadNoise(`Broken ${uid()}`)
    const good = (await upload(`Good ${uid()}`)).body.id as number
    await t.services.jobs.runDue()
    expect(await row(broken)).toMatchObject({ processing_state: 'failed' })
    expect(await row(good)).toMatchObject({ processing_state: 'ready' })
    const brokenKey = (await row(broken)).original_key
    expect(await t.storage.get(brokenKey)).not.toBeNull()
    // The results page's batch, as the page sends it back.
    const item = (id: number, name: string, state: 'ready' | 'failed') => ({
      id,
      name,
      status: 'completed',
      detectedTitle: name,
      detectedTags: [],
      bytes: 4096,
      metadata: null,
      previewUrl: null,
      isPublished: false,
      error: null,
      processing: { state, error: null, step: null, retryable: state !== 'failed' },
    })
    const batch = JSON.stringify([item(broken, 'noise.wav', 'failed'), item(good, 'a.png', 'ready')])
    type Results = { items: { id: number; status: string }[]; error?: string; notice?: string }

    // Save all as Draft takes the good one only: the failed one is a draft already.
    const drafted = await page(uploadPageAction, '/admin/upload', { form: { intent: 'draft-all', batch } })
    expect(statusOf(drafted)).toBe(200)
    expect(dataOf<Results>(drafted).items.map((i) => [i.id, i.status])).toEqual([
      [broken, 'completed'],
      [good, 'draft'],
    ])

    // Only a failed upload is deleted here: the good one is refused, and stays.
    const refused = await page(uploadPageAction, '/admin/upload', { form: { delete: String(good), batch } })
    expect(statusOf(refused)).toBe(409)
    expect(dataOf<Results>(refused).error).toBe(
      'Only an upload whose processing failed is deleted here: delete others from Manage Assets.',
    )
    expect(await row(good)).toMatchObject({ id: good })

    // The failed one goes, with its files; the page says so and lists the rest.
    const deleted = await page(uploadPageAction, '/admin/upload', { form: { delete: String(broken), batch } })
    expect(statusOf(deleted)).toBe(200)
    const answer = dataOf<Results>(deleted)
    expect(answer.items.map((i) => i.id)).toEqual([good])
    expect(answer.notice).toMatch(/^Deleted Broken \w+\.$/)
    expect(await t.db.selectFrom('assets').select('id').where('id', '=', broken).executeTakeFirst()).toBeUndefined()
    expect(await t.storage.get(brokenKey)).toBeNull()

    // Alone, as the page with JavaScript posts it; then the same id again is not found.
    const another = await uploadNoise(`Another ${uid()}`)
    await t.services.jobs.runDue()
    const alone = await page(uploadPageAction, '/admin/upload', { form: { delete: String(another) } })
    expect(dataOf(alone)).toEqual({
      intent: 'deleted',
      id: another,
      notice: expect.stringMatching(/^Deleted Another /),
    })
    const again = await page(uploadPageAction, '/admin/upload', { form: { delete: String(another) } })
    expect(statusOf(again)).toBe(404)
    expect(dataOf<{ error: string }>(again).error).toBe('That asset no longer exists.')
  })

  it('the admin pages check the admin on the server: a visitor cannot Retry or Delete', async () => {
    const [first] = await t.db.selectFrom('assets').select('id').limit(1).execute()
    for (const form of [
      { intent: 'retry', id: '1', retry: '1' } as Record<string, string>,
      { intent: 'delete', id: String(first!.id), delete: String(first!.id) },
    ])
      for (const action of [assetsPageAction, uploadPageAction] as Handler[]) {
        const reply = (await callRoute(action, {
          request: makeRequest('/admin/assets', { form }),
          context: t.routerContext(),
        })) as { thrown: { init: { status: number } } }
        expect(reply.thrown.init.status).toBe(404)
      }
    expect(await row(first!.id)).toMatchObject({ id: first!.id })
  })
})
