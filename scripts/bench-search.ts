// npm run bench:search: 100 000 assets in a scratch PostgreSQL database, then p50/p95 of
// searchAssets for 20 mixed queries, and of GET /explore?q=... through the built server.
// Figures are printed and written to docs/performance.md. Budget: searchAssets p95 < 50 ms.
import { sql } from 'kysely'
import { createDatabase, migrateToLatest } from '#db/client'
import { searchAssets, type SearchQuery } from '~/domain/search.server'
import { startBuiltServer, writePerformanceSection } from './bench-support'
import { createScratchDatabase, isReachable, serverUrl } from '../tests/support/database-url'

const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15)
const HTTP_REQUESTS = Number(process.env.BENCH_HTTP ?? 200)

const QUERIES: { name: string; query: SearchQuery }[] = [
  { name: 'word: robot', query: { q: 'robot' } },
  { name: 'word: sphere', query: { q: 'sphere' } },
  { name: 'two words: glossy cube', query: { q: 'glossy cube' } },
  { name: 'prefix: rob', query: { q: 'rob' } },
  { name: 'prefix: neo', query: { q: 'neo' } },
  { name: 'typo: robto', query: { q: 'robto' } },
  { name: 'typo: shpere', query: { q: 'shpere' } },
  { name: 'no match: zzqqxx', query: { q: 'zzqqxx' } },
  { name: 'browse newest', query: { sort: 'newest' } },
  { name: 'browse downloads', query: { sort: 'downloads' } },
  { name: 'browse alphabetical', query: { sort: 'alphabetical' } },
  { name: 'type audio', query: { assetType: 'audio' } },
  { name: 'category Robots', query: { category: 'Robots' } },
  { name: 'tags cute+pastel', query: { tags: ['cute', 'pastel'] } },
  { name: 'q + type: loop audio', query: { q: 'loop', assetType: 'audio' } },
  { name: 'q + category: chrome Technology', query: { q: 'chrome', category: 'Technology' } },
  { name: 'q + downloads sort', query: { q: 'glass', sort: 'downloads' } },
  { name: 'q + alphabetical', query: { q: 'neon', sort: 'alphabetical' } },
  { name: 'deep page 200', query: { sort: 'newest', page: 200 } },
  { name: 'q page 5', query: { q: 'toy', page: 5 } },
]

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}
const ms = (n: number) => `${n.toFixed(1)} ms`

async function fill(db: ReturnType<typeof createDatabase>) {
  // Titles and tags drawn from a realistic vocabulary, generated inside PostgreSQL: fast.
  const materials = ['glossy', 'matte', 'chrome', 'glass', 'clay', 'plastic', 'neon', 'pastel', 'golden', 'wooden']
  const subjects = ['robot', 'sphere', 'cube', 'torus', 'rocket', 'planet', 'cloud', 'heart', 'star', 'coffee', 'cat', 'loop', 'beat', 'lamp', 'chair', 'car', 'tree', 'gem', 'crown', 'camera']
  const extras = ['toy', 'cute', 'minimal', 'isometric', 'low-poly', 'render', '3d', 'icon', 'ambient', 'retro', 'soft', 'bright']
  const categories = ['Characters', 'Robots', 'Food', 'Nature', 'Technology', 'Abstract', 'Space', 'Vehicles', 'Furniture', 'Icons', 'Animals', 'Music']
  await sql`select setseed(0.42)`.execute(db)
  await sql`
    insert into assets (title, description, tags, category, asset_type, is_active, download_count, original_key, thumb_key, thumb_png_key, preview_key, preview_png_key, created_at)
    select
      initcap(m || ' ' || s || ' ' || e),
      'A ' || m || ' ' || s || ' rendered in 3D, ' || e || ' style.',
      array[s, m, e, (${extras}::text[])[1 + (i * 7) % 12]],
      (${categories}::text[])[1 + i % 12],
      (array['3d','3d','3d','image','audio'])[1 + i % 5],
      i % 20 <> 0,
      (i * 7919) % 5000,
      'originals/bench-' || i || '.png',
      'public/bench/' || i || '/thumb.webp', 'public/bench/' || i || '/thumb.png',
      'public/bench/' || i || '/preview.webp', 'public/bench/' || i || '/preview.png',
      now() - (i || ' minutes')::interval
    from generate_series(1, ${ASSETS}) as i,
      lateral (select (${materials}::text[])[1 + floor(random() * 10)::int + (i - i)] as m,
                      (${subjects}::text[])[1 + floor(random() * 20)::int + (i - i)] as s,
                      (${extras}::text[])[1 + floor(random() * 12)::int + (i - i)] as e) as words
  `.execute(db)
  await sql`analyze assets`.execute(db)
  await sql`analyze search_terms`.execute(db)
}

