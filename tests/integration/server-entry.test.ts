import { execFile } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { BUILT_ENTRY } from '../support/built-server'

// The built server renders with React's production build whatever NODE_ENV is (a `npm start` on
// a laptop runs in development mode, the test servers in test mode): the development build took
// about twice the CPU per page. NODE_ENV itself is left as given: it sets the app's mode.

const run = promisify(execFile)

/** Loads the built server's modules (serving nothing) and lists the package builds it loaded. */
async function loadedBuilds(nodeEnv: string | undefined) {
  const dir = path.dirname(path.resolve(BUILT_ENTRY))
  const modules = [
    path.resolve(BUILT_ENTRY),
    ...readdirSync(path.join(dir, 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => path.join(dir, 'assets', name)),
  ].map((file) => pathToFileURL(file).href)
  const script = `
    import { createRequire } from 'node:module'
    const require = createRequire(import.meta.url)
    for (const url of ${JSON.stringify(modules)}) await import(url)
    // A module only parsed for its export names is in the cache too, never evaluated.
    const loaded = Object.entries(require.cache).filter(([, m]) => m.loaded).map(([file]) => file)
    console.log(JSON.stringify({ nodeEnv: process.env.NODE_ENV ?? null, loaded }))
  `
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' }
  if (nodeEnv !== undefined) env.NODE_ENV = nodeEnv
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { env })
  const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { nodeEnv: string | null; loaded: string[] }
  const inPackages = result.loaded.filter((file) => file.includes(`${path.sep}node_modules${path.sep}`))
  return {
    nodeEnv: result.nodeEnv,
    development: inPackages.filter((file) => /[.-]development\.js$/.test(file)),
    production: inPackages.filter((file) => /[.-]production\.js$/.test(file)).map((file) => path.basename(file)),
  }
}

describe('the built server entry', () => {
  for (const nodeEnv of ['test', 'development', undefined]) {
    it(`renders with React's production build under NODE_ENV=${nodeEnv ?? '(unset)'}, and leaves NODE_ENV as given`, async () => {
      const builds = await loadedBuilds(nodeEnv)
      expect(builds.development).toEqual([])
      expect(builds.production).toEqual(
        expect.arrayContaining(['react.production.js', 'react-dom-server.node.production.js']),
      )
      expect(builds.nodeEnv).toBe(nodeEnv ?? null)
    })
  }
})
