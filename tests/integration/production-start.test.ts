import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import pg from 'pg'
import { isReachable, serverUrl } from '../support/database-url'
import { BUILT_ENTRY, builtServerHarness, waitForStatus } from '../support/built-server'

// A production start is safe by default: no published demo admin, no demo catalogue, one clear
// line on how to create the administrator; the command that does it; the port open at once.

const SECRET = 'production-secret-production-secret-123'
const run = promisify(execFile)

async function count(url: string, query: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return Number((await client.query(query)).rows[0].n)
  } finally {
    await client.end()
  }
}

describe('production start', async () => {
  const usePostgres = await isReachable(serverUrl())
  const { scratch, start } = builtServerHarness('stock_prod', usePostgres)

  it('without admin credentials: no demo admin, no demo seed, a line on admin:create', async () => {
    const url = await scratch()
    const server = start({ NODE_ENV: 'production', SESSION_SECRET: SECRET, DATABASE_URL: url })
    // How fast the port opens is measured by `npm run bench:start`, not by a timed test.
    await waitForStatus(`${server.base}/healthz`, 200, 30_000)
    await waitForStatus(`${server.base}/readyz`, 200)

    const login = await (await fetch(`${server.base}/admin/login`)).text()
    expect(login).not.toContain('demo-admin-password')
    expect(login).not.toContain('admin@example.com')
    const assets = await (await fetch(`${server.base}/api/assets`)).json()
    expect(assets.total).toBe(0)
    expect(server.output()).toContain('npm run admin:create -- --email')
    if (url) {
      expect(await count(url, `select count(*) as n from users`)).toBe(0)
      expect(await count(url, `select count(*) as n from assets`)).toBe(0)
    }
    expect(await server.stop()).toBe(0)
  })

  it('admin:create makes the administrator, with the password from the environment, never from argv', async () => {
    if (!usePostgres) return
    const url = await scratch()
    const env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      DATABASE_URL: url,
      ADMIN_PASSWORD: 'a-long-admin-password',
    }
    const { stdout } = await run(process.execPath, [BUILT_ENTRY, 'admin:create', '--email', 'Owner@Example.com'], {
      env,
    })
    expect(stdout).toContain('owner@example.com')
    expect(
      await count(url, `select count(*) as n from users where email = 'owner@example.com' and role = 'admin'`),
    ).toBe(1)

    const refused = await run(
      process.execPath,
      [BUILT_ENTRY, 'admin:create', '--email', 'x@example.com', '--password', 'secret123'],
      { env },
    ).catch((error: { code: number; stderr: string }) => error)
    expect((refused as { code: number }).code).not.toBe(0)
  })

  // Its time limit covers the wait for the seeded catalogue: on a busy machine the seed alone
  // takes longer than the default 30 s.
  it('DEMO=1 asks for the demo catalogue and the demo admin explicitly', async () => {
    const url = await scratch()
    const server = start({
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      DATABASE_URL: url,
      DEMO: '1',
      DEMO_IMAGE_SIZE: '64',
    })
    await waitForStatus(`${server.base}/readyz`, 200, 120_000)
    const login = await (await fetch(`${server.base}/admin/login`)).text()
    expect(login).toContain('demo-admin-password')
    const assets = await (await fetch(`${server.base}/api/assets`)).json()
    expect(assets.total).toBeGreaterThan(100)
  }, 150_000)
})
