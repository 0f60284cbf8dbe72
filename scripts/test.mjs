// `npm test`: builds the app, runs vitest (unit + integration) and Playwright (JavaScript on
// and off), then prints one total over both suites as the last line.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { readPlaywrightReport, readVitestReport } from './test-report.mjs'

if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    `Node.js 24 is needed (found ${process.versions.node}): run through npm (\`npm test\`), which uses the project's own Node.`,
  )
  process.exit(1)
}

mkdirSync('.tmp', { recursive: true })
const VITEST_JSON = '.tmp/vitest.json'
const PLAYWRIGHT_JSON = '.tmp/playwright.json'
for (const file of [VITEST_JSON, PLAYWRIGHT_JSON]) rmSync(file, { force: true })

// Everything the runs write to a temporary folder (test data, Chromium profiles, compile
// caches) goes to one folder of ours, removed at the end: the machine's /tmp is left as it was.
const TEMP = path.resolve('.tmp/run')
rmSync(TEMP, { recursive: true, force: true })
mkdirSync(TEMP, { recursive: true })
const tempEnv = { TMPDIR: TEMP, NODE_COMPILE_CACHE: path.join(TEMP, 'node-compile-cache') }

function run(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...tempEnv, ...env } })
  return result.status ?? 1
}

const npx = 'npx'
const crashed = []
const failures = []

if (run(npx, ['react-router', 'build']) !== 0) {
  console.error('The build failed.')
  console.log('0 passed, 1 failed')
  process.exit(1)
}

// Types are a check like any other: a type error counts as one failure.
const typecheckOk = run(npx, ['react-router', 'typegen']) === 0 && run(npx, ['tsc', '--noEmit']) === 0
// Formatting, lint rules and unused exports or dependencies are checks like the types: each
// counts as one test.
const checks = {
  typecheck: typecheckOk,
  'format and lint (biome)': run(npx, ['biome', 'ci', '--error-on-warnings', '.']) === 0,
  'unused code (knip)': run(npx, ['knip']) === 0,
}

const vitestCode = run(npx, [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${VITEST_JSON}`,
])
const playwrightCode = run(npx, ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_JSON,
})

let passed = Object.values(checks).filter(Boolean).length
let failed = Object.values(checks).filter((ok) => !ok).length
let skipped = 0
for (const [name, ok] of Object.entries(checks)) console.log(`${name}: ${ok ? 'passed' : 'failed'}`)

if (existsSync(VITEST_JSON)) {
  const vitest = readVitestReport(JSON.parse(readFileSync(VITEST_JSON, 'utf8')))
  passed += vitest.passed
  failed += vitest.failed
  skipped += vitest.skipped
  failures.push(...vitest.failures)
  console.log(`\nvitest: ${vitest.passed} passed, ${vitest.failed} failed`)
} else {
  crashed.push('vitest')
}

if (existsSync(PLAYWRIGHT_JSON)) {
  const playwright = readPlaywrightReport(JSON.parse(readFileSync(PLAYWRIGHT_JSON, 'utf8')))
  passed += playwright.passed
  failed += playwright.failed
  skipped += playwright.skipped
  failures.push(...playwright.failures)
  console.log(
    `playwright: ${playwright.passed} passed, ${playwright.failed} failed${playwright.skipped ? `, ${playwright.skipped} skipped` : ''}`,
  )
} else {
  crashed.push('playwright')
}

for (const name of crashed) {
  console.error(`${name} produced no report: counted as one failure.`)
  failed += 1
}
if (failed === 0 && (vitestCode !== 0 || playwrightCode !== 0)) {
  console.error('A test runner exited with an error although no test failed: counted as one failure.')
  failed += 1
}

if (failures.length > 0) {
  console.log('\nFailed:')
  for (const line of failures) console.log(`  ${line}`)
}
rmSync(TEMP, { recursive: true, force: true })
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
