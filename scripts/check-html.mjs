// npm run check:html [base]: the W3C Nu HTML checker (vnu.jar, needs Java) over the server HTML
// of the public pages of a running server. Prints each error; exits 1 if there is any. Errors
// inside Mantine's own <style data-mantine-styles> elements are counted apart, as the suite's
// check does (tests/e2e/html-valid.spec.ts).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import vnu from 'vnu-jar'

const base = process.argv[2] ?? process.env.CHECK_BASE ?? 'http://127.0.0.1:3000'
const explore = await (await fetch(`${base}/explore`)).text()
const assetId = explore.match(/assetId=(\d+)/)?.[1]
const post = (await (await fetch(`${base}/blog`)).text()).match(/href="(\/blog\/[^".?#]+)"/)?.[1]
const pages = [
  '/',
  '/explore',
  '/explore?q=shpere',
  '/explore?q=zzqqxxnothing',
  `/explore?assetId=${assetId}`,
  `/assets/${assetId}`,
  '/pricing',
  '/login',
  '/login?mode=register',
  '/forgot-password',
  '/blog',
  post,
  '/about',
  '/contact',
  '/license',
  '/terms',
  '/privacy',
  '/categories',
  '/collections',
  '/api',
  '/careers',
  '/help',
  '/faq',
  '/no-such-page',
  '/admin/login',
]
const dir = mkdtempSync(path.join(tmpdir(), 'vnu-'))
const files = []
const styleRanges = new Map()
for (const [i, page] of pages.entries()) {
  const file = path.join(dir, `${i}.html`)
  const html = await (await fetch(base + page)).text()
  writeFileSync(file, html)
  files.push([file, page])
  styleRanges.set(file, mantineStyleRanges(html))
}
let out = ''
try {
  out = execFileSync('java', ['-jar', vnu, '--format', 'json', '--errors-only', ...files.map(([f]) => f)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
} catch (error) {
  out = error.stderr || error.stdout || ''
}
rmSync(dir, { recursive: true, force: true })
const all = JSON.parse(out || '{"messages":[]}').messages.filter((m) => m.type === 'error')
const fileOf = (url) => files.find(([f]) => url.endsWith(f))?.[0]
const pageOf = (url) => files.find(([f]) => url.endsWith(f))?.[1] ?? url
const messages = all.filter((m) => !inside(m, styleRanges.get(fileOf(m.url)) ?? []))
console.log(`${all.length - messages.length} errors inside Mantine's style elements (not counted)`)
for (const m of messages)
  console.log(`${pageOf(m.url)}:${m.lastLine}: ${m.message} [${(m.extract ?? '').replace(/\s+/g, ' ').slice(0, 120)}]`)
console.log(`${messages.length} errors on ${pages.length} pages`)
process.exitCode = messages.length ? 1 : 0

/** Where Mantine's style elements sit: [line, column, line, column] of start and end, 1-based. */
function mantineStyleRanges(html) {
  const position = (offset) => {
    const before = html.slice(0, offset)
    return [before.split('\n').length, offset - before.lastIndexOf('\n')]
  }
  return [...html.matchAll(/<style data-mantine-styles="[^"]*"[^>]*>[\s\S]*?<\/style>/g)].map((m) => [
    ...position(m.index),
    ...position(m.index + m[0].length),
  ])
}

function inside(m, ranges) {
  const at = (line, column) =>
    ranges.some(
      ([l1, c1, l2, c2]) =>
        (line > l1 || (line === l1 && column >= c1)) && (line < l2 || (line === l2 && column <= c2)),
    )
  return at(m.lastLine, m.lastColumn) && at(m.firstLine ?? m.lastLine, m.firstColumn ?? m.lastColumn)
}
