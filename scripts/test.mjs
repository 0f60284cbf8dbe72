// `npm test`: builds the app, runs vitest (unit + integration) and Playwright (JavaScript on
// and off), then prints one total over both suites as the last line.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'

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
// Terminal colours stripped, the first line kept: one line per failure in the summary.
const firstLine = (text) =>
  String(text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')[0]
    .slice(0, 300)

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
  const report = JSON.parse(readFileSync(VITEST_JSON, 'utf8'))
  passed += report.numPassedTests
  failed += report.numFailedTests
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  // A file that fails to load has no tests in it, but is a failure all the same.
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
  ).length
  failed += brokenFiles
  // The names of what failed, close to the total: a log read from its end still says which.
  for (const file of report.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name)
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        failures.push(`vitest ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
    }
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0)
      failures.push(`vitest ${where}: ${firstLine(file.message)}`)
  }
  console.log(`\nvitest: ${report.numPassedTests} passed, ${report.numFailedTests + brokenFiles} failed`)
} else {
  crashed.push('vitest')
}

if (existsSync(PLAYWRIGHT_JSON)) {
  const report = JSON.parse(readFileSync(PLAYWRIGHT_JSON, 'utf8'))
  const s = report.stats
  passed += s.expected + s.flaky
  failed += s.unexpected
  skipped += s.skipped
  const setupErrors = (report.errors ?? []).length
  failed += setupErrors
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue
        const error = test.results?.at(-1)?.error?.message
        failures.push(
          `playwright [${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`,
        )
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, child.title && child.title !== child.file ? [...titles, child.title] : titles)
  }
  for (const suite of report.suites ?? []) walk(suite, [])
  for (const error of report.errors ?? []) failures.push(`playwright: ${firstLine(error.message)}`)
  console.log(
    `playwright: ${s.expected + s.flaky} passed, ${s.unexpected + setupErrors} failed${s.skipped ? `, ${s.skipped} skipped` : ''}`,
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
