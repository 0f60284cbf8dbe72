// npm run bench:vocabulary [-- --assets 1000000 --rounds 3 --bulk 10000 --updates 2000]
// What the search vocabulary's counts (migration 0029) cost: the statement triggers beside the
// same statements with them disabled, alternating, each inside a transaction rolled back, on
// the search bench's database (`stock_bench_<N>`, made by `npm run bench:search -- --assets <N>
// --reuse`), which is left as it was. Measures a bulk unpublish and publish of --bulk assets in
// one statement each, --updates single-row download-count updates (the trigger runs on every
// update and must add nothing there), the migration's recount over the whole catalogue, and
// suggestions for short prefixes (ordered by the counts). Into docs/performance.md.
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createDatabase } from '#db/client'
import { suggestSearches } from '~/domain/catalogue/search.server'
import { writePerformanceSection } from './bench-support'
import { isReachable, serverUrl, withDatabase } from '../tests/support/database-url'

const { values: args } = parseArgs({
  options: {
    assets: { type: 'string' },
    rounds: { type: 'string' },
    bulk: { type: 'string' },
    updates: { type: 'string' },
  },
})
const ASSETS = Number(args.assets ?? 100_000)
const ROUNDS = Number(args.rounds ?? 3)
const BULK = Number(args.bulk ?? 10_000)
const UPDATES = Number(args.updates ?? 2_000)
const PREFIXES = ['ro', 'rob', 'gl', 'ch', 'ne', 'co']

const load = () => loadavg()[0]!.toFixed(2)
const ms = (n: number) => `${n.toFixed(0)} ms`
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

if (!(await isReachable(serverUrl()))) throw new Error('PostgreSQL is not reachable')
const url = withDatabase(serverUrl(), `stock_bench_${ASSETS}`)
const client = new pg.Client({ connectionString: url })
await client.connect().catch(() => {
  throw new Error(`No stock_bench_${ASSETS}: run npm run bench:search -- --assets ${ASSETS} --reuse first`)
})

/** Off: the count triggers of an update (inside the transaction: the rollback turns them on again). */
async function disableTriggers() {
  await client.query('alter table assets disable trigger assets_count_search_terms_update')
  await client.query('alter table assets disable trigger assets_note_search_words_change')
}

/**
 * One statement's time inside a transaction that is rolled back, with the triggers on or off;
 * `before` runs first in the same transaction, untimed.
 */
async function timed(statement: string, trigger: boolean, before?: string): Promise<number> {
  await client.query('begin')
  try {
    if (!trigger) await disableTriggers()
    if (before) await client.query(before)
    const start = performance.now()
    await client.query(statement)
    return performance.now() - start
  } finally {
    await client.query('rollback')
  }
}

const STATEMENTS = {
  unpublish: `update assets set is_active = false
    where id in (select id from assets where is_active order by id limit ${BULK})`,
  // The drafts the unpublish made in the same transaction, published back in one statement.
  publish: `update assets set is_active = true
    where id in (select id from assets where not is_active order by id limit ${BULK})`,
  updates: `do $$ begin for i in 1..${UPDATES} loop
      update assets set download_count = download_count + 1 where id = 1 + (i * 7919) % ${ASSETS};
    end loop; end $$`,
}

const lines: string[] = []
const figures = {
  unpublish: { on: [] as number[], off: [] as number[] },
  publish: { on: [] as number[], off: [] as number[] },
  updates: { on: [] as number[], off: [] as number[] },
}
for (let round = 0; round < ROUNDS; round++) {
  for (const trigger of round % 2 ? [false, true] : [true, false]) {
    const side = trigger ? 'on' : 'off'
    figures.unpublish[side].push(await timed(STATEMENTS.unpublish, trigger))
    figures.updates[side].push(await timed(STATEMENTS.updates, trigger))
    figures.publish[side].push(await timed(STATEMENTS.publish, trigger, STATEMENTS.unpublish))
  }
  console.log(`round ${round + 1} of ${ROUNDS} (load ${load()})`)
}
const recount = await timed(
  `create temp table recount on commit drop as
    select w.word, count(*) from assets a cross join lateral asset_search_words(a.title, a.tags, a.category) as w(word)
    where a.is_active group by w.word`,
  true,
)
const terms = await client.query<{ n: number }>('select count(*)::int as n from search_terms')
await client.end()

const db = createDatabase({ url })
const suggest: string[] = []
for (const prefix of PREFIXES) {
  const times: number[] = []
  for (let i = 0; i < 20; i++) {
    const start = performance.now()
    await suggestSearches(db, prefix)
    times.push(performance.now() - start)
  }
  suggest.push(`'${prefix}' ${median(times).toFixed(1)} ms`)
}
await db.destroy()

const when = new Date().toISOString().slice(0, 16).replace('T', ' ')
lines.push(
  `## Search vocabulary counts at ${ASSETS.toLocaleString('en-US')} assets (npm run bench:vocabulary -- --assets ${ASSETS}), measured ${when} UTC`,
  '',
  `Medians of ${ROUNDS} rounds, the count triggers (migration 0029) on and off alternating, each statement in a`,
  `transaction rolled back; load average at the end ${load()} (2 cores, shared). ${terms.rows[0]!.n} terms.`,
  '',
  '| Statement | Triggers on | Triggers off |',
  '| --- | --- | --- |',
  `| Unpublish ${BULK.toLocaleString('en-US')} assets, one statement | ${ms(median(figures.unpublish.on))} | ${ms(median(figures.unpublish.off))} |`,
  `| Publish ${BULK.toLocaleString('en-US')} drafts, one statement | ${ms(median(figures.publish.on))} | ${ms(median(figures.publish.off))} |`,
  `| ${UPDATES.toLocaleString('en-US')} single-row download-count updates | ${ms(median(figures.updates.on))} | ${ms(median(figures.updates.off))} |`,
  '',
  `The migration's recount over every published asset: ${ms(recount)}. Suggestions (median of 20): ${suggest.join(', ')}`,
  `(the bench's vocabulary is small: a prefix of a real catalogue's matches more terms, all sorted by count).`,
)
writePerformanceSection('vocabulary', lines)
