// npm run check:html [base]: the W3C Nu HTML checker (vnu.jar, needs Java) over the server HTML
// of the public pages. Prints each error; exits 1 if there is any.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import vnu from 'vnu-jar'

const base = process.argv[2] ?? process.env.CHECK_BASE ?? 'http://127.0.0.1:3000'
const explore = await (await fetch(`${base}/explore`)).text()
const assetId = explore.match(/assetId=(\d+)/)?.[1]
const post = (await (await fetch(`${base}/blog`)).text()).match(/href="(\/blog\/[^".?#]+)"/)?.[1]
const pages = ['/', '/explore', '/explore?q=shpere', '/explore?q=zzqqxxnothing', `/explore?assetId=${assetId}`, `/assets/${assetId}`, '/pricing', '/login', '/login?mode=register', '/forgot-password', '/blog', post, '/about', '/contact', '/license', '/terms', '/privacy', '/categories', '/collections', '/api', '/careers', '/help', '/faq', '/no-such-page', '/admin/login']
const dir = mkdtempSync(path.join(tmpdir(), 'vnu-'))
const files = []
for (const [i, page] of pages.entries()) {
  const file = path.join(dir, `${i}.html`)
  writeFileSync(file, await (await fetch(base + page)).text())
  files.push([file, page])
}
let out = ''
try {
  out = execFileSync('java', ['-jar', vnu, '--format', 'json', '--errors-only', ...files.map(([f]) => f)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
} catch (error) {
  out = error.stderr || error.stdout || ''
}
rmSync(dir, { recursive: true, force: true })
const messages = JSON.parse(out || '{"messages":[]}').messages.filter((m) => m.type === 'error')
const pageOf = (url) => files.find(([f]) => url.endsWith(f))?.[1] ?? url
for (const m of messages) console.log(`${pageOf(m.url)}:${m.lastLine}: ${m.message} [${(m.extract ?? '').replace(/\s+/g, ' ').slice(0, 120)}]`)
console.log(`${messages.length} errors on ${pages.length} pages`)
process.exitCode = messages.length ? 1 : 0
