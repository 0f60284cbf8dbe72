import sharp from 'sharp'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Asset } from '#db/schema'
import { createSession } from '~/domain/accounts/sessions.server'
import { saveKit } from '~/domain/collections/collections.server'
import { MAX_COLLECTIONS_PER_USER } from '~/lib/collection-limits'
import { readStoredFile } from '~/platform/storage.server'
import { action as collectionsAction, loader as collectionsPage } from '~/routes/collections'
import { action as collectionAction, loader as collectionPage } from '~/routes/collection'
import { action as saveAction, loader as savePage } from '~/routes/asset-save'
import { action as downloadAction } from '~/routes/collection-download'
import { loader as zipLoader } from '~/routes/download-zip'
import { loader as root } from '~/root'
import { grantBundle } from '~/domain/downloads/bundle.server'
import { readZipLink, utcDay, zipLink } from '~/domain/downloads/downloads.server'
import { sign, signingSecret } from '~/platform/signing.server'
import { action as kitsAction, loader as kitsPage } from '~/routes/admin/kits'
import { loader as homePage } from '~/routes/home'
import { loader as sitemap } from '~/routes/sitemap'
import { loader as ogImage } from '~/routes/og-image'
import { action as apiCreate, loader as apiList } from '~/routes/api/collections'
import { action as apiChange, loader as apiRead } from '~/routes/api/collections-id'
import { action as apiAdd } from '~/routes/api/collections-id-assets'
import { action as apiRemove } from '~/routes/api/collections-id-assets-id'
import { action as apiDownload, loader as apiDownloadGet } from '~/routes/api/collections-id-download'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'
import { makeAsset, makeUser } from '../support/factories'
import { unzip } from '../support/unzip'

let t: TestContext
let assets: Asset[]
beforeAll(async () => {
  t = await createTestContext()
  assets = []
  for (const n of [1, 2, 3]) assets.push(await makeAsset(t.db, t.storage, { title: `Board ${n}`, size: 64 }))
})
afterAll(() => t.close())

type Json = Record<string, any>

async function signedIn(input: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(t.db, input)
  const { token } = await createSession(t.db, user.id)
  return { user, cookie: { cookie: `__session=${token}` }, bearer: { authorization: `Bearer ${token}` } }
}
type Person = Awaited<ReturnType<typeof signedIn>>

const status = (result: unknown) =>
  result instanceof Response
    ? result.status
    : ((result as { init?: { status?: number } }).init?.status ??
      (result as { thrown?: { init?: { status?: number } } }).thrown?.init?.status ??
      200)
const dataOf = (result: unknown) => (result as { data?: unknown }).data ?? result

/** A call to a route with params, as React Router makes it. */
function call<T>(
  fn: (args: never) => T,
  url: string,
  params: Record<string, string>,
  init: Parameters<typeof makeRequest>[1] = {},
) {
  return callRoute(fn, { request: makeRequest(url, init), params, context: t.routerContext() })
}

async function apiCollection(person: Person, body: Json = { name: 'Board' }): Promise<Json> {
  const res = (await call(apiCreate, '/api/collections', {}, { json: body, headers: person.bearer })) as Response
  expect(res.status).toBe(201)
  return res.json()
}

