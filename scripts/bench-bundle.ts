// npm run bench:bundle: the JavaScript a first visit downloads, page by page (gzip sizes), from
// the built server. Budget (DESIGN section 7): home page under 150 KB gzip. Written to
// docs/performance.md.
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { startBuiltServer, writePerformanceSection } from './bench-support'
import { createScratchDatabase, isReachable, serverUrl } from '../tests/support/database-url'

const PAGES = ['/', '/explore', '/login', '/blog', '/pricing', '/admin/login']
const BUDGET_KB = 150

async function main() {
  const scratch = (await isReachable(serverUrl())) ? await createScratchDatabase('stock_bundle') : null
  const rows: { page: string; files: number; kb: number }[] = []
  const server = await startBuiltServer(3291, scratch?.url ?? '').catch(async (error: unknown) => {
    await scratch?.drop()
    throw error
  })
  const base = server.base
  try {
    for (const page of PAGES) {
      const html = await (await fetch(base + page)).text()
      const scripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))
      // Entry imports that are not preloaded are fetched too: follow static imports one level at a time.
      const seen = new Set<string>()
      const queue = [...scripts]
      let bytes = 0
      while (queue.length) {
        const file = queue.shift()!
        if (seen.has(file)) continue
        seen.add(file)
        const body = Buffer.from(await (await fetch(base + file)).arrayBuffer())
        bytes += gzipSync(body, { level: 9 }).length
        for (const m of body.toString('utf8').matchAll(/(?:^|[;\n])\s*import\s*(?:[^'"]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
          queue.push(path.posix.join('/assets', m[1]))
        }
      }
      rows.push({ page, files: seen.size, kb: Math.round(bytes / 102.4) / 10 })
    }
  } finally {
    server.stop()
    await scratch?.drop()
  }
  for (const r of rows) console.log(`${r.page.padEnd(14)} ${String(r.files).padStart(3)} files  ${r.kb.toFixed(1).padStart(7)} KB gzip`)
  const home = rows.find((r) => r.page === '/')!
  console.log(`Home page JavaScript: ${home.kb} KB gzip (budget ${BUDGET_KB} KB)`)
  writeReport(rows)
}

function writeReport(rows: { page: string; files: number; kb: number }[]) {
  writePerformanceSection('bundle', [
    `## JavaScript per first visit (npm run bench:bundle), measured ${new Date().toISOString().slice(0, 10)}`,
    '',
    'Every script a first visit of the page loads (entry, route chunks and their static imports), gzip level 9.',
    '',
    '| page | files | KB gzip |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${r.page} | ${r.files} | ${r.kb.toFixed(1)} |`),
    '',
    `Budget: home page under ${BUDGET_KB} KB gzip; the rich-text editor and charts load only on admin routes.`,
  ])
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
