// `npm start`: builds when there is no build or a source is newer than it, then serves the
// built app with plain `node`. A second start with nothing changed skips the build.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const buildDir = process.env.BUILD_DIR ?? 'build'
const entry = path.join(buildDir, 'server/index.js')
const SOURCES = [
  'app',
  'server',
  'db',
  'public',
  'vite.config.ts',
  'react-router.config.ts',
  'package.json',
  'package-lock.json',
]

function newestMtime(target) {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)))
  return newest
}

const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : 0
const changedAt = Math.max(...SOURCES.map(newestMtime))
if (builtAt < changedAt) {
  console.log(builtAt ? 'Sources changed since the last build: building...' : 'No build yet: building...')
  const result = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// The built entry runs in this process, so signals (Ctrl-C, SIGTERM) reach the server itself.
const { main } = await import(pathToFileURL(path.resolve(entry)).href)
await main(process.argv.slice(2))