describe('collections through the pages', () => {
  it('makes a collection from /collections (private by default), lists it under Your collections, and opens it', async () => {
    const me = await signedIn({ fullName: 'Ada Board' })
    const made = (await call(
      collectionsAction,
      '/collections',
      {},
      {
        form: { name: '  Spring launch ', description: 'Glass' },
        headers: me.cookie,
      },
    )) as Response
    expect(made.status).toBe(302)
    const id = Number(made.headers.get('location')!.split('/').pop())
    const page = dataOf(await call(collectionsPage, '/collections', {}, { headers: me.cookie })) as Json
    expect(page.mine.map((c: Json) => [c.name, c.isPublic])).toEqual([['Spring launch', false]])
    const anonymous = dataOf(await call(collectionsPage, '/collections', {})) as Json
    expect(anonymous.mine).toBeNull()
    const shown = dataOf(
      await call(collectionPage, `/collections/${id}`, { id: String(id) }, { headers: me.cookie }),
    ) as Json
    expect(shown.collection).toMatchObject({
      name: 'Spring launch',
      description: 'Glass',
      canEdit: true,
      owner: { name: 'Ada Board' },
    })
    // A name is required and at most 80 characters: the form says so.
    const tooLong = await call(
      collectionsAction,
      '/collections',
      {},
      { form: { name: 'x'.repeat(81) }, headers: me.cookie },
    )
    expect(status(tooLong)).toBe(400)
    const out = (await call(collectionsAction, '/collections', {}, { form: { name: 'Nope' } })) as Response
    expect(out.headers.get('location')).toMatch(/^\/login\?redirect=/)
  })

  it('saves from the save page (no JavaScript) and through a fetcher, creates inline, and removes', async () => {
    const me = await signedIn()
    const [a, b] = assets as [Asset, Asset]
    const signedOut = (await call(savePage, `/assets/${a.id}/save?back=/explore`, { id: String(a.id) })) as Response
    expect(signedOut.headers.get('location')).toBe(`/login?redirect=/assets/${a.id}/save%3Fback%3D/explore`)
    const created = (await call(
      saveAction,
      `/assets/${a.id}/save`,
      { id: String(a.id) },
      {
        form: { intent: 'create', name: 'Inline', back: '/explore?q=glass' },
        headers: me.cookie,
      },
    )) as Response
    expect(created.headers.get('location')).toBe(`/assets/${a.id}/save?back=${encodeURIComponent('/explore?q=glass')}`)
    const page = dataOf(
      await call(savePage, `/assets/${a.id}/save`, { id: String(a.id) }, { headers: me.cookie }),
    ) as Json
    expect(page.targets).toHaveLength(1)
    expect(page.targets[0]).toMatchObject({ name: 'Inline', contains: true, assetCount: 1 })
    const collectionId = String(page.targets[0].id)
    const added = await call(
      saveAction,
      `/assets/${b.id}/save.data`,
      { id: String(b.id) },
      {
        form: { intent: 'add', collection_id: collectionId },
        headers: me.cookie,
      },
    )
    expect(dataOf(added)).toMatchObject({ ok: true })
    // A name of spaces alone: the menu over a card shows the field's message (it showed nothing).
    const blank = await call(
      saveAction,
      `/assets/${b.id}/save.data`,
      { id: String(b.id) },
      { form: { intent: 'create', name: '   ' }, headers: me.cookie },
    )
    expect(status(blank)).toBe(400)
    expect(dataOf(blank)).toMatchObject({ ok: false, error: 'Give the collection a name.' })
    const removed = (await call(
      saveAction,
      `/assets/${a.id}/save`,
      { id: String(a.id) },
      {
        form: { intent: 'remove', collection_id: collectionId },
        headers: me.cookie,
      },
    )) as Response
    expect(removed.status).toBe(302)
    const after = dataOf(
      await call(collectionPage, `/collections/${collectionId}`, { id: collectionId }, { headers: me.cookie }),
    ) as Json
    expect(after.assets.map((x: Json) => x.id)).toEqual([b.id])
    // An unpublished or missing asset has no save page.
    expect(status(await call(savePage, '/assets/999999/save', { id: '999999' }, { headers: me.cookie }))).toBe(404)
  })

  it('the owner renames, makes public, moves up and down, removes and deletes; the page shows it publicly once public', async () => {
    const me = await signedIn({ fullName: 'Owner Name' })
    const made = await apiCollection(me, { name: 'Order' })
    const id = String(made.id)
    for (const a of assets)
      await call(apiAdd, `/api/collections/${id}/assets`, { id }, { json: { asset_id: a.id }, headers: me.bearer })
    const [a1, a2, a3] = assets.map((a) => a.id) as [number, number, number]
    const post = (form: Record<string, string>) =>
      call(collectionAction, `/collections/${id}`, { id }, { form, headers: me.cookie }) as Promise<Response>
    expect((await post({ intent: 'move', asset_id: String(a3), to: 'up' })).headers.get('location')).toBe(
      `/collections/${id}`,
    )
    await post({ intent: 'move', asset_id: String(a1), to: 'down' })
    const order = async () =>
      (
        (dataOf(await call(collectionPage, `/collections/${id}`, { id }, { headers: me.cookie })) as Json)
          .assets as Json[]
      ).map((a) => a.id)
    expect(await order()).toEqual([a3, a1, a2])
    // Dragging sends the place in the whole collection (a fetcher: data, no redirect).
    expect(
      dataOf(
        await call(
          collectionAction,
          `/collections/${id}.data`,
          { id },
          {
            form: { intent: 'move', asset_id: String(a2), to: '0' },
            headers: me.cookie,
          },
        ),
      ),
    ).toMatchObject({ error: null })
    expect(await order()).toEqual([a2, a3, a1])
    expect(status(await call(collectionPage, `/collections/${id}`, { id }))).toBe(404)
    await post({ intent: 'update', name: 'Order, renamed', description: 'Now public', isPublic: 'on' })
    const seen = dataOf(await call(collectionPage, `/collections/${id}`, { id })) as Json
    expect(seen.collection).toMatchObject({
      name: 'Order, renamed',
      isPublic: true,
      canEdit: false,
      owner: { name: 'Owner Name' },
    })
    expect(seen.assets).toHaveLength(3)
    await post({ intent: 'remove', asset_id: String(a3) })
    expect(await order()).toEqual([a2, a1])
    expect(status(await post({ intent: 'update', name: '' }))).toBe(400)
    const deleted = await post({ intent: 'delete' })
    expect(deleted.headers.get('location')).toBe('/collections')
    expect(status(await call(collectionPage, `/collections/${id}`, { id }, { headers: me.cookie }))).toBe(404)
  })
})

