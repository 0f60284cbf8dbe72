// npm run bench:bundle: the JavaScript a first visit downloads, page by page (gzip sizes), from
// the built server. Budget: home page under 150 KB gzip (tests/e2e/js-budget.spec.ts). Written to
// docs/performance.md.
import { startBuiltServer, writePerformanceSection } from './bench-support'
import { createScratchDatabase, isReachable, serverUrl } from '../tests/support/database-url'
import { firstVisitJs } from '../tests/support/first-visit-js'

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
      const { files, bytes } = await firstVisitJs(
        async (url) => Buffer.from(await (await fetch(base + url)).arrayBuffer()),
        page,
      )
      rows.push({ page, files: files.length, kb: Math.round(bytes / 102.4) / 10 })
    }
  } finally {
    server.stop()
    await scratch?.drop()
  }
  for (const r of rows)
    console.log(`${r.page.padEnd(14)} ${String(r.files).padStart(3)} files  ${r.kb.toFixed(1).padStart(7)} KB gzip`)
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
    `Budget: home page at most ${BUDGET_KB} KB gzip (asserted by tests/e2e/js-budget.spec.ts); the rich-text editor and charts load only on admin routes.`,
  ])
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
