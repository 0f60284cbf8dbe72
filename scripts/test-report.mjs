// The totals of `npm test`, read from the runners' JSON reports, and one line per failure, so a
// log read from its end still says what failed.
import path from 'node:path'

/** Terminal colours stripped, the first line kept. */
const firstLine = (text) =>
  String(text ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')[0]
    .slice(0, 300)

/** Vitest's JSON report: its counts, and what failed (a file that fails to load counts as one). */
export function readVitestReport(report, cwd = process.cwd()) {
  const failures = []
  let brokenFiles = 0
  for (const file of report.testResults ?? []) {
    const where = path.relative(cwd, file.name)
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed')
        failures.push(`vitest ${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`)
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
      brokenFiles += 1
      failures.push(`vitest ${where}: ${firstLine(file.message)}`)
    }
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures,
  }
}

/** Playwright's JSON report: its counts (flaky ones passed), and what failed, errors outside tests included. */
export function readPlaywrightReport(report) {
  const failures = []
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected')
          failures.push(
            `playwright [${test.projectName}] ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(test.results?.at(-1)?.error?.message)}`,
          )
    for (const child of suite.suites ?? [])
      walk(child, child.title && child.title !== child.file ? [...titles, child.title] : titles)
  }
  for (const suite of report.suites ?? []) walk(suite, [])
  for (const error of report.errors ?? []) failures.push(`playwright: ${firstLine(error.message)}`)
  const s = report.stats
  return {
    passed: s.expected + s.flaky,
    failed: s.unexpected + (report.errors ?? []).length,
    skipped: s.skipped,
    failures,
  }
}