describe('another person’s collection is not found through every door', () => {
  it('404 to read a private one, and 404 to change any, by page, form and API; never 403', async () => {
    const owner = await signedIn()
    const other = await signedIn()
    const admin = await signedIn({ role: 'admin' })
    const made = await apiCollection(owner, { name: 'Private board' })
    const id = String(made.id)
    await call(
      apiAdd,
      `/api/collections/${id}/assets`,
      { id },
      { json: { asset_id: assets[0]!.id }, headers: owner.bearer },
    )
    const missing = '999999'

    for (const [who, headers] of [
      ['anonymous', {}],
      ['another user', other.cookie],
      ['an admin', admin.cookie],
    ] as const) {
      for (const target of [id, missing])
        expect(
          status(await call(collectionPage, `/collections/${target}`, { id: target }, { headers })),
          `${who} page`,
        ).toBe(404)
    }
    for (const target of [id, missing]) {
      const read = (await call(
        apiRead,
        `/api/collections/${target}`,
        { id: target },
        { headers: other.bearer },
      )) as Response
      expect(read.status).toBe(404)
      expect(await read.json()).toEqual({ error: 'Collection not found', reason: 'collection-not-found' })
      const anonymous = (await call(apiRead, `/api/collections/${target}`, { id: target })) as Response
      expect(anonymous.status).toBe(404)
      const changes: Array<Promise<unknown>> = [
        call(
          apiChange,
          `/api/collections/${target}`,
          { id: target },
          { method: 'PATCH', json: { name: 'Mine' }, headers: other.bearer },
        ),
        call(apiChange, `/api/collections/${target}`, { id: target }, { method: 'DELETE', headers: other.bearer }),
        call(
          apiAdd,
          `/api/collections/${target}/assets`,
          { id: target },
          { json: { asset_id: assets[1]!.id }, headers: other.bearer },
        ),
        call(
          apiRemove,
          `/api/collections/${target}/assets/${assets[0]!.id}`,
          { id: target, assetId: String(assets[0]!.id) },
          {
            method: 'DELETE',
            headers: other.bearer,
          },
        ),
        call(
          apiDownload,
          `/api/collections/${target}/download`,
          { id: target },
          { method: 'POST', headers: other.bearer },
        ),
        call(
          collectionAction,
          `/collections/${target}`,
          { id: target },
          { form: { intent: 'delete' }, headers: other.cookie },
        ),
        call(
          collectionAction,
          `/collections/${target}`,
          { id: target },
          {
            form: { intent: 'update', name: 'Mine' },
            headers: other.cookie,
          },
        ),
        call(
          downloadAction,
          `/collections/${target}/download`,
          { id: target },
          { form: { format: 'original' }, headers: other.cookie },
        ),
      ]
      for (const change of await Promise.all(changes)) expect(status(change)).toBe(404)
    }
    // Nothing changed.
    const still = (await call(apiRead, `/api/collections/${id}`, { id }, { headers: owner.bearer })) as Response
    expect(await still.json()).toMatchObject({ name: 'Private board', isPublic: false, total: 1 })
    // Saving to it from the save page is refused too.
    const save = await call(
      saveAction,
      `/assets/${assets[1]!.id}/save`,
      { id: String(assets[1]!.id) },
      {
        form: { intent: 'add', collection_id: id },
        headers: other.cookie,
      },
    )
    expect(status(save)).toBe(404)
    // Made public: read by anyone, still changed by no one else.
    await call(
      apiChange,
      `/api/collections/${id}`,
      { id },
      { method: 'PATCH', json: { isPublic: true }, headers: owner.bearer },
    )
    const open = (await call(apiRead, `/api/collections/${id}`, { id })) as Response
    expect(open.status).toBe(200)
    expect(await open.json()).toMatchObject({
      isPublic: true,
      owner: { name: 'Test User' },
      assets: [{ id: assets[0]!.id }],
    })
    const renamed = (await call(
      apiChange,
      `/api/collections/${id}`,
      { id },
      {
        method: 'PATCH',
        json: { name: 'Mine' },
        headers: other.bearer,
      },
    )) as Response
    expect(renamed.status).toBe(404)
  })
})

