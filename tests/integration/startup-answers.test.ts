import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { builtServerHarness, waitForStatus } from '../support/built-server'
import { isReachable, serverUrl } from '../support/database-url'

// A first start on an empty database (embedded PGlite creating its data folder, then the
// migrations, then the demo catalogue) never leaves a request waiting: a visitor's page gets
// the start-up page, an API call a 503 in JSON, both saying when to retry, all the way until
// the site is ready. Requests go out back to back on three paths through the whole start.

const SECRET = 'startup-answers-secret-startup-answers-1'
/**
 * The aim is an answer within 1 s (`npm run bench:start` reports the longest). The bound here
 * is twice that, so a machine busy with other work does not fail the test, and still far below
 * what a held thread costs: creating a PGlite data folder on the server's thread kept every
 * request waiting 3 s on a quiet machine and 25 s on a loaded one.
 */
const ANSWER_WITHIN_MS = 2_000

interface Answer {
  path: string
  status: number
  ms: number
  retryAfter: string | null
  type: string
  body: string
}

async function ask(base: string, path: string, headers: Record<string, string>): Promise<Answer | null> {
  const sent = performance.now()
  try {
    const res = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(60_000) })
    const body = await res.text()
    return {
      path,
      status: res.status,
      ms: performance.now() - sent,
      retryAfter: res.headers.get('retry-after'),
      type: res.headers.get('content-type') ?? '',
      body,
    }
  } catch (error) {
    // Refused: the port is not open yet (the process is still loading). A reset or a timeout is
    // a request left unanswered, kept to fail the test.
    const code = (error as { cause?: { code?: string } }).cause?.code ?? String(error)
    if (code === 'ECONNREFUSED') return null
    return { path, status: 0, ms: performance.now() - sent, retryAfter: null, type: '', body: code }
  }
}

