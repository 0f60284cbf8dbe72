import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// app/root.tsx imports Mantine's stylesheets one by one: a component used without
// its stylesheet would render unstyled, and nothing else would notice.
test('every Mantine component the client build uses has its stylesheet imported by the root', () => {
  const assets = path.join(process.env.BUILD_DIR ?? 'build', 'client/assets')
  expect(existsSync(assets), `no build at ${assets}: run npm run build first`).toBe(true)
  const run = spawnSync(process.execPath, ['scripts/mantine-styles.mjs'], { encoding: 'utf8' })
  expect(run.stderr).toBe('')
  expect(run.status).toBe(0)
  // The check reads the build: it found the components (the button at least).
  expect(run.stdout).toContain("@mantine/core/styles/Button.css'")
})