async function benchDomain(db: ReturnType<typeof createDatabase>) {
  const all: number[] = []
  const perQuery: { name: string; p50: number; p95: number; total: number }[] = []
  for (const { query } of QUERIES) await searchAssets(db, query) // warm up
  for (const { name, query } of QUERIES) {
    const times: number[] = []
    let total = 0
    for (let i = 0; i < ROUNDS; i++) {
      const start = performance.now()
      const result = await searchAssets(db, { limit: 20, ...query })
      times.push(performance.now() - start)
      total = result.total
    }
    all.push(...times)
    perQuery.push({ name, p50: percentile(times, 50), p95: percentile(times, 95), total })
  }
  return { p50: percentile(all, 50), p95: percentile(all, 95), perQuery }
}

async function benchHttp(databaseUrl: string) {
  const server = await startBuiltServer(3290, databaseUrl)
  const base = server.base
  try {
    const words = ['robot', 'glossy cube', 'rob', 'shpere', 'neon', 'coffee', 'planet', 'glass']
    const times: number[] = []
    for (let i = 0; i < HTTP_REQUESTS; i++) {
      const q = words[i % words.length]
      const start = performance.now()
      const res = await fetch(`${base}/explore?q=${encodeURIComponent(q)}`)
      await res.text()
      times.push(performance.now() - start)
      if (!res.ok) throw new Error(`GET /explore answered ${res.status}`)
    }
    return { p50: percentile(times, 50), p95: percentile(times, 95) }
  } finally {
    server.stop()
  }
}

async function main() {
  if (!(await isReachable(serverUrl()))) throw new Error(`No PostgreSQL server at ${new URL(serverUrl()).host}; set TEST_DATABASE_URL.`)
  const scratch = await createScratchDatabase('stock_bench')
  const db = createDatabase({ url: scratch.url })
  try {
    await migrateToLatest(db)
    const t0 = performance.now()
    await fill(db)
    console.log(`Inserted ${ASSETS.toLocaleString('en-US')} assets in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
    const domain = await benchDomain(db)
    for (const q of domain.perQuery) console.log(`${q.name.padEnd(34)} p50 ${ms(q.p50).padStart(9)}  p95 ${ms(q.p95).padStart(9)}  (${q.total} found)`)
    console.log(`searchAssets, all queries: p50 ${ms(domain.p50)}, p95 ${ms(domain.p95)} (budget p95 < 50 ms)`)
    const http = await benchHttp(scratch.url)
    console.log(`GET /explore?q=... through the built server: p50 ${ms(http.p50)}, p95 ${ms(http.p95)}`)
    writeReport(domain, http)
  } finally {
    await db.destroy()
    await scratch.drop()
  }
}

function writeReport(domain: Awaited<ReturnType<typeof benchDomain>>, http: { p50: number; p95: number }) {
  writePerformanceSection('search', [
    `## Search (npm run bench:search), measured ${new Date().toISOString().slice(0, 10)}`,
    '',
    `${ASSETS.toLocaleString('en-US')} assets on PostgreSQL (local server, 2 cores), ${ROUNDS} rounds of 20 mixed queries, page size 20.`,
    '',
    '| query | p50 | p95 | found |',
    '| --- | --- | --- | --- |',
    ...domain.perQuery.map((q) => `| ${q.name} | ${ms(q.p50)} | ${ms(q.p95)} | ${q.total} |`),
    '',
    `- **searchAssets, all queries: p50 ${ms(domain.p50)}, p95 ${ms(domain.p95)}** (budget: p95 under 50 ms).`,
    `- GET /explore?q=... through the built server (${HTTP_REQUESTS} sequential requests, whole HTML page): p50 ${ms(http.p50)}, p95 ${ms(http.p95)}.`,
  ])
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
