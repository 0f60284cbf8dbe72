// node scripts/mantine-styles.mjs (after npm run build): the stylesheets of @mantine/core that
// the client build needs, in the order of Mantine's own styles.css. app/root.tsx imports these
// one by one instead of the whole styles.css, so the render-blocking stylesheet holds only what
// is used; run this after using a Mantine component the app did not use before, and add what it
// lists that root.tsx lacks.
import fs from 'node:fs'
import path from 'node:path'

const dir = 'node_modules/@mantine/core/styles/'
const base = ['baseline.css', 'default-css-variables.css', 'global.css']
const all = fs.readFileSync('node_modules/@mantine/core/styles.css', 'utf8')
const classRe = /\.(m_[0-9a-f]{6,8}\b)/g
const byClass = new Map()
const position = {}
for (const file of fs.readdirSync(dir).filter((f) => !f.includes('.layer.') && !base.includes(f))) {
  const css = fs.readFileSync(dir + file, 'utf8')
  for (const m of css.matchAll(classRe)) {
    if (!byClass.has(m[1])) byClass.set(m[1], new Set())
    byClass.get(m[1]).add(file)
  }
  const first = css.match(/\.m_[0-9a-f]{6,8}\b/)
  position[file] = first ? all.indexOf(first[0]) : -1
}
const assets = path.join(process.env.BUILD_DIR ?? 'build', 'client/assets')
const need = new Set()
for (const file of fs.readdirSync(assets).filter((f) => f.endsWith('.js'))) {
  for (const m of fs.readFileSync(path.join(assets, file), 'utf8').matchAll(/m_[0-9a-f]{6,8}\b/g))
    for (const css of byClass.get(m[0]) ?? []) need.add(css)
}
const root = fs.readFileSync('app/root.tsx', 'utf8')
const wanted = [...base, ...[...need].sort((a, b) => position[a] - position[b])]
const missing = wanted.filter((f) => !root.includes(`@mantine/core/styles/${f}'`))
for (const f of wanted) console.log(`import '@mantine/core/styles/${f}'`)
if (missing.length) {
  console.error(`Missing from app/root.tsx: ${missing.join(', ')}`)
  process.exitCode = 1
}
