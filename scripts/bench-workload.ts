// The mixed workload of bench:load, which bench:jobs --mixed runs too: the bench's signed-in users
// and their cookies, what it asks for (searches, browse pages, asset pages, profiles), the
// weighted mix, the closed-loop driver and the percentile.
import http from 'node:http'
import pg from 'pg'
import { SEARCH_MIX } from './bench-support'
import { hashToken, newToken } from '~/platform/tokens.server'

/** Signed-in users (bench-load-N@example.test), each with a session and favourites. */
export const USERS = 20

// The search bench's vocabulary: common and rare words, prefixes, typos, several words.
export const WORDS = [
  ...SEARCH_MIX,
  'coffee',
  'planet',
  'glass',
  'chrome',
  'loop',
  'star',
  'clay planet',
  'matte rocket',
  'golden crown',
]
const PAGES = [1, 2, 3]
const BROWSE = [
  'sort=newest',
  'sort=downloads',
  'sort=alphabetical',
  'asset_type=audio',
  'category=Robots',
  'category=Space',
  'tags=cute',
  'color=blue',
]

export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!
const wordsUrl = (base: string) => {
  const words = pick(WORDS)
  // 'aurora' has one page of matches; a page past the last one redirects.
  return `${base}${encodeURIComponent(words)}&page=${words === 'aurora' ? 1 : pick(PAGES)}`
}

export interface Target {
  name: string
  cookie: boolean
  next(): string
}

export interface Stats {
  name: string
  times: number[]
  errors: number
  statuses: Map<number, number>
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 })

function get(port: number, path: string, cookie: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        headers: { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        res.on('data', () => {})
        res.on('end', () => resolve(res.statusCode ?? 0))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
  })
}

/** Closes the driver's kept-alive connections (at the end of a bench). */
export function closeClients(): void {
  agent.destroy()
}

export function merge(into: Map<string, Stats>, from: Map<string, Stats>): void {
  for (const [name, x] of from) {
    const s = into.get(name)
    if (!s) into.set(name, x)
    else {
      s.times.push(...x.times)
      s.errors += x.errors
      for (const [status, n] of x.statuses) s.statuses.set(status, (s.statuses.get(status) ?? 0) + n)
    }
  }
}

/** The nearest-rank percentile; 0 for no values. */
export const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

/** Closed loop: `connections` clients, each sending its next request when the last is answered. */
export async function drive(
  port: number,
  seconds: number,
  connections: number,
  choose: () => Target,
  cookies: string[],
): Promise<Map<string, Stats>> {
  const stats = new Map<string, Stats>()
  const until = performance.now() + seconds * 1000
  async function client(index: number) {
    const cookie = cookies[index % cookies.length]!
    while (performance.now() < until) {
      const target = choose()
      const path = target.next()
      const s: Stats = stats.get(target.name) ?? { name: target.name, times: [], errors: 0, statuses: new Map() }
      stats.set(target.name, s)
      const start = performance.now()
      try {
        const status = await get(port, path, target.cookie ? cookie : null)
        s.times.push(performance.now() - start)
        s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1)
        if (status !== 200) {
          s.errors++
          if (s.errors <= 3) console.log(`  ${status} ${path}`)
        }
      } catch {
        s.errors++
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, (_, i) => client(i)))
  return stats
}

/** Every class's times together, and the errors: the mixed workload's own figures. */
export function mixedFigures(stats: Map<string, Stats>) {
  const times = [...stats.values()].flatMap((s) => s.times)
  return {
    times,
    errors: [...stats.values()].reduce((sum, s) => sum + s.errors, 0),
    p50: percentile(times, 50),
    p90: percentile(times, 90),
    p99: percentile(times, 99),
  }
}

