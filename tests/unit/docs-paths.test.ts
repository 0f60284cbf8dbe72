import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The docs name files of the repository; a file that moves or goes must take its mentions
// with it. This reads the docs that describe the code and fails, listing them all, on every
// cited path that does not exist.
const ROOT = path.resolve(import.meta.dirname, '../..')
const DECISIONS = 'docs/decisions'

const markdownIn = (dir: string) =>
  existsSync(path.join(ROOT, dir))
    ? readdirSync(path.join(ROOT, dir))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `${dir}/${name}`)
    : []

const featureReadmes = readdirSync(path.join(ROOT, 'app/domain'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `app/domain/${entry.name}/README.md`)
  .filter((file) => existsSync(path.join(ROOT, file)))

const DOCS = [
  'README.md',
  ...markdownIn('docs'),
  ...markdownIn(DECISIONS),
  ...featureReadmes,
  ...(existsSync(path.join(ROOT, 'app/platform/README.md')) ? ['app/platform/README.md'] : []),
]

/** A path in backticks is the repository's when it starts with one of its top folders. */
const REPOSITORY_PATH = /^(app|db|server|seed|tests|scripts|docs|public)\/[^\s]*$/
/** Globs and placeholders stand for many files, or none yet: not checked. */
const PATTERN = /[*<>{}]/

interface Citation {
  doc: string
  line: number
  kind: 'code' | 'link'
  cited: string
  /** The path from the repository's root. */
  target: string
}

/** Fenced blocks are examples and diagrams, not citations (blanked, so lines keep their numbers). */
const withoutFences = (text: string) => text.replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ''))
const lineAt = (text: string, index = 0) => text.slice(0, index).split('\n').length

function citations(doc: string): Citation[] {
  const text = withoutFences(readFileSync(path.join(ROOT, doc), 'utf8'))
  const found: Citation[] = []
  // `app/web/http.server.ts`, `db/migrations/`, `tests/e2e/home.spec.ts:12`: from the root.
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const cited = match[1].trim()
    if (!REPOSITORY_PATH.test(cited) || PATTERN.test(cited)) continue
    found.push({
      doc,
      line: lineAt(text, match.index),
      kind: 'code',
      cited,
      target: cited.replace(/:\d+$/, '').replace(/\/$/, ''),
    })
  }
  // [text](target): relative to the document, as a Markdown viewer resolves it.
  for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const link = match[1]
    if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('#') || link.startsWith('/') || PATTERN.test(link))
      continue
    const file = link.replace(/#.*$/, '')
    found.push({
      doc,
      line: lineAt(text, match.index),
      kind: 'link',
      cited: link,
      target: path.relative(ROOT, path.resolve(ROOT, path.dirname(doc), file)),
    })
  }
  return found
}

describe('paths cited in the docs', () => {
  it('reads the docs it is meant to read', () => {
    expect(DOCS).toContain('README.md')
    expect(DOCS).toContain('docs/architecture.md')
    expect(DOCS).toContain(`${DECISIONS}/README.md`)
    expect(citations('README.md').map(({ target }) => target)).toContain('docs/architecture.md')
  })

  it('names only files and folders that exist', () => {
    const missing = DOCS.flatMap(citations)
      .filter(({ target }) => !existsSync(path.join(ROOT, target)))
      .map(({ doc, line, cited }) => `${doc}:${line}: ${cited}`)
    expect(missing).toEqual([])
  })
})

describe('the decisions index', () => {
  const index = `${DECISIONS}/README.md`
  const decisionFiles = markdownIn(DECISIONS)
    .map((file) => path.basename(file))
    .filter((name) => name !== 'README.md')
  const indexed = citations(index)
    .filter(({ kind }) => kind === 'link')
    .map(({ target }) => path.basename(target))

  it('lists every decision file', () => {
    expect(decisionFiles.filter((name) => !indexed.includes(name))).toEqual([])
  })

  it('links only to decision files', () => {
    expect(indexed.filter((name) => !decisionFiles.includes(name))).toEqual([])
  })

  it('names each file by its number, once, with the same number in its heading', () => {
    const wrong = decisionFiles.filter((name) => {
      const number = /^(\d{3})-[a-z0-9-]+\.md$/.exec(name)?.[1]
      if (!number) return true
      const heading = readFileSync(path.join(ROOT, DECISIONS, name), 'utf8').split('\n')[0]
      return !(heading ?? '').startsWith(`# ${Number(number)}. `)
    })
    expect(wrong).toEqual([])
    const numbers = decisionFiles.map((name) => name.slice(0, 3))
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([])
  })
})