describe('the JSON API', () => {
  it('lists, makes (201 with id), reads with assets paged, changes, adds, removes and deletes; bearer or cookie', async () => {
    const me = await signedIn()
    expect(((await call(apiList, '/api/collections', {})) as Response).status).toBe(401)
    const made = await apiCollection(me, { name: 'API board', description: 'Made by a script', isPublic: true })
    expect(made).toMatchObject({ id: expect.any(Number), name: 'API board', isPublic: true, assetCount: 0 })
    const id = String(made.id)
    const byCookie = (await call(apiList, '/api/collections', {}, { headers: me.cookie })) as Response
    expect((await byCookie.json()).collections.map((c: Json) => c.id)).toEqual([made.id])
    const add = (assetId: unknown) =>
      call(
        apiAdd,
        `/api/collections/${id}/assets`,
        { id },
        { json: { asset_id: assetId }, headers: me.bearer },
      ) as Promise<Response>
    expect((await add(assets[0]!.id)).status).toBe(201)
    const again = await add(assets[0]!.id)
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ added: false })
    expect((await add('x')).status).toBe(400)
    expect(await (await add(999999)).json()).toMatchObject({ reason: 'asset-not-found' })
    const read = (await call(apiRead, `/api/collections/${id}?page=1`, { id }, { headers: me.bearer })) as Response
    expect(await read.json()).toMatchObject({ total: 1, page: 1, pages: 1, assets: [{ id: assets[0]!.id }] })
    expect(((await call(apiRead, `/api/collections/${id}?page=0`, { id })) as Response).status).toBe(400)
    const patched = (await call(
      apiChange,
      `/api/collections/${id}`,
      { id },
      {
        method: 'PATCH',
        json: { name: 'Renamed', isPublic: false },
        headers: me.bearer,
      },
    )) as Response
    expect(await patched.json()).toMatchObject({ name: 'Renamed', isPublic: false })
    const bad = (await call(
      apiChange,
      `/api/collections/${id}`,
      { id },
      {
        method: 'PATCH',
        json: { name: 'x'.repeat(81) },
        headers: me.bearer,
      },
    )) as Response
    expect(bad.status).toBe(400)
    const remove = () =>
      call(
        apiRemove,
        `/api/collections/${id}/assets/${assets[0]!.id}`,
        { id, assetId: String(assets[0]!.id) },
        {
          method: 'DELETE',
          headers: me.bearer,
        },
      ) as Promise<Response>
    expect((await remove()).status).toBe(200)
    expect(await (await remove()).json()).toMatchObject({ reason: 'not-in-collection' })
    const gone = (await call(
      apiChange,
      `/api/collections/${id}`,
      { id },
      { method: 'DELETE', headers: me.bearer },
    )) as Response
    expect(await gone.json()).toEqual({ ok: true, id: made.id })
    expect(((await call(apiRead, `/api/collections/${id}`, { id }, { headers: me.bearer })) as Response).status).toBe(
      404,
    )
  })

  it('refuses a 101st collection with 409 at every door', async () => {
    const me = await signedIn()
    await sql`insert into collections (user_id, name) select ${me.user.id}, 'Filler ' || g from generate_series(1, ${MAX_COLLECTIONS_PER_USER}) g`.execute(
      t.db,
    )
    const api = (await call(
      apiCreate,
      '/api/collections',
      {},
      { json: { name: 'One more' }, headers: me.bearer },
    )) as Response
    expect(api.status).toBe(409)
    expect(await api.json()).toMatchObject({ reason: 'too-many-collections' })
    expect(
      status(await call(collectionsAction, '/collections', {}, { form: { name: 'One more' }, headers: me.cookie })),
    ).toBe(409)
    expect(
      status(
        await call(
          saveAction,
          `/assets/${assets[0]!.id}/save`,
          { id: String(assets[0]!.id) },
          {
            form: { intent: 'create', name: 'One more' },
            headers: me.cookie,
          },
        ),
      ),
    ).toBe(409)
  })
})

