// npm run bench:http [-- --duration 10 --connections 50 --port 3290]
// The anonymous explore page of the built server against plain node:http serving the very same
// gzip bytes and headers, side by side in one run (autocannon), then thumbnails per second.
// Target: the app at 25% or more of plain node:http, p99 under 100 ms at 50 connections.
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { createDatabase, migrateToLatest } from '#db/client'
import { makeAsset } from '../tests/support/factories'
import { createLocalStorage } from '~/platform/storage.server'
import { startBuiltServer, writePerformanceSection } from './bench-support'
import { createScratchDatabase, isReachable, serverUrl } from '../tests/support/database-url'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string' },
    connections: { type: 'string' },
    port: { type: 'string' },
    'no-report': { type: 'boolean' },
  },
})
const DURATION = Number(args.duration ?? process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(args.connections ?? process.env.BENCH_CONNECTIONS ?? 50)
const PORT = Number(args.port ?? process.env.BENCH_PORT ?? 3290)
const ASSETS = 24
const PAGE = '/explore'

interface Run {
  name: string
  requests: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

async function load(name: string, url: string): Promise<Run> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: name.startsWith('warm-up') ? 2 : DURATION,
    headers: { 'accept-encoding': 'gzip' },
  })
  const run = {
    name,
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }
  console.log(
    `${name.padEnd(40)} ${run.requests.toFixed(0).padStart(7)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  errors ${run.errors}  non-2xx ${run.non2xx}`,
  )
  return run
}

/** The response as sent, still compressed (fetch would decompress it). */
function rawGet(url: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

async function main() {
  if (!(await isReachable(serverUrl())))
    throw new Error(`No PostgreSQL server at ${new URL(serverUrl()).host}; set TEST_DATABASE_URL.`)
  const scratch = await createScratchDatabase('stock_bench_http')
  const storageDir = mkdtempSync(path.join(tmpdir(), 'bench-http-'))
  const db = createDatabase({ url: scratch.url })
  let plain: http.Server | undefined
  let app: Awaited<ReturnType<typeof startBuiltServer>> | undefined
  try {
    await migrateToLatest(db)
    const storage = createLocalStorage(storageDir)
    const shapes = ['sphere', 'cube', 'torus'] as const
    const made = []
    for (let i = 0; i < ASSETS; i++) {
      made.push(
        await makeAsset(db, storage, {
          title: `Bench ${shapes[i % 3]} ${i}`,
          tags: ['bench', shapes[i % 3]],
          size: 256,
        }),
      )
    }
    app = await startBuiltServer(PORT, scratch.url, { STORAGE_DIR: storageDir })
    // The bytes and headers a browser gets for the cached page: plain node:http serves the same.
    await fetch(`${app.base}${PAGE}`, { headers: { 'accept-encoding': 'gzip' } }).then((r) => r.arrayBuffer())
    const sample = await rawGet(`${app.base}${PAGE}`)
    if (sample.headers['x-page-cache'] !== 'hit' || sample.headers['content-encoding'] !== 'gzip')
      throw new Error('The explore page was not served gzip from the page cache')
    const body = sample.body
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(sample.headers)) {
      if (typeof value === 'string' && !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name))
        headers[name] = value
    }
    plain = http.createServer((_req, res) => {
      res.writeHead(200, headers)
      res.end(body)
    })
    await new Promise<void>((resolve) => plain!.listen(PORT + 1, '127.0.0.1', resolve))
    console.log(`${PAGE}: ${body.length} bytes gzip; ${DURATION} s per run, ${CONNECTIONS} connections`)

    await load('warm-up (not reported)', `${app.base}${PAGE}`)
    const appRun = await load(`app ${PAGE} (anonymous, cached)`, `${app.base}${PAGE}`)
    const plainRun = await load(`plain node:http, same bytes`, `http://127.0.0.1:${PORT + 1}${PAGE}`)
    const thumb = made[0].thumb_key!.replace(/^public\//, '/images/')
    const thumbRun = await load(`app ${thumb.replace(/[0-9a-f-]{36}/, '<uuid>')}`, `${app.base}${thumb}`)
    const ratio = appRun.requests / plainRun.requests
    console.log(`app / plain: ${(ratio * 100).toFixed(1)}% (target >= 25%), app p99 ${appRun.p99} ms (target < 100 ms)`)
    if (!args['no-report']) {
      writePerformanceSection('http', [
        `## Pages through HTTP (npm run bench:http), measured ${new Date().toISOString().slice(0, 10)}`,
        '',
        `autocannon, ${CONNECTIONS} connections, ${DURATION} s per run, gzip accepted, on this 2-core machine (shared with other work; client and servers on the same cores). The explore page of a ${ASSETS}-asset catalogue (${body.length} bytes gzip).`,
        '',
        '| target | req/s | p50 | p99 | errors |',
        '| --- | --- | --- | --- | --- |',
        ...[appRun, plainRun, thumbRun].map(
          (r) => `| ${r.name} | ${r.requests.toFixed(0)} | ${r.p50} ms | ${r.p99} ms | ${r.errors + r.non2xx} |`,
        ),
        '',
        `- **The app serves the anonymous explore page at ${(ratio * 100).toFixed(1)}% of plain node:http** (target: 25% or more), p99 ${appRun.p99} ms (target: under 100 ms).`,
        `- Thumbnails (/images/*, streamed from storage by an Express middleware): ${thumbRun.requests.toFixed(0)} per second.`,
      ])
    }
  } finally {
    plain?.close()
    app?.stop()
    await db.destroy()
    await scratch.drop()
    rmSync(storageDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
