import { DEMO_ASSET_COUNT } from '#seed/index'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import pg from 'pg'
import sharp from 'sharp'
import { isReachable, serverUrl } from '../support/database-url'
import { builtServerHarness, waitForStatus } from '../support/built-server'

// A start that never keeps the door shut, and a stop that lets work in flight finish: two
// instances starting together on an empty database (the port answers within 5 s, the seed runs
// once), and SIGTERM during an upload (it completes, or leaves nothing behind; exit 0 within 10 s).

const SECRET = 'start-stop-secret-start-stop-secret-12345'
const ADMIN = { email: 'owner@example.com', password: 'owner-password-123' }

async function query(url: string, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
  } catch {
    return []
  }
}

/** A multipart upload whose body arrives slowly: the head now, the rest after `pauseMs` (or never). */
function slowUpload(base: string, token: string, image: Buffer, pauseMs: number | 'never') {
  const boundary = '----scale-test-boundary'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSlow upload\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const half = Math.floor(image.byteLength / 2)
  let sentHead!: () => void
  const headSent = new Promise<void>((resolve) => (sentHead = resolve))
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new Uint8Array(Buffer.concat([head, image.subarray(0, half)])))
      sentHead()
      if (pauseMs === 'never') return
      await new Promise((resolve) => setTimeout(resolve, pauseMs))
      controller.enqueue(new Uint8Array(Buffer.concat([image.subarray(half), tail])))
      controller.close()
    },
  })
  const response = fetch(`${base}/api/admin/assets`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit)
  return { headSent, response }
}

describe('start and stop', async () => {
  const usePostgres = await isReachable(serverUrl())
  const { scratch, start, later } = builtServerHarness('stock_startstop', usePostgres)

  it.runIf(usePostgres)(
    'two instances starting together on an empty database: both answer before the catalogue is ready, and it is seeded once',
    async () => {
      const url = await scratch()
      const env = {
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        DATABASE_URL: url,
        DEMO: '1',
        DEMO_IMAGE_SIZE: '64',
      }
      const started = Date.now()
      const a = start(env)
      const b = start(env)
      // How fast the port opens is measured by `npm run bench:start`, not by a timed test.
      await Promise.all([
        waitForStatus(`${a.base}/healthz`, 200, 30_000),
        waitForStatus(`${b.base}/healthz`, 200, 30_000),
      ])

      // While one seeds, both answer pages and the API with 503 and say how far the catalogue got.
      const page = await fetch(`${b.base}/explore`)
      if (page.status === 503) {
        expect(await page.text()).toMatch(/Preparing the demo catalogue: \d+ of \d+|The site is starting/)
        expect((await fetch(`${a.base}/api/assets`)).headers.get('content-type')).toContain('application/json')
      }
      await Promise.all([
        waitForStatus(`${a.base}/readyz`, 200, 180_000),
        waitForStatus(`${b.base}/readyz`, 200, 180_000),
      ])
      const completeMs = Date.now() - started

      const [assets] = await query(url, `select count(*)::int as n, count(distinct title)::int as titles from assets`)
      expect(assets).toEqual({ n: DEMO_ASSET_COUNT, titles: DEMO_ASSET_COUNT })
      const [admins] = await query(url, `select count(*)::int as n from users where role = 'admin'`)
      expect(admins!.n).toBe(1)
      const seeded = [a, b].filter((s) => s.output().includes(`Seeding ${DEMO_ASSET_COUNT} demo assets`))
      expect(seeded).toHaveLength(1)
      expect((await (await fetch(`${b.base}/api/assets`)).json()).total).toBe(DEMO_ASSET_COUNT)
      console.log(`[start] catalogue complete in ${completeMs} ms (two instances, 64 px renders)`)
    },
    240_000,
  )

  it.runIf(usePostgres)(
    'SIGTERM during an upload: it completes, new connections are refused, exit 0 within 10 s',
    async () => {
      const url = await scratch()
      const storageDir = mkdtempSync(path.join(tmpdir(), 'stock-stop-'))
      later(async () => rmSync(storageDir, { recursive: true, force: true }))
      const server = start({
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        DATABASE_URL: url,
        STORAGE_DIR: storageDir,
        ...{ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      })
      await waitForStatus(`${server.base}/readyz`, 200)
      const token = (
        await (
          await fetch(`${server.base}/api/admin/login`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(ADMIN),
          })
        ).json()
      ).token
      const image = await sharp({
        create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 40, b: 90 } },
      })
        .png()
        .toBuffer()

      const upload = slowUpload(server.base, token, image, 1_500)
      await upload.headSent
      await new Promise((resolve) => setTimeout(resolve, 200))
      const stopped = Date.now()
      const exit = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)))
      server.child.kill('SIGTERM')
      await new Promise((resolve) => setTimeout(resolve, 200))
      // No new connections once SIGTERM arrived (a fresh one: fetch would reuse the login's
      // keep-alive connection, on which a request is still answered during the drain).
      const refused = await new Promise<string>((resolve) => {
        const socket = net.connect(Number(new URL(server.base).port), '127.0.0.1')
        socket.once('connect', () => {
          socket.destroy()
          resolve('connected')
        })
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
      })
      expect(refused).toBe('ECONNREFUSED')

      const res = await upload.response
      expect(res.status).toBe(201)
      const asset = (await res.json()) as { id: number }
      expect(await exit).toBe(0)
      expect(Date.now() - stopped).toBeLessThan(10_000)
      expect(server.output()).toContain('"message":"stopped"')

      const rows = await query(url, `select original_key from assets where id = ${Number(asset.id)}`)
      expect(rows).toHaveLength(1)
      expect(listFiles(storageDir).some((f) => f.endsWith(String(rows[0]!.original_key).split('/').pop()!))).toBe(true)
    },
    60_000,
  )

  it.runIf(usePostgres)(
    'SIGTERM with an upload that never finishes: exit 0 within 10 s, nothing left behind',
    async () => {
      const url = await scratch()
      const storageDir = mkdtempSync(path.join(tmpdir(), 'stock-stop-'))
      later(async () => rmSync(storageDir, { recursive: true, force: true }))
      const server = start({
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        DATABASE_URL: url,
        STORAGE_DIR: storageDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      })
      await waitForStatus(`${server.base}/readyz`, 200)
      const token = (
        await (
          await fetch(`${server.base}/api/admin/login`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(ADMIN),
          })
        ).json()
      ).token
      const image = await sharp({
        create: { width: 600, height: 400, channels: 3, background: { r: 20, g: 140, b: 90 } },
      })
        .png()
        .toBuffer()

      const upload = slowUpload(server.base, token, image, 'never')
      upload.response.catch(() => {})
      await upload.headSent
      await new Promise((resolve) => setTimeout(resolve, 200))
      const stopped = Date.now()
      const exit = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)))
      server.child.kill('SIGTERM')
      expect(await exit).toBe(0)
      expect(Date.now() - stopped).toBeLessThan(10_000)

      expect(await query(url, `select id from assets`)).toEqual([])
      expect(listFiles(storageDir).filter((f) => !path.basename(f).startsWith('.'))).toEqual([])
    },
    60_000,
  )
})
