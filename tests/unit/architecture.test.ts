import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The layers of the house, read from the import lines: each rule names the folder, what it may
// not import at run time (type-only imports carry no code and are allowed), and why.
const ROOT = path.resolve(import.meta.dirname, '../..')

function filesUnder(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = path.posix.join(dir, name)
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...filesUnder(rel))
    else if (/\.(ts|tsx)$/.test(name)) out.push(rel)
  }
  return out
}

/** Every module a file imports at run time, as written ('~/web/http.server', 'kysely', './x'). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), 'utf8')
  const specs: string[] = []
  for (const match of source.matchAll(/^\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s*'([^']+)'/gm)) {
    const [, , typeOnly, names, spec] = match
    if (typeOnly) continue
    // `import { type A, type B } from` is type-only too.
    const inner = /^\{([^}]*)\}$/.exec(names.trim())?.[1]
    if (inner?.split(',').every((n) => !n.trim() || n.trim().startsWith('type '))) continue
    specs.push(spec)
  }
  for (const match of source.matchAll(/^\s*import\s+'([^']+)'/gm)) specs.push(match[1])
  for (const match of source.matchAll(/import\(\s*'([^']+)'\s*\)/g)) specs.push(match[1])
  return specs
}

/** The import resolved to a repository path (app/..., db/..., seed/...) or left as a package name. */
function resolved(file: string, spec: string): string {
  if (spec.startsWith('~/')) return `app/${spec.slice(2)}`
  if (spec.startsWith('#db/')) return `db/${spec.slice(4)}`
  if (spec.startsWith('#seed/')) return `seed/${spec.slice(6)}`
  if (spec.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
  return spec
}

function violations(dir: string, forbidden: (target: string) => boolean): string[] {
  return filesUnder(dir).flatMap((file) =>
    runtimeImports(file)
      .map((spec) => resolved(file, spec))
      .filter(forbidden)
      .map((target) => `${file} imports ${target}`),
  )
}

const under = (prefix: string) => (target: string) => target === prefix || target.startsWith(`${prefix}/`)
const any =
  (...rules: Array<(target: string) => boolean>) =>
  (target: string) =>
    rules.some((rule) => rule(target))

describe('the layers of the house', () => {
  it('the domain sees no HTTP: no web glue, no routes, no components, no React Router', () => {
    expect(
      violations(
        'app/domain',
        any(under('app/web'), under('app/routes'), under('app/components'), under('react-router'), under('express')),
      ),
    ).toEqual([])
  })

  it('adapters serve the domain and never call it', () => {
    expect(
      violations(
        'app/platform',
        any(under('app/domain'), under('app/web'), under('app/routes'), under('app/components')),
      ),
    ).toEqual([])
  })

  it('db/ holds the schema, the client and the migrations: it imports no feature', () => {
    expect(
      violations(
        'db',
        any(under('app/domain'), under('app/web'), under('app/routes'), under('app/components'), under('seed')),
      ),
    ).toEqual([])
  })

  it('route modules and components write no SQL: no Kysely, no database client', () => {
    const sql = any(under('kysely'), under('pg'), under('@electric-sql/pglite'), under('db/client'))
    expect([...violations('app/routes', sql), ...violations('app/components', sql)]).toEqual([])
  })

  it('the demo seed is for the server start only: the app never imports it', () => {
    expect(violations('app', under('seed'))).toEqual([])
  })

  it('app/domain holds feature folders only, each with a README naming its routes and tests', () => {
    const loose = readdirSync(path.join(ROOT, 'app/domain')).filter(
      (name) => !statSync(path.join(ROOT, 'app/domain', name)).isDirectory(),
    )
    expect(loose).toEqual([])
    const unexplained = readdirSync(path.join(ROOT, 'app/domain')).filter((feature) => {
      const readme = path.join(ROOT, 'app/domain', feature, 'README.md')
      try {
        const text = readFileSync(readme, 'utf8')
        return !/app\/routes\//.test(text) || !/tests\//.test(text)
      } catch {
        return true
      }
    })
    expect(unexplained, 'each feature folder opens with a README naming its routes and its tests').toEqual([])
  })
})
