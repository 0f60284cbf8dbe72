import { randomUUID } from 'node:crypto'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DB } from '#db/client'
import type { User } from '#db/schema'
import { makeAsset } from '../support/factories'
import { adminContext } from '~/web/session.server'
import { UPLOAD_LIMIT_BYTES } from '~/lib/constants'
import { STILL_PROCESSING } from '~/domain/catalogue/assets.server'
import { action as assetsPageAction, loader as assetsPage } from '~/routes/admin/assets'
import { loader as analyticsPage } from '~/routes/admin/analytics'
import { loader as dashboardPage } from '~/routes/admin/dashboard'
import { loader as statusPage } from '~/routes/admin/system-status'
import { action as uploadPageAction, loader as uploadPage } from '~/routes/admin/upload'
import { loader as usersPage } from '~/routes/admin/users'
import { servicesContext } from '~/web/context.server'
import { adminAndUser, cookie, multipart, png, storedFiles, webp } from '../support/admin'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

const uid = () => randomUUID().slice(0, 8)

let t: TestContext
let admin: User
let adminToken: string
let userToken: string

beforeAll(async () => {
  t = await createTestContext()
  const people = await adminAndUser(t.db)
  admin = people.admin
  adminToken = people.adminToken
  userToken = people.userToken
})
afterAll(() => t.close())

type Handler = (args: never) => unknown

function asAdmin(url: string, init: RequestInit & { form?: Record<string, string | string[]> } = {}) {
  return makeRequest(url, { ...init, headers: { ...cookie(adminToken), ...(init.headers as Record<string, string>) } })
}

async function page<T>(fn: Handler, request: Request, context = t.routerContext()): Promise<T> {
  return (await callRoute(fn, { request, context })) as T
}

type DataReply<T> = { type: 'DataWithResponseInit'; data: T; init: { status?: number } | null }
const statusOf = (reply: unknown) =>
  reply instanceof Response ? reply.status : ((reply as DataReply<unknown> | null)?.init?.status ?? 200)
const dataOf = <T>(reply: unknown): T =>
  (reply as DataReply<T> | null)?.type === 'DataWithResponseInit' ? (reply as DataReply<T>).data : (reply as T)