/** Asks one path again and again until the site is ready; returns every answer. */
async function askThroughout(base: string, path: string, headers: Record<string, string>, ready: () => boolean) {
  const answers: Answer[] = []
  const deadline = performance.now() + 240_000
  while (!ready() && performance.now() < deadline) {
    const answer = await ask(base, path, headers)
    if (answer) answers.push(answer)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return answers
}

describe('start-up', async () => {
  const usePostgres = await isReachable(serverUrl())

  for (const database of ['PGlite', 'PostgreSQL'] as const) {
    const { scratch, start } = builtServerHarness('stock_startup_answers', database === 'PostgreSQL')
    it.runIf(database === 'PGlite' || usePostgres)(
      `a first start on ${database}: every request during the migrations and the demo seed is answered at once, with the start-up page or a 503 to retry`,
      async () => {
        const url = await scratch()
        const server = start({
          NODE_ENV: 'production',
          SESSION_SECRET: SECRET,
          DEMO: '1',
          DEMO_IMAGE_SIZE: '64',
          ...(url ? { DATABASE_URL: url } : {}),
        })
        let ready = false
        let exited = false
        server.child.once('exit', () => (exited = true))
        const done = () => ready || exited
        const watch = (async () => {
          while (!done()) {
            const answer = await ask(server.base, '/readyz', {})
            if (answer?.status === 200) ready = true
            else await new Promise((resolve) => setTimeout(resolve, 200))
          }
        })()
        const browser = { Accept: 'text/html,application/xhtml+xml', 'Accept-Encoding': 'gzip, deflate, br' }
        const [pages, api, health] = await Promise.all([
          askThroughout(server.base, '/explore', browser, done),
          askThroughout(server.base, '/api/assets', { Accept: 'application/json' }, done),
          askThroughout(server.base, '/healthz', {}, done),
          watch,
        ])
        expect(exited, server.output()).toBe(false)

        const starting = (answers: Answer[]) => answers.filter((a) => a.status === 503)
        // The start was long enough to be watched through both of its phases.
        const said = starting(pages).map((a) => /<p role="status"[^>]*>([^&]*)/.exec(a.body)?.[1])
        expect(said).toContain('The site is starting')
        expect(said.some((text) => /^Preparing the demo catalogue: \d+ of \d+$/.test(text ?? ''))).toBe(true)

        for (const page of starting(pages)) {
          expect(page.type).toContain('text/html')
          expect(page.retryAfter).toMatch(/^\d+$/)
        }
        for (const call of starting(api)) {
          expect(call.type).toContain('application/json')
          expect(call.retryAfter).toMatch(/^\d+$/)
          expect(JSON.parse(call.body).error).toMatch(/try again/)
        }
        // Nothing but the start-up answers (or, at the very end, the real page); no request reset.
        const unexpected = (answers: Answer[], allowed: number[]) =>
          answers.filter((a) => !allowed.includes(a.status)).map((a) => `${a.path} ${a.status} ${a.body.slice(0, 40)}`)
        expect([
          ...unexpected(pages, [503, 200]),
          ...unexpected(api, [503, 200]),
          ...unexpected(health, [200]),
        ]).toEqual([])

        const whileStarting = [...starting(pages), ...starting(api), ...health.filter((a) => !JSON.parse(a.body).ready)]
        expect(whileStarting.length).toBeGreaterThan(30)
        const slow = whileStarting
          .filter((a) => a.ms > ANSWER_WITHIN_MS)
          .map((a) => `${a.path} ${a.status} after ${Math.round(a.ms)} ms`)
        expect(slow).toEqual([])
      },
      300_000,
    )
  }

  describe('a first start stopped during the demo seed', () => {
    const { start, later } = builtServerHarness('stock_startup_stopped', false)

    it('is finished by the next start: the whole demo catalogue, its kits and its blog', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'stock-stopped-'))
      later(async () => rmSync(dataDir, { recursive: true, force: true }))
      const env = {
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        DATA_DIR: dataDir,
        DEMO: '1',
        DEMO_IMAGE_SIZE: '64',
      }

      // Killed outright (as a container is when its health check gives up) part-way through.
      const first = start(env)
      const deadline = Date.now() + 120_000
      let progress: number[] | undefined
      while (!progress && Date.now() < deadline) {
        const answer = await ask(first.base, '/explore', { Accept: 'text/html' })
        const said = answer && /Preparing the demo catalogue: (\d+) of (\d+)/.exec(answer.body)
        if (said && Number(said[1]) >= 10) progress = [Number(said[1]), Number(said[2])]
        else await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(progress, first.output()).toBeDefined()
      const [done, total] = progress!
      expect(done).toBeLessThan(total)
      first.child.kill('SIGKILL')
      await first.stop()

      const second = start(env)
      await waitForStatus(`${second.base}/readyz`, 200, 240_000)
      expect(second.output()).toMatch(/Resuming the demo seed: \d+ of 120 assets to go/)
      const assets = await (await fetch(`${second.base}/api/assets?limit=1`)).json()
      expect(assets.total).toBe(total)
      const titles = new Set<string>()
      for (let page = 1; titles.size < total && page <= 10; page++) {
        const { assets: found } = await (await fetch(`${second.base}/api/assets?limit=50&page=${page}`)).json()
        for (const asset of found) titles.add(asset.title)
      }
      // Each demo asset once: none made twice by the resumed seed.
      expect(titles.size).toBe(total)
      expect(await (await fetch(`${second.base}/api/blogs`)).json()).toHaveLength(6)
      const kits = await (await fetch(`${second.base}/collections`)).text()
      for (const kit of ['Space Kit', 'Animal Friends', 'Cosy Home']) expect(kits).toContain(kit)
    }, 420_000)
  })

  describe('a second start on the same data', () => {
    const { start, later } = builtServerHarness('stock_startup_again', false)

    it('skips what is already done, serves real pages, and still takes a changed administrator password', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'stock-again-'))
      later(async () => rmSync(dataDir, { recursive: true, force: true }))
      const env = {
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'owner@example.com',
      }
      const signIn = (base: string, password: string) =>
        fetch(`${base}/api/admin/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'owner@example.com', password }),
        }).then((res) => res.status)

      const first = start({ ...env, ADMIN_PASSWORD: 'first-password-123' })
      await waitForStatus(`${first.base}/readyz`, 200, 120_000)
      expect(first.output()).toContain('migrations applied')
      expect(await signIn(first.base, 'first-password-123')).toBe(200)
      expect(await first.stop()).toBe(0)

      const second = start({ ...env, ADMIN_PASSWORD: 'second-password-456' })
      await waitForStatus(`${second.base}/readyz`, 200, 120_000)
      expect(second.output()).not.toContain('migrations applied')
      expect((await fetch(`${second.base}/explore`)).status).toBe(200)
      // The password is checked once the site is ready: the new one works a moment later.
      const deadline = Date.now() + 30_000
      let status = await signIn(second.base, 'second-password-456')
      while (status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        status = await signIn(second.base, 'second-password-456')
      }
      expect(status).toBe(200)
      expect(await signIn(second.base, 'first-password-123')).toBe(401)
    }, 300_000)
  })
})
