import { mkdirSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inImagePool, makeDerivatives, MAX_INPUT_PIXELS } from '~/platform/images.server'
import { action as uploadPageAction } from '~/routes/admin/upload'
import { action as assetsAction } from '~/routes/api/admin/assets'
import { action as blogImageAction } from '~/routes/api/admin/upload-image'
import { removeStaleStaging } from '~/web/multipart.server'
import { adminAndUser, bearer, centrePixel, cookie, multipart, png, webp } from '../support/admin'
import { callRoute, createTestContext, makeRequest, type TestContext } from '../support/context'

// Uploads take only raster images we process, hold their caps exactly, and cost bounded work.
const uid = () => randomUUID().slice(0, 8)
let t: TestContext
let adminToken: string
beforeAll(async () => {
  t = await createTestContext()
  adminToken = (await adminAndUser(t.db)).adminToken
})
afterAll(() => t.close())

type DataReply<T> = { type: 'DataWithResponseInit'; data: T; init: { status?: number } | null }
const statusOf = (reply: unknown) =>
  reply instanceof Response ? reply.status : ((reply as DataReply<unknown> | null)?.init?.status ?? 200)
const dataOf = <T>(reply: unknown): T =>
  (reply as DataReply<T> | null)?.type === 'DataWithResponseInit' ? (reply as DataReply<T>).data : (reply as T)
const batchUpload = (body: FormData) =>
  callRoute(uploadPageAction, {
    request: makeRequest('/admin/upload', { method: 'POST', body, headers: cookie(adminToken) }),
    context: t.routerContext(),
  })
const apiUpload = async (files: Parameters<typeof multipart>[1]) => {
  const res = (await callRoute(assetsAction, {
    request: makeRequest('/api/admin/assets', {
      method: 'POST',
      body: multipart({}, files),
      headers: bearer(adminToken),
    }),
    context: t.routerContext(),
  })) as Response
  return { status: res.status, body: await res.json() }
}

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64" fill="red"/></svg>'

describe('only raster images we process, decided by decoding', () => {
  it('refuses SVG (even named .png), GIF and TIFF on the API, the batch form and the blog image door', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer()
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .tiff()
      .toBuffer()
    for (const [name, data] of [
      ['logo.svg', SVG],
      ['logo.png', SVG],
      ['anim.gif', gif],
      ['scan.tiff', tiff],
    ] as const) {
      const res = await apiUpload([{ field: 'file', name, type: 'image/png', data }])
      expect(res.status, name).toBe(400)
      expect(res.body.error).toBe('The file is not an image we can read.')
    }
    const marker = uid()
    const reply = await batchUpload(
      multipart({ intent: 'upload' }, [{ field: 'files', name: `evil-${marker}.png`, type: 'image/png', data: SVG }]),
    )
    expect(statusOf(reply)).toBe(400)
    expect(
      await t.db.selectFrom('assets').select('id').where('original_filename', 'like', `%${marker}%`).execute(),
    ).toEqual([])
    const blog = (await callRoute(blogImageAction, {
      request: makeRequest('/api/admin/upload-image', {
        method: 'POST',
        body: multipart({}, [{ field: 'image', name: 'x.png', type: 'image/png', data: SVG }]),
        headers: bearer(adminToken),
      }),
      context: t.routerContext(),
    })) as Response
    expect(blog.status).toBe(400)
  })

  it('accepts PNG, JPEG, WebP and AVIF, whatever their names say', async () => {
    const base = sharp({ create: { width: 16, height: 16, channels: 3, background: '#0a0' } })
    const files = {
      png: await base.clone().png().toBuffer(),
      jpeg: await base.clone().jpeg().toBuffer(),
      webp: await base.clone().webp().toBuffer(),
      avif: await base.clone().avif().toBuffer(),
    }
    for (const [format, data] of Object.entries(files)) {
      const res = await apiUpload([{ field: 'file', name: `${format}-as.bin`, type: 'application/octet-stream', data }])
      expect(res.status, format).toBe(201)
    }
  })

  it(`refuses more than ${MAX_INPUT_PIXELS} pixels, and one file at the cap costs under 2 s of CPU`, async () => {
    const side = Math.floor(Math.sqrt(MAX_INPUT_PIXELS))
    const over = await sharp({ create: { width: side + 1, height: side, channels: 3, background: '#123456' } })
      .png()
      .toBuffer()
    expect((await apiUpload([{ field: 'file', name: 'huge.png', type: 'image/png', data: over }])).status).toBe(400)
    const atCap = await sharp({ create: { width: side, height: side, channels: 3, background: '#123456' } })
      .png()
      .toBuffer()
    const before = process.cpuUsage()
    await makeDerivatives(atCap)
    const used = process.cpuUsage(before)
    const cpuMs = (used.user + used.system) / 1000
    console.log(`derivatives of a ${side}x${side} image: ${Math.round(cpuMs)} ms CPU`)
    expect(cpuMs).toBeLessThan(2000)
  }, 60_000)
})

