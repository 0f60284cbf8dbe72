// npm run bench:bundle: the JavaScript a first visit downloads, page by page (gzip sizes), from
// the built server. Budget (DESIGN section 7): home page under 150 KB gzip. Written to
// docs/performance.md.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { createScratchDatabase, isReachable, serverUrl } from '../tests/support/database-url'

const PAGES = ['/', '/explore', '/login', '/blog', '/pricing', '/admin/login']
const BUDGET_KB = 150

async function main() {
  const buildDir = process.env.BUILD_DIR ?? 'build'
  if (!existsSync(path.join(buildDir, 'server/index.js'))) throw new Error('Build first: npx react-router build')
  const scratch = (await isReachable(serverUrl())) ? await createScratchDatabase('stock_bundle') : null
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bundle-'))
  const port = 3291
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: scratch?.url ?? '', DATA_DIR: dataDir, LOG_REQUESTS: 'false', LOG_SILENT: '1', SEED_ON_EMPTY: 'false', SESSION_SECRET: 'bundle-secret-bundle-secret-bundle-secret' },
    stdio: 'ignore',
  })
  const base = `http://127.0.0.1:${port}`
  const rows: { page: string; files: number; kb: number }[] = []
  try {
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break
      } catch {}
      await new Promise((r) => setTimeout(r, 300))
    }
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
    child.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
    await scratch?.drop()
  }
  for (const r of rows) console.log(`${r.page.padEnd(14)} ${String(r.files).padStart(3)} files  ${r.kb.toFixed(1).padStart(7)} KB gzip`)
  const home = rows.find((r) => r.page === '/')!
  console.log(`Home page JavaScript: ${home.kb} KB gzip (budget ${BUDGET_KB} KB)`)
  writeReport(rows)
}

function writeReport(rows: { page: string; files: number; kb: number }[]) {
  const file = 'docs/performance.md'
  const start = '<!-- bench:bundle start -->'
  const end = '<!-- bench:bundle end -->'
  const section = [
    start,
    `## JavaScript per first visit (npm run bench:bundle), measured ${new Date().toISOString().slice(0, 10)}`,
    '',
    'Every script a first visit of the page loads (entry, route chunks and their static imports), gzip level 9.',
    '',
    '| page | files | KB gzip |',
    '| --- | --- | --- |',
    ...rows.map((r) => `| ${r.page} | ${r.files} | ${r.kb.toFixed(1)} |`),
    '',
    `Budget: home page under ${BUDGET_KB} KB gzip; the rich-text editor and charts load only on admin routes.`,
    end,
  ].join('\n')
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n'
  text = text.includes(start) ? text.replace(new RegExp(`${start}[\\s\\S]*${end}`), section) : `${text.trimEnd()}\n\n${section}\n`
  writeFileSync(file, text)
  console.log(`Wrote ${file}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