/** A database whose queries all fail when run, as when PostgreSQL is down. */
function brokenDb(): DB {
  const fail = () => Promise.reject(new Error('database down'))
  // Any query builder: every call chains, and running it fails.
  const builder: unknown = new Proxy(() => builder, {
    get: (_target, prop) => (String(prop).startsWith('execute') ? fail : prop === 'then' ? undefined : () => builder),
    apply: () => builder,
  })
  return new Proxy(t.db, {
    get(target, prop) {
      if (['selectFrom', 'deleteFrom', 'updateTable', 'insertInto'].includes(String(prop))) return () => builder
      if (prop === 'transaction') return () => ({ execute: fail })
      const value = Reflect.get(target, prop)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** A context as the admin layout leaves it, over a failing database. */
function failingContext(): RouterContextProvider {
  const context = new RouterContextProvider()
  context.set(servicesContext, { ...t.services, db: brokenDb() })
  context.set(adminContext, admin)
  return context
}

describe('admin pages answer 404 to everyone but an admin', () => {
  const pages: [string, Handler][] = [
    ['/admin/dashboard', dashboardPage],
    ['/admin/assets', assetsPage],
    ['/admin/users', usersPage],
    ['/admin/system-status', statusPage],
    ['/admin/analytics', analyticsPage],
    ['/admin/upload', uploadPage],
  ]

  it.each(pages)('%s', async (url, loader) => {
    for (const headers of [{}, cookie(userToken)]) {
      const reply = (await callRoute(loader, {
        request: makeRequest(url, { headers }),
        context: t.routerContext(),
      })) as { thrown: { init: { status: number } } }
      expect(reply.thrown.init.status).toBe(404)
    }
    const ok = await callRoute(loader, { request: asAdmin(url), context: t.routerContext() })
    expect(statusOf(ok)).toBe(200)
  })

  it.each([
    ['/admin/assets', assetsPageAction],
    ['/admin/upload', uploadPageAction],
  ] as [string, Handler][])('and so do the actions of %s', async (url, action) => {
    const reply = (await callRoute(action, {
      request: makeRequest(url, { form: { intent: 'delete', id: '1' }, headers: cookie(userToken) }),
      context: t.routerContext(),
    })) as {
      thrown: { init: { status: number } }
    }
    expect(reply.thrown.init.status).toBe(404)
  })
})

describe('dashboard, users, analytics and status pages', () => {
  it('the dashboard shows the totals, the five newest assets and the system status', async () => {
    const newest = await makeAsset(t.db, t.storage, { title: `Newest ${uid()}`, isActive: false, size: 32 })
    const reply = dataOf<{
      error: null
      totals: Record<string, number>
      recentAssets: { id: number; is_active: boolean; publish_at: string | null; processing: { state: string } }[]
      status: { database: string }
    }>(await page(dashboardPage, asAdmin('/admin/dashboard')))
    expect(reply.error).toBeNull()
    expect(Object.keys(reply.totals).sort()).toEqual(['assets', 'downloadsToday', 'revenueCents', 'users'])
    expect(reply.recentAssets.length).toBeLessThanOrEqual(5)
    expect(reply.recentAssets[0]).toMatchObject({ id: newest.id, is_active: false, publish_at: null })
    expect(reply.recentAssets[0].processing.state).toBe('ready')
    // A schedule and a failed processing are shown there too (decisions 87, 89).
    const at = new Date(Date.now() + 86_400_000)
    await t.db
      .updateTable('assets')
      .set({ publish_at: at, processing_state: 'failed', processing_error: 'Could not decode.' })
      .where('id', '=', newest.id)
      .execute()
    const again = dataOf<typeof reply>(await page(dashboardPage, asAdmin('/admin/dashboard')))
    expect(again.recentAssets[0]).toMatchObject({
      id: newest.id,
      publish_at: at.toISOString(),
      processing: { state: 'failed', error: 'Could not decode.' },
    })
    expect(reply.status.database).toBe('OK')
  })

  it.each([
    ['dashboard', dashboardPage, '/admin/dashboard', 'Failed to load admin dashboard data'],
    ['users', usersPage, '/admin/users', 'Failed to load users'],
    ['analytics', analyticsPage, '/admin/analytics', 'Failed to fetch analytics data'],
    ['assets', assetsPage, '/admin/assets', 'Failed to load assets'],
  ] as [string, Handler, string, string][])(
    'the %s page says so when its data cannot be loaded',
    async (_name, loader, url, message) => {
      const reply = await page(loader, asAdmin(url), failingContext())
      expect(statusOf(reply)).toBe(503)
      expect(dataOf<{ error: string }>(reply).error).toBe(message)
    },
  )

  it('the system status page says so when the status cannot be read', async () => {
    const context = new RouterContextProvider()
    context.set(servicesContext, {
      ...t.services,
      storage: { ...t.storage, check: () => Promise.reject(new Error('no storage')) },
    })
    context.set(adminContext, admin)
    const reply = await page(statusPage, asAdmin('/admin/system-status'), context)
    expect(dataOf<{ error: string }>(reply).error).toBe('Failed to load system status')
  })

  it('the users page searches and pages', async () => {
    const reply = dataOf<{ users: { email: string }[]; counts: { total: number }; q: string }>(
      await page(usersPage, asAdmin(`/admin/users?q=${encodeURIComponent(admin.email)}`)),
    )
    expect(reply.users.map((u) => u.email)).toEqual([admin.email])
    expect(reply.counts.total).toBeGreaterThanOrEqual(2)
    // A bad page number in the address bar falls back to the first page.
    const fallback = dataOf<{ page: number }>(await page(usersPage, asAdmin('/admin/users?page=banana')))
    expect(fallback.page).toBe(1)
  })
})

describe('/admin/assets actions', () => {
  const post = (form: Record<string, string | string[]>, search = '') =>
    page(assetsPageAction, asAdmin(`/admin/assets${search}`, { form }))

  it('inline edit saves and goes back to the list; bad input keeps the row open with its message', async () => {
    const asset = await makeAsset(t.db, t.storage, { title: `Editable ${uid()}`, size: 32 })
    const bad = await post(
      { intent: 'update', id: String(asset.id), title: '  ', description: '', category: 'X', tags: 'a' },
      '?page=2&edit=1',
    )
    expect(statusOf(bad)).toBe(400)
    expect(dataOf<{ errors: Record<string, string> }>(bad).errors).toEqual({ title: 'Enter a title.' })

    const saved = (await post(
      {
        intent: 'update',
        id: String(asset.id),
        title: 'Edited Title',
        description: 'Now described',
        category: 'Props',
        tags: 'One, two',
      },
      `?page=2&q=x&edit=${asset.id}`,
    )) as Response
    expect(saved.status).toBe(302)
    expect(saved.headers.get('location')).toBe(`/admin/assets?page=2&q=x&saved=${asset.id}`)
    const row = await t.db.selectFrom('assets').selectAll().where('id', '=', asset.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      title: 'Edited Title',
      description: 'Now described',
      category: 'Props',
      tags: ['one', 'two'],
    })
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_id', '=', String(asset.id))
      .execute()
    expect(audit).toEqual([{ action: 'asset.update', actor_id: admin.id }])
  })

  it('publishes and unpublishes', async () => {
    const asset = await makeAsset(t.db, t.storage, { isActive: false, size: 32 })
    expect(((await post({ intent: 'publish', id: String(asset.id) })) as Response).status).toBe(302)
    expect(
      (await t.db.selectFrom('assets').select('is_active').where('id', '=', asset.id).executeTakeFirstOrThrow())
        .is_active,
    ).toBe(true)
    await post({ intent: 'unpublish', id: String(asset.id) })
    expect(
      (await t.db.selectFrom('assets').select('is_active').where('id', '=', asset.id).executeTakeFirstOrThrow())
        .is_active,
    ).toBe(false)
  })

  it('deletes one asset with its files after the confirmation step', async () => {
    const asset = await makeAsset(t.db, t.storage, { size: 32 })
    // The confirmation is a page state: ?confirmDelete=<id> shows the row's 'Yes, delete'.
    const confirm = dataOf<{ confirmDelete: number; assets: { id: number }[] }>(
      await page(assetsPage, asAdmin(`/admin/assets?confirmDelete=${asset.id}&page=99`)),
    )
    expect(confirm.confirmDelete).toBe(asset.id)
    expect(confirm.assets.some((a) => a.id === asset.id)).toBe(true)
    const deleted = (await post({ intent: 'delete', id: String(asset.id) }, `?confirmDelete=${asset.id}`)) as Response
    expect(deleted.headers.get('location')).toBe('/admin/assets?deleted=1')
    expect(await t.storage.exists(asset.original_key)).toBe(false)
    expect(await t.storage.exists(asset.thumb_png_key!)).toBe(false)
    const again = await post({ intent: 'delete', id: String(asset.id) })
    expect(statusOf(again)).toBe(404)
  })

  it('Delete Selected asks first, then deletes the ticked assets and their files', async () => {
    const assets = await Promise.all(
      [0, 1, 2].map((i) => makeAsset(t.db, t.storage, { title: `Bulk ${i} ${uid()}`, size: 32 })),
    )
    const ids = assets.slice(0, 2).map((a) => String(a.id))
    const confirm = await post({ intent: 'confirm-bulk-delete', ids })
    expect(dataOf<{ confirm: { id: number; title: string }[] }>(confirm).confirm.map((a) => a.title)).toEqual(
      assets.slice(0, 2).map((a) => a.title),
    )
    // Nothing is deleted by the first step.
    expect(await t.storage.exists(assets[0].original_key)).toBe(true)
    const done = (await post({ intent: 'bulk-delete', ids })) as Response
    expect(done.headers.get('location')).toBe('/admin/assets?deleted=2')
    for (const asset of assets.slice(0, 2)) expect(await t.storage.exists(asset.original_key)).toBe(false)
    expect(await t.storage.exists(assets[2].original_key)).toBe(true)
  })

  it("'Select all' without JavaScript takes the page's ids", async () => {
    const assets = await Promise.all([0, 1].map(() => makeAsset(t.db, t.storage, { size: 32 })))
    const confirm = await post({
      intent: 'confirm-bulk-delete',
      allOnPage: '1',
      pageIds: assets.map((a) => String(a.id)),
    })
    expect(dataOf<{ confirm: { id: number }[] }>(confirm).confirm.map((a) => a.id)).toEqual(assets.map((a) => a.id))
  })

  it('says what is wrong: nothing selected, or the deletion failed', async () => {
    const none = await post({ intent: 'confirm-bulk-delete' })
    expect(statusOf(none)).toBe(400)
    expect(dataOf<{ error: string }>(none).error).toBe('Select at least one asset to delete.')
    const failed = await page(
      assetsPageAction,
      asAdmin('/admin/assets', { form: { intent: 'bulk-delete', ids: ['1', '2'] } }),
      failingContext(),
    )
    expect(dataOf<{ error: string }>(failed).error).toBe('Failed to delete selected assets')
  })

  it('pages through thousands of rows 50 at a time and searches', async () => {
    const marker = `pagesearch${uid()}`
    await makeAsset(t.db, t.storage, { title: `Find ${marker}`, size: 32 })
    const found = dataOf<{ assets: { title: string }[]; total: number; pageCount: number }>(
      await page(assetsPage, asAdmin(`/admin/assets?q=${marker}`)),
    )
    expect(found.assets.map((a) => a.title)).toEqual([`Find ${marker}`])
    const first = dataOf<{ assets: unknown[]; limit: number }>(await page(assetsPage, asAdmin('/admin/assets')))
    expect(first.limit).toBe(50)
    expect(first.assets.length).toBeLessThanOrEqual(50)
  })

  it('opens a draft in the admin preview', async () => {
    const draft = await makeAsset(t.db, t.storage, { isActive: false, size: 32 })
    const reply = dataOf<{ previewAsset: { id: number; is_active: boolean } }>(
      await page(assetsPage, asAdmin(`/admin/assets?preview=${draft.id}`)),
    )
    expect(reply.previewAsset).toMatchObject({ id: draft.id, is_active: false })
  })
})

describe('/admin/upload without JavaScript', () => {
  type Item = {
    id: number | null
    name: string
    status: string
    detectedTitle: string
    detectedTags: string[]
    error: string | null
    isPublished: boolean
    metadata: { thumbnail: string | null } | null
    processing: { state: string; error: string | null } | null
  }
  const upload = (body: FormData) => page(uploadPageAction, asAdmin('/admin/upload', { method: 'POST', body }))

  it('uploads a batch with CSV metadata and WebP pairing, reporting each file', async () => {
    const marker = uid()
    const csv = [
      'filename,title,keywords,category,releases',
      `robot-${marker}.png,"Chrome Robot, Mk ${marker}","robot, metal",Characters,2025`,
      ',Ignored,,,',
    ].join('\n')
    const reply = await upload(
      multipart({ intent: 'upload' }, [
        { field: 'csv', name: 'meta.csv', type: 'text/csv', data: csv },
        { field: 'files', name: `robot-${marker}.png`, type: 'image/png', data: await png('#ff0000') },
        { field: 'files', name: `robot-${marker}.webp`, type: 'image/webp', data: await webp('#0000ff') },
        { field: 'files', name: `lamp-${marker}.png`, type: 'image/png', data: await png('#00ff00') },
        { field: 'files', name: `broken-${marker}.png`, type: 'image/png', data: 'not an image' },
        { field: 'files', name: `alone-${marker}.webp`, type: 'image/webp', data: await webp() },
      ]),
    )
    expect(statusOf(reply)).toBe(200)
    const items = dataOf<{ items: Item[] }>(reply).items
    expect(items.map((i) => [i.name, i.status])).toEqual([
      [`robot-${marker}.png`, 'completed'],
      [`lamp-${marker}.png`, 'completed'],
      [`broken-${marker}.png`, 'error'],
      [`alone-${marker}.webp`, 'error'],
    ])
    expect(items[0]).toMatchObject({
      detectedTitle: `Chrome Robot, Mk ${marker}`,
      detectedTags: ['robot', 'metal'],
      isPublished: false,
      metadata: { thumbnail: `robot-${marker}.webp` },
    })
    expect(items[1]).toMatchObject({ detectedTitle: `lamp-${marker}`, detectedTags: [] })
    expect(items[2].error).toBe('The file is not an image we can read.')
    expect(items[3].error).toMatch(/no alone-.+\.png in this upload/)

    const rows = await t.db
      .selectFrom('assets')
      .select(['id', 'title', 'category', 'is_active', 'original_filename'])
      .where('original_filename', 'like', `%${marker}%`)
      .orderBy('id')
      .execute()
    expect(rows.map((r) => [r.original_filename, r.is_active])).toEqual([
      [`robot-${marker}.png`, false],
      [`lamp-${marker}.png`, false],
    ])
    expect(rows[0].category).toBe('Characters')

    // Stored at once, processed by the job (decision 087): Publish waits for it (409), and
    // Refresh shows each file's state.
    expect(items.map((i) => i.processing?.state ?? null)).toEqual(['processing', 'processing', null, null])
    const early = await page(
      uploadPageAction,
      asAdmin('/admin/upload', { form: { batch: JSON.stringify(items), publish: String(items[0].id) } }),
    )
    expect(statusOf(early)).toBe(409)
    expect(dataOf<{ error: string }>(early).error).toBe(STILL_PROCESSING)
    expect(dataOf<{ items: Item[] }>(early).items[0].status).toBe('completed')
    await t.services.jobs.runDue()
    const refreshed = dataOf<{ items: Item[] }>(
      await page(
        uploadPageAction,
        asAdmin('/admin/upload', { form: { batch: JSON.stringify(items), intent: 'refresh' } }),
      ),
    )
    expect(refreshed.items.map((i) => i.processing?.state ?? null)).toEqual(['ready', 'ready', null, null])

    // 'Publish' on one item, then 'Publish All', then 'Save all as Draft', from the results page.
    const batch = JSON.stringify(refreshed.items)
    const one = dataOf<{ items: Item[] }>(
      await page(uploadPageAction, asAdmin('/admin/upload', { form: { batch, publish: String(items[0].id) } })),
    )
    expect(one.items.map((i) => i.status)).toEqual(['published', 'completed', 'error', 'error'])
    const all = dataOf<{ items: Item[] }>(
      await page(
        uploadPageAction,
        asAdmin('/admin/upload', { form: { batch: JSON.stringify(one.items), intent: 'publish-all' } }),
      ),
    )
    expect(all.items.map((i) => i.status)).toEqual(['published', 'published', 'error', 'error'])
    const published = await t.db
      .selectFrom('assets')
      .select('is_active')
      .where('original_filename', 'like', `%${marker}%`)
      .execute()
    expect(published.every((r) => r.is_active)).toBe(true)
    const drafts = dataOf<{ items: Item[] }>(
      await page(
        uploadPageAction,
        asAdmin('/admin/upload', { form: { batch: JSON.stringify(all.items), intent: 'draft-all' } }),
      ),
    )
    expect(drafts.items.map((i) => i.status)).toEqual(['draft', 'draft', 'error', 'error'])
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', String(items[0].id))
      .orderBy('id')
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['asset.upload', 'asset.publish', 'asset.unpublish'])
  })

  it('refuses the whole form when a file is over 10MB, naming it, and stores nothing', async () => {
    const before = storedFiles(t.storageDir)
    const marker = uid()
    const reply = await upload(
      multipart({ intent: 'upload' }, [
        { field: 'files', name: `small-${marker}.png`, type: 'image/png', data: await png() },
        {
          field: 'files',
          name: `giant ${marker}.png`,
          type: 'image/png',
          data: Buffer.alloc(UPLOAD_LIMIT_BYTES + 100, 7),
        },
      ]),
    )
    expect(statusOf(reply)).toBe(413)
    expect(dataOf<{ error: string }>(reply).error).toBe(
      `giant ${marker}.png is larger than 10MB: each file can be up to 10MB. Nothing was uploaded.`,
    )
    expect(storedFiles(t.storageDir)).toEqual(before)
    expect(
      await t.db.selectFrom('assets').select('id').where('original_filename', 'like', `%${marker}%`).execute(),
    ).toEqual([])
  })

  it('refuses a broken CSV before storing anything; a form without images is a 400', async () => {
    const marker = uid()
    const bad = await upload(
      multipart({ intent: 'upload' }, [
        { field: 'csv', name: 'meta.csv', type: 'text/csv', data: 'filename,title\na.png,"oops' },
        { field: 'files', name: `csv-${marker}.png`, type: 'image/png', data: await png() },
      ]),
    )
    expect(statusOf(bad)).toBe(400)
    expect(dataOf<{ error: string }>(bad).error).toMatch(/^The CSV file could not be read.*Nothing was uploaded\.$/)
    expect(
      await t.db.selectFrom('assets').select('id').where('original_filename', 'like', `%${marker}%`).execute(),
    ).toEqual([])
    // An empty file input still sends an empty part: it is not a file.
    const empty = await upload(
      multipart({ intent: 'upload' }, [{ field: 'files', name: '', type: 'application/octet-stream', data: '' }]),
    )
    expect(statusOf(empty)).toBe(400)
    expect(dataOf<{ error: string }>(empty).error).toBe('Choose at least one image to upload.')
  })

  it('reads a CSV on its own for the enhanced page', async () => {
    const reply = await upload(
      multipart({ intent: 'parse-csv' }, [
        { field: 'csv', name: 'meta.csv', type: 'text/csv', data: 'filename,title,keywords\na.png,A,"x, y"' },
      ]),
    )
    expect(dataOf<{ rows: unknown[]; fileName: string }>(reply)).toEqual({
      intent: 'parse-csv',
      fileName: 'meta.csv',
      rows: [{ filename: 'a.png', title: 'A', keywords: 'x, y', category: '', releases: '' }],
    })
  })

  it('says when a picture is chosen as the CSV, and uploads nothing with it', async () => {
    const picture = { field: 'csv', name: 'sunset.png', type: 'image/png', data: await png() }
    const parsed = await upload(multipart({ intent: 'parse-csv' }, [picture]))
    expect(statusOf(parsed)).toBe(400)
    expect(dataOf<{ error: string }>(parsed).error).toMatch(/^The CSV file is not text/)
    const assets = async () =>
      (
        await t.db
          .selectFrom('assets')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n
    const before = await assets()
    const refused = await upload(
      multipart({ intent: 'upload' }, [
        picture,
        { field: 'files', name: 'a.png', type: 'image/png', data: await png() },
      ]),
    )
    expect(statusOf(refused)).toBe(400)
    expect(dataOf<{ error: string }>(refused).error).toMatch(/^The CSV file is not text.*Nothing was uploaded\.$/)
    expect(await assets()).toBe(before)
  })

  it('refuses a tampered results batch', async () => {
    const reply = await page(
      uploadPageAction,
      asAdmin('/admin/upload', { form: { batch: '[{"id":"1; drop table"}]', intent: 'publish-all' } }),
    )
    expect(statusOf(reply)).toBe(400)
  })
})
