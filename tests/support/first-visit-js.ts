// The JavaScript a first visit of a page downloads: every script the server HTML names
// (the page's module script and what it imports), followed through their static imports, gzip level 9.
// Used by `npm run bench:bundle` (the table in docs/performance.md) and by the budget test.
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export interface FirstVisitJs {
  files: Array<{ file: string; gzip: number }>
  bytes: number
}

export async function firstVisitJs(get: (url: string) => Promise<Buffer>, page: string): Promise<FirstVisitJs> {
  const html = (await get(page)).toString('utf8')
  // Named as a script's src, a link's href, or by the page's module script (`import ... from
  // "/assets/…"`, `import("/assets/…")`): the head carries no modulepreload links.
  const queue = [
    ...new Set([...html.matchAll(/(?:src=|href=|from |import\()"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1])),
  ]
  // Entry imports that are not preloaded are fetched too: follow static imports one level at a time.
  const seen = new Set<string>()
  const files: FirstVisitJs['files'] = []
  while (queue.length) {
    const file = queue.shift()!
    if (seen.has(file)) continue
    seen.add(file)
    const body = await get(file)
    files.push({ file, gzip: gzipSync(body, { level: 9 }).length })
    for (const m of body
      .toString('utf8')
      .matchAll(/(?:^|[;\n])\s*import\s*(?:[^'"]*?from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join('/assets', m[1]))
    }
  }
  return { files, bytes: files.reduce((sum, f) => sum + f.gzip, 0) }
}
