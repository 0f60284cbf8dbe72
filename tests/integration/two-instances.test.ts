import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import sharp from 'sharp'
import { createScratchDatabase, isReachable, serverUrl } from '../support/database-url'
import { startBuiltServer, waitForStatus, waitUntilProcessed, type BuiltServerProcess } from '../support/built-server'
import { startLocalS3, type LocalS3 } from '../support/s3'

// Several instances behave as one site: two built servers on one PostgreSQL database and one
// S3 bucket share sessions, the download quota, uploads and the catalogue.

const S3_PORT = Number(process.env.TWO_INSTANCES_S3_PORT ?? 3443)
const SECRET = 'two-instances-secret-two-instances-secret'
const ADMIN = { email: 'owner@example.com', password: 'owner-password-123' }

describe('two instances on one database and one bucket', async () => {
  const usePostgres = await isReachable(serverUrl())
  let s3: LocalS3
  let databaseUrl: string
  let drop: () => Promise<void>
  let a: BuiltServerProcess
  let b: BuiltServerProcess
  let adminToken: string

  beforeAll(async () => {
    if (!usePostgres) return
    s3 = await startLocalS3(S3_PORT, 'two-instances')
    const scratch = await createScratchDatabase('stock_two')
    databaseUrl = scratch.url
    drop = scratch.drop
    const env = {
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      DATABASE_URL: scratch.url,
      SECURE_COOKIES: 'false',
      RATE_LIMIT_SCALE: '1000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...s3.env,
    }
    a = startBuiltServer(env)
    b = startBuiltServer(env)
    await Promise.all([
      waitForStatus(`${a.base}/readyz`, 200, 60_000),
      waitForStatus(`${b.base}/readyz`, 200, 60_000),
    ]).catch((error: unknown) => {
      throw new Error(`${String(error)}\nA: ${a.output().slice(-3000)}\nB: ${b.output().slice(-3000)}`)
    })
    adminToken = await login(a, ADMIN.email, ADMIN.password, '/api/admin/login')
  }, 90_000)

  afterAll(async () => {
    if (process.env.DEBUG_TWO)
      console.log(
        a
          ?.output()
          .split('\n')
          .filter((l) => !l.includes('"request"'))
          .join('\n'),
        b
          ?.output()
          .split('\n')
          .filter((l) => !l.includes('"request"'))
          .join('\n'),
      )
    await Promise.all([a?.stop(), b?.stop()])
    await s3?.close()
    await drop?.()
  })

  async function login(
    server: BuiltServerProcess,
    email: string,
    password: string,
    path = '/api/auth/login',
  ): Promise<string> {
    const res = await fetch(`${server.base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    expect(res.status).toBe(200)
    return (await res.json()).token
  }
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

  async function upload(server: BuiltServerProcess, original: Buffer, title: string) {
    const form = new FormData()
    form.set('file', new Blob([new Uint8Array(original)], { type: 'image/png' }), 'scale.png')
    form.set('title', title)
    form.set('category', 'Scale Tests')
    const res = await fetch(`${server.base}/api/admin/assets`, {
      method: 'POST',
      headers: bearer(adminToken),
      body: form,
    })
    expect(res.status).toBe(201)
    const { id } = (await res.json()) as { id: number }
    // Processed by whichever instance claims the job first.
    return waitUntilProcessed(server.base, adminToken, id)
  }

  it.runIf(usePostgres)(
    'an upload through one is published, listed and downloadable through the other',
    async () => {
      const original = await sharp({
        create: { width: 320, height: 200, channels: 3, background: { r: 10, g: 120, b: 200 } },
      })
        .png()
        .toBuffer()
      const asset = await upload(a, original, 'Uploaded through A')
      const publish = await fetch(`${b.base}/api/admin/assets/${asset.id}/publish`, {
        method: 'POST',
        headers: bearer(adminToken),
      })
      expect(publish.status).toBe(200)

      const listed = await (
        await fetch(`${b.base}/api/assets?search=${encodeURIComponent('Uploaded through A')}`)
      ).json()
      expect(listed.assets.map((x: { id: number }) => x.id)).toContain(asset.id)
      const thumb = await fetch(`${b.base}${asset.thumbnail}`)
      expect(thumb.status).toBe(200)
      expect(thumb.headers.get('cache-control')).toContain('immutable')
      expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(320)

      const register = await fetch(`${a.base}/api/auth/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'reader@example.com', password: 'reader-password-1', full_name: 'Reader' }),
      })
      expect(register.status).toBe(201)
      const token = await login(b, 'reader@example.com', 'reader-password-1')
      const grant = await fetch(`${b.base}/api/assets/download/${asset.id}`, { method: 'POST', headers: bearer(token) })
      expect(grant.status).toBe(200)
      const { downloadUrl } = await grant.json()
      const file = await fetch(new URL(downloadUrl, a.base))
      expect(file.status).toBe(200)
      // The original's pixels, with its provenance added (XMP).
      const delivered = Buffer.from(await file.arrayBuffer())
      const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer()
      expect((await pixels(delivered)).equals(await pixels(original))).toBe(true)
      expect((await sharp(delivered).metadata()).xmp).toBeTruthy()
      // The original is in the bucket and nowhere public: /images/* serves only derivatives.
      expect((await fetch(`${a.base}/images/../originals/x.png`)).status).toBe(404)
    },
    60_000,
  )

  it.runIf(usePostgres)(
    '200 parallel downloads by one free user, split across both, grant exactly 5',
    async () => {
      // 200 published assets: one real upload, its row copied (the files are shared, the ids distinct).
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        await client.query(`
        insert into assets (title, description, tags, category, asset_type, is_active, published_at, original_key, thumb_key, thumb_png_key, preview_key, preview_png_key, original_filename, mime_type, width, height, bytes, dominant_colour)
        select 'Quota copy ' || n, description, tags, category, asset_type, true, now(), original_key, thumb_key, thumb_png_key, preview_key, preview_png_key, original_filename, mime_type, width, height, bytes, dominant_colour
        from assets, generate_series(1, 200) as n where title = 'Uploaded through A'`)
        const ids = (await client.query(`select id from assets where title like 'Quota copy %' order by id`)).rows.map(
          (r) => Number(r.id),
        )
        expect(ids).toHaveLength(200)

        const register = await fetch(`${b.base}/api/auth/register`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'free@example.com', password: 'free-password-12', full_name: 'Free' }),
        })
        expect(register.status).toBe(201)
        const token = await login(a, 'free@example.com', 'free-password-12')
        const answers = await Promise.all(
          ids.map((id, i) =>
            fetch(`${(i % 2 ? a : b).base}/api/assets/download/${id}`, { method: 'POST', headers: bearer(token) }).then(
              async (res) => ({ status: res.status, body: await res.json() }),
            ),
          ),
        )
        const statuses = answers.reduce<Record<number, number>>(
          (acc, x) => ({ ...acc, [x.status]: (acc[x.status] ?? 0) + 1 }),
          {},
        )
        const granted = answers.filter((x) => x.status === 200)
        expect(
          statuses,
          JSON.stringify(answers.filter((x) => x.status !== 200 && x.status !== 403).slice(0, 3)),
        ).toEqual({ 200: 5, 403: 195 })
        const refused = answers.filter((x) => x.status === 403)
        expect(granted).toHaveLength(5)
        expect(refused).toHaveLength(195)
        expect(refused[0]!.body.error).toBe('Download quota exceeded')
        const rows = await client.query(
          `select count(distinct d.asset_id)::int as n from downloads d join users u on u.id = d.user_id where u.email = 'free@example.com'`,
        )
        expect(rows.rows[0].n).toBe(5)
      } finally {
        await client.end()
      }
    },
    60_000,
  )

  it.runIf(usePostgres)(
    'logout on one ends the session on the other',
    async () => {
      const token = await login(a, 'reader@example.com', 'reader-password-1')
      expect((await fetch(`${b.base}/api/auth/me`, { headers: bearer(token) })).status).toBe(200)
      const logout = await fetch(`${b.base}/api/auth/logout`, { method: 'POST', headers: bearer(token) })
      expect(logout.status).toBeLessThan(300)
      expect((await fetch(`${a.base}/api/auth/me`, { headers: bearer(token) })).status).toBe(401)
      expect((await fetch(`${b.base}/api/auth/me`, { headers: bearer(token) })).status).toBe(401)

      // The same for the cookie session of the site itself.
      const form = new URLSearchParams({ email: 'reader@example.com', password: 'reader-password-1' })
      const signIn = await fetch(`${a.base}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: a.base },
        body: form,
      })
      expect(signIn.status).toBe(302)
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
      expect((await fetch(`${b.base}/profile`, { headers: { Cookie: cookie }, redirect: 'manual' })).status).toBe(200)
      const out = await fetch(`${b.base}/logout`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Cookie: cookie, Origin: b.base, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: '',
      })
      expect(out.status).toBeLessThan(400)
      const after = await fetch(`${a.base}/profile`, { headers: { Cookie: cookie }, redirect: 'manual' })
      expect(after.status).toBe(302)
      expect(after.headers.get('location')).toContain('/login')
    },
    30_000,
  )

  it.runIf(usePostgres)(
    'an admin edit on one shows on the other within the cache bound (5 s)',
    async () => {
      // B has the category counts cached before the edit.
      expect(await (await fetch(`${b.base}/categories`)).text()).not.toContain('Moved By Admin')
      const [first] = (
        await (await fetch(`${a.base}/api/assets?search=${encodeURIComponent('Uploaded through A')}`)).json()
      ).assets
      const edit = await fetch(`${a.base}/api/admin/assets/${first.id}`, {
        method: 'PUT',
        headers: { ...bearer(adminToken), 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Edited through A', category: 'Moved By Admin' }),
      })
      expect(edit.status).toBe(200)
      // The asset itself is read fresh: at once.
      expect(
        (
          await (await fetch(`${b.base}/api/assets?search=${encodeURIComponent('Edited through A')}`)).json()
        ).assets.map((x: { id: number }) => x.id),
      ).toContain(first.id)
      // The cached category counts: within the bound.
      const started = Date.now()
      for (;;) {
        if ((await (await fetch(`${b.base}/categories`)).text()).includes('Moved By Admin')) break
        expect(Date.now() - started).toBeLessThan(10_000)
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      expect(Date.now() - started).toBeLessThan(6_000)
    },
    30_000,
  )
})