async function benchUsers(client: pg.Client, publishedIds: number[]): Promise<string[]> {
  const cookies: string[] = []
  for (let i = 0; i < USERS; i++) {
    const email = `bench-load-${i}@example.test`
    await client.query(
      `insert into users (email, full_name, email_verified) values ($1, $2, true) on conflict (email) do nothing`,
      [email, `Bench ${i}`],
    )
    const { rows } = await client.query<{ id: string }>('select id from users where email = $1', [email])
    const userId = rows[0]!.id
    await client.query('delete from sessions where user_id = $1', [userId])
    const token = newToken()
    await client.query(
      `insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`,
      [userId, hashToken(token)],
    )
    // Favourites among the newest assets (what browse pages show first) and random ones.
    const favourites = [...publishedIds.slice(0, 30), ...publishedIds.slice(100 + i * 20, 120 + i * 20)]
    await client.query(
      `insert into favourites (user_id, asset_id) select $1, unnest($2::int[]) on conflict do nothing`,
      [userId, favourites],
    )
    cookies.push(`__session=${token}`)
  }
  return cookies
}

/** The mixed workload's classes and weights, with the words the reports name them by. */
const MIX = [
  ['anonExplore', 'anonymous search', 20],
  ['explore', 'signed-in search', 20],
  ['browse', 'signed-in browse', 5],
  ['api', 'API search', 20],
  ['asset', 'anonymous asset page', 15],
  ['signedAsset', 'signed-in asset page', 10],
  ['profile', 'profile', 10],
] as const

/** "anonymous search 20, signed-in search 20, ...": the mix in a report's words. */
export const MIX_WEIGHTS = MIX.map(([, words, weight]) => `${words} ${weight}`).join(', ')

/**
 * The workload on a catalogue database: published ids spread over it and the newest, the bench's
 * users (made or refreshed there: their sessions and favourites are written), the targets, and
 * `choose` drawing the mixed workload's next request.
 */
export async function prepareWorkload(url: string, assets: number) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    // Published ids spread over the whole catalogue (a 1% sample of the table's pages), and the newest.
    const newest = (
      await client.query<{ id: number }>(
        'select id from assets where is_active order by created_at desc, id desc limit 600',
      )
    ).rows.map((r) => r.id)
    const spread = (
      await client.query<{ id: number }>(
        `select id from assets tablesample system (${Math.min(100, Math.max(1, 1_000_000 / assets))}) where is_active limit 20000`,
      )
    ).rows.map((r) => r.id)
    const cookies = await benchUsers(client, newest)
    const randomAsset = () => `/assets/${pick(spread)}`

    const targets = {
      api: {
        name: 'GET /api/assets?search= (words)',
        cookie: false,
        next: () => wordsUrl('/api/assets?limit=20&search='),
      },
      explore: { name: 'signed-in /explore?q= (words)', cookie: true, next: () => wordsUrl('/explore?q=') },
      anonExplore: { name: 'anonymous /explore?q= (words)', cookie: false, next: () => wordsUrl('/explore?q=') },
      browse: {
        name: 'signed-in /explore (browse, filters)',
        cookie: true,
        next: () => `/explore?${pick(BROWSE)}&page=${pick(PAGES)}`,
      },
      home: { name: 'signed-in / (home)', cookie: true, next: () => '/' },
      profile: { name: 'signed-in /profile', cookie: true, next: () => '/profile' },
      favorites: { name: 'signed-in /favorites', cookie: true, next: () => `/favorites?page=${pick([1, 2])}` },
      collections: { name: 'signed-in /collections', cookie: true, next: () => '/collections' },
      asset: { name: 'anonymous /assets/:id (random id)', cookie: false, next: randomAsset },
      signedAsset: { name: 'signed-in /assets/:id (random id)', cookie: true, next: randomAsset },
    } satisfies Record<string, Target>

    const weight = MIX.reduce((s, [, , w]) => s + w, 0)
    const choose = (): Target => {
      let r = Math.random() * weight
      for (const [key, , w] of MIX) {
        r -= w
        if (r < 0) return targets[key]
      }
      return targets[MIX[0][0]]
    }
    /** Every class once or twice: a warm-up, not measured. */
    const warmUp = (port: number) => drive(port, 3, 10, () => pick(Object.values(targets)), cookies)
    return { targets, cookies, spread, choose, warmUp }
  } finally {
    await client.end()
  }
}