describe('caps and bounds', () => {
  it('the batch form takes 50 images and refuses 51, storing nothing', async () => {
    const image = await png('#00f', 8)
    const marker = uid()
    const files = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        field: 'files',
        name: `n${i}-${marker}.png`,
        type: 'image/png',
        data: image,
      }))
    const refused = await batchUpload(multipart({ intent: 'upload' }, files(51)))
    expect(statusOf(refused)).toBe(413)
    expect(dataOf<{ error: string }>(refused).error).toBe('Upload at most 50 images at a time. Nothing was uploaded.')
    expect(
      await t.db.selectFrom('assets').select('id').where('original_filename', 'like', `%${marker}%`).execute(),
    ).toEqual([])
    const withCsv = await batchUpload(
      multipart({ intent: 'upload' }, [
        { field: 'csv', name: 'm.csv', type: 'text/csv', data: 'filename,title\n' },
        ...files(51),
      ]),
    )
    expect(statusOf(withCsv)).toBe(413)
    const taken = await batchUpload(multipart({ intent: 'upload' }, files(50)))
    expect(statusOf(taken)).toBe(200)
    expect(
      await t.db.selectFrom('assets').select('id').where('original_filename', 'like', `%${marker}%`).execute(),
    ).toHaveLength(50)
  }, 120_000)

  it('image work runs at most two at a time', async () => {
    let now = 0
    let peak = 0
    await Promise.all(
      Array.from({ length: 6 }, () =>
        inImagePool(async () => {
          peak = Math.max(peak, ++now)
          await new Promise((resolve) => setTimeout(resolve, 20))
          now--
        }),
      ),
    )
    expect(peak).toBe(2)
    // A failure frees its slot.
    await expect(inImagePool(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await Promise.all([inImagePool(async () => 1), inImagePool(async () => 2), inImagePool(async () => 3)])
  })

  it('batch upload stores the paired WebP as the thumbnail (checked by pixels)', async () => {
    const marker = uid()
    const reply = await batchUpload(
      multipart({ intent: 'upload' }, [
        { field: 'files', name: `pair-${marker}.png`, type: 'image/png', data: await png('#ff0000', 64) },
        { field: 'files', name: `pair-${marker}.webp`, type: 'image/webp', data: await webp('#0000ff', 64) },
      ]),
    )
    expect(statusOf(reply)).toBe(200)
    // The derivatives are the job's (decision 087).
    await t.services.jobs.runDue()
    const row = await t.db
      .selectFrom('assets')
      .selectAll()
      .where('original_filename', '=', `pair-${marker}.png`)
      .executeTakeFirstOrThrow()
    const read = async (key: string) => {
      const file = await t.storage.get(key)
      const chunks: Buffer[] = []
      for await (const chunk of file!.stream) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks)
    }
    for (const key of [row.thumb_png_key!, row.thumb_key!]) {
      const [r, , b] = await centrePixel(await read(key))
      expect(b, key).toBeGreaterThan(200) // blue: from the WebP
      expect(r, key).toBeLessThan(50)
    }
    const [pr, , pb] = await centrePixel(await read(row.preview_png_key!))
    expect(pr).toBeGreaterThan(200) // red: the preview is the PNG
    expect(pb).toBeLessThan(50)
  })
})

describe('staging folders', () => {
  it('start-up removes the folders of dead processes and keeps those of live ones', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'staging-test-'))
    try {
      const dead = path.join(dir, 'stock-upload-999999999-abc')
      const live = path.join(dir, `stock-upload-${process.ppid}-def`)
      const legacy = path.join(dir, 'stock-upload-XyZ123')
      const other = path.join(dir, 'something-else')
      for (const folder of [dead, live, legacy, other]) {
        mkdirSync(folder)
        writeFileSync(path.join(folder, '0'), 'staged bytes')
      }
      return removeStaleStaging(dir).then((removed) => {
        expect(removed.sort()).toEqual(['stock-upload-999999999-abc', 'stock-upload-XyZ123'])
        expect([dead, live, legacy, other].map(existsSync)).toEqual([false, true, false, true])
      })
    } finally {
      setTimeout(() => rmSync(dir, { recursive: true, force: true }), 1000)
    }
  })

  it('a refused or failed upload leaves no staging folder behind', async () => {
    const { readdirSync } = await import('node:fs')
    const mine = () => readdirSync(tmpdir()).filter((n) => n.startsWith(`stock-upload-${process.pid}-`))
    const before = mine().length
    await batchUpload(
      multipart({ intent: 'upload' }, [
        { field: 'files', name: 'a.png', type: 'image/png', data: await png() },
        { field: 'files', name: 'b.png', type: 'image/png', data: Buffer.alloc(11 * 1024 * 1024, 1) },
      ]),
    )
    await batchUpload(
      multipart({ intent: 'upload' }, [
        { field: 'csv', name: 'm.csv', type: 'text/csv', data: '\u0000\u0001broken"' },
        { field: 'files', name: 'c.png', type: 'image/png', data: SVG },
      ]),
    )
    expect(mine().length).toBe(before)
  })
})