describe('kits', () => {
  it('the admin screen is the admin’s alone (loader and action), makes a kit shown on /collections and the home page', async () => {
    const admin = await signedIn({ role: 'admin' })
    const user = await signedIn()
    expect(status(await call(kitsPage, '/admin/kits', {}, { headers: user.cookie }))).toBe(404)
    expect(status(await call(kitsAction, '/admin/kits', {}, { form: { name: 'Sneaky' }, headers: user.cookie }))).toBe(
      404,
    )
    const made = (await call(
      kitsAction,
      '/admin/kits',
      {},
      {
        form: {
          name: 'Glass kit',
          description: 'Every glass render',
          cover: String(assets[1]!.id),
          order: '-10',
          assets: `${assets[0]!.id}, ${assets[1]!.id} ${assets[2]!.id}`,
        },
        headers: admin.cookie,
      },
    )) as Response
    expect(made.status).toBe(302)
    const id = Number(new URL(made.headers.get('location')!, 'http://x').searchParams.get('edit'))
    const bad = await call(
      kitsAction,
      '/admin/kits',
      {},
      { form: { name: 'Bad', assets: '1, two' }, headers: admin.cookie },
    )
    expect(status(bad)).toBe(400)
    // An id no asset has is the form's input refused (400), not a missing page.
    const unknown = await call(
      kitsAction,
      '/admin/kits',
      {},
      { form: { name: 'Unknown', assets: `${assets[0]!.id}, 2000000000` }, headers: admin.cookie },
    )
    expect(status(unknown)).toBe(400)
    expect(JSON.stringify(dataOf(unknown))).toContain('No asset has the id 2000000000.')
    const screen = dataOf(await call(kitsPage, `/admin/kits?edit=${id}`, {}, { headers: admin.cookie })) as Json
    expect(screen.editing).toMatchObject({
      name: 'Glass kit',
      assetIds: assets.map((a) => a.id),
      coverAssetId: assets[1]!.id,
      unpublished: [],
    })
    // The cover is one of the kit's assets: another is refused with the reason, nothing changed.
    const elsewhere = await makeAsset(t.db, t.storage, { title: 'Not in the kit' })
    const wrongCover = await call(
      kitsAction,
      '/admin/kits',
      {},
      {
        form: { id: String(id), name: 'Glass kit', cover: String(elsewhere.id), assets: `${assets[0]!.id}` },
        headers: admin.cookie,
      },
    )
    expect(status(wrongCover)).toBe(400)
    expect(JSON.stringify(dataOf(wrongCover))).toContain(
      `The cover must be one of the kit’s assets: asset ${elsewhere.id} is not in it.`,
    )
    expect(dataOf(await call(kitsPage, `/admin/kits?edit=${id}`, {}, { headers: admin.cookie }))).toMatchObject({
      editing: { coverAssetId: assets[1]!.id, assetIds: assets.map((a) => a.id) },
    })
    // A draft may wait in a kit; the admin's screen says it is not on the kit's page yet.
    const draft = await makeAsset(t.db, t.storage, { title: 'Kit draft', isActive: false })
    const withDraft = (await call(
      kitsAction,
      '/admin/kits',
      {},
      {
        form: {
          id: String(id),
          name: 'Glass kit',
          description: 'Every glass render',
          cover: String(assets[1]!.id),
          order: '-10',
          assets: `${assets.map((a) => a.id).join(' ')} ${draft.id}`,
        },
        headers: admin.cookie,
      },
    )) as Response
    expect(withDraft.status).toBe(302)
    expect(dataOf(await call(kitsPage, `/admin/kits?edit=${id}`, {}, { headers: admin.cookie }))).toMatchObject({
      editing: { unpublished: [draft.id] },
    })
    const page = dataOf(await call(collectionsPage, '/collections', {})) as Json
    expect(page.kits[0]).toMatchObject({
      id,
      name: 'Glass kit',
      isKit: true,
      assetCount: 3,
      owner: { name: 'The artist' },
    })
    const home = dataOf(await call(homePage, '/', {})) as Json
    expect(home.kits[0]).toMatchObject({ id, name: 'Glass kit', assetCount: 3 })
    // A kit is public: its page answers anyone; only an admin changes it.
    const kitPage = dataOf(
      await call(collectionPage, `/collections/${id}`, { id: String(id) }, { headers: user.cookie }),
    ) as Json
    expect(kitPage.collection).toMatchObject({ isKit: true, canEdit: false })
    expect(
      status(
        await call(
          collectionAction,
          `/collections/${id}`,
          { id: String(id) },
          {
            form: { intent: 'delete' },
            headers: user.cookie,
          },
        ),
      ),
    ).toBe(404)
    const deleted = (await call(
      kitsAction,
      '/admin/kits',
      {},
      { form: { intent: 'delete', id: String(id) }, headers: admin.cookie },
    )) as Response
    expect(deleted.headers.get('location')).toBe('/admin/kits')
    expect(status(await call(collectionPage, `/collections/${id}`, { id: String(id) }))).toBe(404)
  })

  it('downloads a kit as one ZIP through the form: the grant comes back to the page, whose link gives every stored file and a README with the licences', async () => {
    const admin = await signedIn({ role: 'admin' })
    const reader = await signedIn({ fullName: 'Kit Reader' })
    const kit = await saveKit(t.db, admin.user, null, { name: 'Zip kit', assetIds: [assets[0]!.id, assets[1]!.id] })
    if (!kit.ok) throw new Error(kit.error)
    const id = String(kit.value.id)
    const signedOut = (await call(
      downloadAction,
      `/collections/${id}/download`,
      { id },
      { form: { format: 'original' } },
    )) as Response
    expect(signedOut.headers.get('location')).toMatch(/^\/login\?redirect=/)
    const used = async () =>
      (
        await t.db
          .selectFrom('download_quota_usage')
          .select('used')
          .where('user_id', '=', reader.user.id)
          .executeTakeFirst()
      )?.used ?? 0
    const granted = (await call(
      downloadAction,
      `/collections/${id}/download`,
      { id },
      {
        form: { format: 'original', back: '/collections?tab=kits' },
        headers: reader.cookie,
      },
    )) as Response
    // Back to the page it came from, which starts the ZIP and whose header shows what is left.
    expect(granted.status).toBe(303)
    const back = new URL(granted.headers.get('location')!, 'http://localhost')
    expect(back.pathname).toBe('/collections')
    expect(back.searchParams.get('tab')).toBe('kits')
    expect(await used()).toBe(2)
    const page = (await callRoute(root, {
      request: makeRequest(`${back.pathname}${back.search}`, { headers: reader.cookie }),
      params: {},
      context: t.routerContext(),
    })) as { downloadStarted: { kind: string; fileUrl: string } | null; quota: { used: number } }
    expect(page.downloadStarted?.kind).toBe('zip')
    expect(page.quota).toMatchObject({ used: 2 })
    const fileUrl = page.downloadStarted!.fileUrl
    const token = fileUrl.replace('/downloads/zip/', '')
    const open = (headers: Record<string, string> = reader.cookie, link = token) =>
      call(zipLoader, `/downloads/zip/${link}`, { token: link }, { headers }) as Promise<Response>

    const res = await open()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-disposition')).toContain('Zip kit.zip')
    const entries = await unzip(Buffer.from(await res.arrayBuffer()))
    expect(entries.map((e) => e.name)).toEqual(['README.txt', 'Board 1.png', 'Board 2.png'])
    const readme = entries[0]!.data.toString('utf8')
    expect(readme).toContain('Zip kit')
    const licences: string[] = []
    for (const asset of assets.slice(0, 2)) {
      const kept = await t.db
        .selectFrom('asset_variants')
        .select('key')
        .where('asset_id', '=', asset.id)
        .where('variant', '=', 'original')
        .executeTakeFirstOrThrow()
      const stored = await readStoredFile((await t.storage.get(kept.key))!)
      expect(entries.find((e) => e.name === `${asset.title}.png`)!.data.equals(stored)).toBe(true)
      const licence = await t.db
        .selectFrom('licences')
        .select('id')
        .where('user_id', '=', reader.user.id)
        .where('asset_id', '=', asset.id)
        .executeTakeFirstOrThrow()
      expect(readme).toContain(licence.id)
      licences.push(licence.id)
    }
    // 'Download again' gives the same ZIP under the same licences and spends nothing more.
    const again = await open()
    expect(again.status).toBe(200)
    const readmeAgain = (await unzip(Buffer.from(await again.arrayBuffer())))[0]!.data.toString('utf8')
    for (const licence of licences) expect(readmeAgain).toContain(licence)
    expect(await used()).toBe(2)
    expect(await t.db.selectFrom('licences').select('id').where('user_id', '=', reader.user.id).execute()).toHaveLength(
      2,
    )
    // The link is its owner's only, and cannot be altered.
    const other = await signedIn()
    const theirs = await open(other.cookie)
    expect(theirs.status).toBe(403)
    expect(await theirs.text()).toContain('another account')
    expect((await open({})).status).toBe(403)
    const [payload, signature] = token.split('.') as [string, string]
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), i: [assets[2]!.id] }),
    ).toString('base64url')
    const forged = await open(reader.cookie, `${altered}.${signature}`)
    expect(forged.status).toBe(403)
    expect(await forged.text()).toBe('This download link is invalid or has expired. Please download the ZIP again.')
    expect(await used()).toBe(2)
  })

  it("a ZIP's link grants as of the grant's time: opened after the day turned it spends nothing, and it expires", async () => {
    const reader = await signedIn()
    const made = await apiCollection(reader, { name: 'Late night' })
    const id = Number(made.id)
    for (const a of assets.slice(0, 2))
      await call(
        apiAdd,
        `/api/collections/${id}/assets`,
        { id: String(id) },
        { json: { asset_id: a.id }, headers: reader.bearer },
      )
    // Granted yesterday (the page's POST), its link opened today.
    const grantedAt = new Date(Date.now() - 24 * 3600_000)
    const ids = assets.slice(0, 2).map((a) => a.id)
    const grant = await grantBundle(t.db, t.storage, {
      user: reader.user,
      assetIds: ids,
      name: 'Late night',
      siteUrl: 'http://localhost',
      now: grantedAt,
    })
    if (!grant.ok) throw new Error(grant.error)
    await grant.stream.cancel()
    const spent = () =>
      t.db.selectFrom('download_quota_usage').select(['day', 'used']).where('user_id', '=', reader.user.id).execute()
    expect(await spent()).toEqual([{ day: utcDay(grantedAt), used: 2 }])
    const secret = signingSecret(t.config)
    const link = { collectionId: id, userId: reader.user.id, assetIds: ids, format: 'original', grantedAt }
    // A link lives five minutes from its grant: this one, granted a day ago, has expired.
    const expired = zipLink(secret, link)
    expect(readZipLink(secret, expired)).toBeNull()
    const stale = (await call(
      zipLoader,
      `/downloads/zip/${expired}`,
      { token: expired },
      { headers: reader.cookie },
    )) as Response
    expect(stale.status).toBe(403)
    // One that is still valid (its expiry written as the server would a minute before midnight).
    const [payload] = expired.split('.') as [string]
    const fresh = sign(secret, { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), e: Date.now() + 60_000 })
    const res = (await call(
      zipLoader,
      `/downloads/zip/${fresh}`,
      { token: fresh },
      { headers: reader.cookie },
    )) as Response
    expect(res.status).toBe(200)
    const entries = await unzip(Buffer.from(await res.arrayBuffer()))
    expect(entries.map((e) => e.name)).toEqual(['README.txt', 'Board 1.png', 'Board 2.png'])
    expect(await spent()).toEqual([{ day: utcDay(grantedAt), used: 2 }])
  })

  it('refuses a ZIP the quota cannot pay for, whole, at both doors: the form goes back with the reason, the API says 403', async () => {
    const owner = await signedIn()
    const many: Asset[] = []
    for (let i = 0; i < 6; i++) many.push(await makeAsset(t.db, t.storage, { title: `Quota ${i}`, size: 32 }))
    const made = await apiCollection(owner, { name: 'Too big for free' })
    const id = String(made.id)
    for (const a of many)
      await call(apiAdd, `/api/collections/${id}/assets`, { id }, { json: { asset_id: a.id }, headers: owner.bearer })
    const form = (await call(
      downloadAction,
      `/collections/${id}/download`,
      { id },
      {
        form: { format: 'original', back: `/collections/${id}?page=1` },
        headers: owner.cookie,
      },
    )) as Response
    expect(form.status).toBe(303)
    expect(form.headers.get('location')).toBe(
      `/collections/${id}?page=1&zip=${id}&reason=quota-exceeded&needed=6&left=5`,
    )
    const api = (await call(
      apiDownload,
      `/api/collections/${id}/download?format=original`,
      { id },
      { method: 'POST', headers: owner.bearer },
    )) as Response
    expect(api.status).toBe(403)
    expect(await api.json()).toMatchObject({ reason: 'quota-exceeded' })
    const used = await t.db
      .selectFrom('download_quota_usage')
      .select('used')
      .where('user_id', '=', owner.user.id)
      .executeTakeFirst()
    expect(used?.used ?? 0).toBe(0)
    const badFormat = (await call(
      apiDownload,
      `/api/collections/${id}/download?format=gif`,
      { id },
      { method: 'POST', headers: owner.bearer },
    )) as Response
    expect(badFormat.status).toBe(400)
    const badBody = (await call(
      apiDownload,
      `/api/collections/${id}/download`,
      { id },
      { json: { format: 'gif' }, headers: owner.bearer },
    )) as Response
    expect(badBody.status).toBe(400)
    expect(((await badBody.json()) as { error: string }).error).toBe(
      'format must be one of original, png, webp, avif, jpeg',
    )
  })

  it('no GET spends downloads: the API takes a ZIP by POST only (a link or prefetch answers 405)', async () => {
    const owner = await signedIn()
    const made = await apiCollection(owner, { name: 'Posted only' })
    const id = String(made.id)
    for (const title of ['Posted A', 'Posted B']) {
      const asset = await makeAsset(t.db, t.storage, { title, size: 32 })
      await call(
        apiAdd,
        `/api/collections/${id}/assets`,
        { id },
        { json: { asset_id: asset.id }, headers: owner.bearer },
      )
    }
    const used = async () =>
      (
        await t.db
          .selectFrom('download_quota_usage')
          .select('used')
          .where('user_id', '=', owner.user.id)
          .executeTakeFirst()
      )?.used ?? 0
    for (const headers of [owner.bearer, owner.cookie]) {
      const get = (await call(apiDownloadGet, `/api/collections/${id}/download`, { id }, { headers })) as Response
      expect(get.status).toBe(405)
      expect(get.headers.get('allow')).toBe('POST')
    }
    expect(await used()).toBe(0)
    const post = (await call(
      apiDownload,
      `/api/collections/${id}/download`,
      { id },
      { json: { format: 'webp' }, headers: owner.bearer },
    )) as Response
    expect(post.status).toBe(200)
    expect(post.headers.get('content-type')).toBe('application/zip')
    const entries = await unzip(Buffer.from(await post.arrayBuffer()))
    expect(entries.map((e) => e.name)).toEqual(['README.txt', 'Posted A-32.webp', 'Posted B-32.webp'])
    expect((await sharp(entries[1]!.data).metadata()).format).toBe('webp')
    // A JSON client's body that ends before a byte (chunked, no Content-Length) is no body: the
    // query's format holds, not a 400 for JSON that was never sent.
    const chunked = (await call(apiDownload, `/api/collections/${id}/download?format=png`, { id }, {
      method: 'POST',
      body: new ReadableStream({ start: (controller) => controller.close() }),
      duplex: 'half',
      headers: { ...owner.bearer, 'content-type': 'application/json' },
    } as RequestInit)) as Response
    expect(chunked.status).toBe(200)
    const pngs = await unzip(Buffer.from(await chunked.arrayBuffer()))
    expect(pngs.map((e) => e.name)).toEqual(['README.txt', 'Posted A.png', 'Posted B.png'])
    expect(await used()).toBe(2)
  })
})

describe('sitemap and share card', () => {
  it('lists public collections and kits, never private ones; the share card of a private one is not found', async () => {
    const me = await signedIn()
    const open = await apiCollection(me, { name: 'Sitemap public', isPublic: true })
    const closed = await apiCollection(me, { name: 'Sitemap private' })
    const res = (await call(sitemap, '/sitemap.xml', {})) as Response
    const xml = await res.text()
    expect(xml).toContain(`/collections/${open.id}</loc>`)
    expect(xml).not.toContain(`/collections/${closed.id}</loc>`)
    const card = (await call(ogImage, `/og/collections/${closed.id}.png`, {
      kind: 'collections',
      name: `${closed.id}.png`,
    })) as Response
    expect(card.status).toBe(404)
    const shown = (await call(ogImage, `/og/collections/${open.id}.png`, {
      kind: 'collections',
      name: `${open.id}.png`,
    })) as Response
    expect(shown.headers.get('content-type')).toBe('image/png')
  })
})
