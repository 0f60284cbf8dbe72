import { existsSync, readFileSync } from 'node:fs'
import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { isReachable, serverUrl } from '../support/database-url'
import { builtServerHarness, processesOnPort, waitForStatus, waitUntil } from '../support/built-server'

// SERVER_PROCESSES=2 through the built server (decision 101): two processes share the port and
// both answer, jobs run in the first only, one that dies is replaced while the other goes on
// answering, and without PostgreSQL the start is refused with the reason.

const SECRET = 'processes-test-secret-processes-test-1234'
const ADMIN = { email: 'processes-admin@example.com', password: 'processes-admin-password-1' }

/** The request lines of the log, by the process that wrote them. */
function requestsByProcess(log: string): Map<number, number> {
  const counts = new Map<number, number>()
  for (const line of log.split('\n')) {
    if (!line.includes('"message":"request"')) continue
    const { process } = JSON.parse(line) as { process?: number }
    counts.set(process ?? 0, (counts.get(process ?? 0) ?? 0) + 1)
  }
  return counts
}

/**
 * `count` requests one after another, each on a connection of its own: the processes are handed
 * connections, not requests, and in turn only among those free. At once, a process slow to take
 * its last connection (a busy machine) was passed over: 47 to 13 once in CI.
 */
async function statuses(base: string, count: number): Promise<number[]> {
  const answered: number[] = []
  for (let i = 0; i < count; i++)
    answered.push(
      await new Promise<number>((resolve, reject) => {
        const req = http.get(`${base}/api/assets?page=${(i % 3) + 1}`, { agent: false }, (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
          res.on('error', reject)
        })
        req.on('error', reject)
      }),
    )
  return answered
}

describe('several server processes', async () => {
  const usePostgres = await isReachable(serverUrl())
  const { scratch, start } = builtServerHarness('stock_processes', usePostgres)

  it.runIf(usePostgres)(
    'two processes share the port and both answer; the status names each; jobs run in the first; one that dies is replaced',
    async () => {
      const server = start({
        SERVER_PROCESSES: '2',
        NODE_ENV: 'production',
        SESSION_SECRET: SECRET,
        DATABASE_URL: await scratch(),
        SECURE_COOKIES: 'false',
        LOG_REQUESTS: 'true',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      })
      await waitForStatus(`${server.base}/readyz`, 200)
      await waitUntil(() => (server.output().match(/"message":"ready"/g) ?? []).length === 2, 'both processes ready')
      const { port } = new URL(server.base)
      const processes = processesOnPort(port)
      expect(processes.map((p) => p.serverProcess).sort()).toEqual([1, 2, null])

      expect((await statuses(server.base, 60)).every((status) => status === 200)).toBe(true)
      const counts = requestsByProcess(server.output())
      expect([...counts.keys()].sort()).toEqual([1, 2])
      // Connections are handed out in turn: neither process is left idle.
      expect(Math.min(...counts.values())).toBeGreaterThanOrEqual(15)
      // The job queue's workers start in the first process only.
      expect(readFileSync(`/proc/${processes.find((p) => p.serverProcess === 1)!.pid}/environ`, 'utf8')).toContain(
        'RUN_JOBS=true',
      )
      expect(readFileSync(`/proc/${processes.find((p) => p.serverProcess === 2)!.pid}/environ`, 'utf8')).toContain(
        'RUN_JOBS=false',
      )

      // The status names the process that measured, whose own requests its figures are.
      const login = await fetch(`${server.base}/api/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
      const { token } = (await login.json()) as { token: string }
      const measuredBy = new Set<string>()
      for (let i = 0; i < 20 && measuredBy.size < 2; i++) {
        const res = await fetch(`${server.base}/api/admin/status`, {
          headers: { Authorization: `Bearer ${token}`, Connection: 'close' },
        })
        const { details } = (await res.json()) as { details: { serverProcess: { number: number; of: number } } }
        measuredBy.add(`${details.serverProcess.number} of ${details.serverProcess.of}`)
      }
      expect([...measuredBy].sort()).toEqual(['1 of 2', '2 of 2'])
      // The page says it too (server-rendered, so with JavaScript off as well).
      const signIn = await fetch(`${server.base}/admin/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.base },
        body: new URLSearchParams(ADMIN),
      })
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
      const shownBy = new Set<string>()
      for (let i = 0; i < 20 && shownBy.size < 2; i++) {
        const page = await (
          await fetch(`${server.base}/admin/system-status`, { headers: { cookie, Connection: 'close' } })
        ).text()
        const line =
          /by server process (\d) of (\d): the response time and the error rate are of the requests it answered\./.exec(
            page,
          )
        if (line) shownBy.add(`${line[1]} of ${line[2]}`)
      }
      expect([...shownBy].sort()).toEqual(['1 of 2', '2 of 2'])

      // The second dies: the site goes on answering, and a new second process takes its place.
      const second = processes.find((p) => p.serverProcess === 2)!
      process.kill(second.pid, 'SIGKILL')
      // Its own connections die with it (the client's kept-alive ones included); new ones are
      // handed to the first.
      await waitUntil(() => !existsSync(`/proc/${second.pid}`), 'the second process gone')
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect((await statuses(server.base, 20)).every((status) => status === 200)).toBe(true)
      await waitUntil(() => server.output().includes('server process ended: starting another'), 'the restart')
      await waitUntil(() => (server.output().match(/"message":"ready"/g) ?? []).length === 3, 'the new process ready')
      const after = processesOnPort(port)
      expect(after.map((p) => p.serverProcess).sort()).toEqual([1, 2, null])
      expect(after.find((p) => p.serverProcess === 2)!.pid).not.toBe(second.pid)
      expect((await statuses(server.base, 20)).every((status) => status === 200)).toBe(true)

      expect(await server.stop()).toBe(0)
    },
    120_000,
  )

  it('without PostgreSQL, more than one process is refused at start with the reason', async () => {
    const server = start({ SERVER_PROCESSES: '2', DATABASE_URL: '' })
    const code = await new Promise((resolve) =>
      server.child.exitCode !== null ? resolve(server.child.exitCode) : server.child.once('exit', resolve),
    )
    expect(code).toBe(1)
    expect(server.output()).toContain('SERVER_PROCESSES: above 1 needs DATABASE_URL')
  })
})
