import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { makeUser } from '../support/factories'
import { createPost, deletePost } from '~/domain/blog/blog.server'
import { createSession } from '~/domain/accounts/sessions.server'
import { action as uploadImage } from '~/routes/api/admin/upload-image'
import { requestInfoContext, servicesContext } from '~/web/context.server'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

// Images uploaded for the blog are recorded, and one no post uses a day after its upload is
// removed (the file and its record), whether it never made it into a post or its post moved on.
let t: TestContext
let adminToken: string
let author: { id: string; name: string }
beforeAll(async () => {
  t = await createTestContext()
  const admin = await makeUser(t.db, { role: 'admin', fullName: 'Ada Admin' })
  adminToken = (await createSession(t.db, admin.id)).token
  author = { id: admin.id, name: 'Ada Admin' }
}, 60_000)
afterAll(() => t.close())

const png = (colour: string) =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: colour } })
    .png()
    .toBuffer()

async function upload(context = t.routerContext()): Promise<Response> {
  const body = new FormData()
  body.append('image', new Blob([new Uint8Array(await png('#3366cc'))], { type: 'image/png' }), 'picture.png')
  const request = makeRequest('/api/admin/upload-image', {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${adminToken}` },
  })
  return (await callRoute(uploadImage, { request, context })) as Response
}

async function uploaded(): Promise<{ url: string; key: string }> {
  const res = await upload()
  expect(res.status).toBe(201)
  const { url } = (await res.json()) as { url: string }
  return { url, key: `public/${url.replace(/^\/images\//, '')}` }
}

const onDisk = (key: string) => existsSync(path.join(t.storageDir, key))
const recorded = async (key: string) =>
  (await t.db.selectFrom('blog_images').select('key').where('key', '=', key).executeTakeFirst()) !== undefined
/** As if uploaded that many hours ago. */
const age = (key: string, hours: number) =>
  t.db
    .updateTable('blog_images')
    .set({ created_at: sql<Date>`now() - make_interval(hours => ${hours})` })
    .where('key', '=', key)
    .execute()

describe('blog images through POST /api/admin/upload-image', () => {
  it('records each upload, and the next upload sweeps the day-old images no post uses', async () => {
    const unused = await uploaded()
    const inContent = await uploaded()
    const asCover = await uploaded()
    const recent = await uploaded()
    for (const image of [unused, inContent, asCover, recent]) {
      expect(await recorded(image.key)).toBe(true)
      expect(onDisk(image.key)).toBe(true)
    }
    await createPost(
      t.db,
      {
        title: `Images ${Date.now()}`,
        content: `<p>Look:</p><img src="${inContent.url}" alt="A picture">`,
        excerpt: 'Pictures.',
        date: 'March 12, 2026',
        category: 'Tutorials',
        readTime: '1 min read',
        image: asCover.url,
      },
      author,
    )
    for (const image of [unused, inContent, asCover]) await age(image.key, 25)
    await age(recent.key, 23)

    const next = await uploaded()
    expect(await recorded(unused.key)).toBe(false)
    expect(onDisk(unused.key)).toBe(false)
    for (const kept of [inContent, asCover, recent, next]) {
      expect(await recorded(kept.key), kept.url).toBe(true)
      expect(onDisk(kept.key), kept.url).toBe(true)
    }
    // Nothing is left waiting in the storage cleanup for the removed file.
    const waiting = await t.db.selectFrom('storage_cleanup').select('key').where('key', '=', unused.key).execute()
    expect(waiting).toEqual([])
  })

  it("a deleted post's pictures go with it once past their day; one another post uses stays", async () => {
    const own = await uploaded()
    const shared = await uploaded()
    const recent = await uploaded()
    const input = (title: string, content: string, image: string) => ({
      title,
      content,
      excerpt: 'Pictures.',
      date: 'March 12, 2026',
      category: 'Tutorials',
      readTime: '1 min read',
      image,
    })
    const doomed = await createPost(
      t.db,
      input(
        `Doomed ${Date.now()}`,
        `<p><img src="${own.url}" alt="Own"><img src="${recent.url}" alt="New"></p>`,
        shared.url,
      ),
      author,
    )
    await createPost(t.db, input(`Keeper ${Date.now()}`, '<p>Text.</p>', shared.url), author)
    for (const image of [own, shared]) await age(image.key, 25)
    await age(recent.key, 2)

    expect(await deletePost(t.db, t.storage, doomed.id, author.id)).toEqual({ id: doomed.id, title: doomed.title })
    expect(await recorded(own.key)).toBe(false)
    expect(onDisk(own.key)).toBe(false)
    // The other post's cover stays; the picture uploaded two hours ago waits for its day.
    for (const kept of [shared, recent]) {
      expect(await recorded(kept.key), kept.url).toBe(true)
      expect(onDisk(kept.key), kept.url).toBe(true)
    }
  })

  it('is recorded before its file is written: a write that fails leaves a record the sweep clears', async () => {
    const failing = { ...t.storage, put: () => Promise.reject(new Error('bucket unavailable')) }
    const context = new RouterContextProvider()
    context.set(servicesContext, { ...t.services, storage: failing })
    context.set(requestInfoContext, { nonce: 'test', ip: '127.0.0.1' })
    const before = await t.db.selectFrom('blog_images').select('key').execute()
    const failed: unknown = await upload(context)
    expect(failed instanceof Response ? failed.status : 'thrown').not.toBe(201)
    const after = await t.db.selectFrom('blog_images').select('key').execute()
    const orphan = after.map((r) => r.key).filter((key) => !before.some((b) => b.key === key))
    expect(orphan).toHaveLength(1)
    expect(onDisk(orphan[0]!)).toBe(false)

    await age(orphan[0]!, 25)
    await uploaded()
    expect(await recorded(orphan[0]!)).toBe(false)
  })
})
