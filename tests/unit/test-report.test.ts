import { describe, expect, it } from 'vitest'
// @ts-expect-error a plain script of the project, without types
import { readPlaywrightReport, readVitestReport } from '../../scripts/test-report.mjs'

// `npm test`'s totals and the lines naming each failure, read from the runners' JSON reports
// (shapes as vitest 5 and Playwright write them).

describe('the test summary', () => {
  it("counts vitest's tests, a file that failed to load as one failure, and names each", () => {
    const summary = readVitestReport(
      {
        numPassedTests: 7,
        numFailedTests: 1,
        numPendingTests: 0,
        numTodoTests: 0,
        testResults: [
          {
            name: '/repo/tests/unit/quota.test.ts',
            status: 'failed',
            assertionResults: [
              { fullName: 'quota grants five', status: 'passed', failureMessages: [] },
              {
                fullName: 'quota refuses the sixth',
                status: 'failed',
                failureMessages: [
                  '\u001b[31mAssertionError: expected 200 to be 429\u001b[39m\n    at quota.test.ts:9:3',
                ],
              },
            ],
          },
          {
            name: '/repo/tests/integration/broken.test.ts',
            status: 'failed',
            message: 'Cannot find module x\nstack',
            assertionResults: [],
          },
        ],
      },
      '/repo',
    )
    expect(summary).toEqual({
      passed: 7,
      failed: 2,
      skipped: 0,
      failures: [
        'vitest tests/unit/quota.test.ts › quota refuses the sixth: AssertionError: expected 200 to be 429',
        'vitest tests/integration/broken.test.ts: Cannot find module x',
      ],
    })
  })

  it("counts Playwright's flaky tests as passed and names each unexpected result with its project and describe", () => {
    const summary = readPlaywrightReport({
      stats: { expected: 10, unexpected: 1, flaky: 2, skipped: 0 },
      errors: [{ message: 'Error: webServer exited early\nmore' }],
      suites: [
        {
          title: 'share.spec.ts',
          file: 'share.spec.ts',
          specs: [],
          suites: [
            {
              title: '390 px, dark',
              file: 'share.spec.ts',
              specs: [
                {
                  title: 'the credit line is shown whole',
                  file: 'share.spec.ts',
                  line: 106,
                  tests: [
                    { projectName: 'js', status: 'expected', results: [{}] },
                    {
                      projectName: 'no-js',
                      status: 'unexpected',
                      results: [
                        { error: { message: 'first try' } },
                        { error: { message: 'Error: expect(locator).toBeVisible() failed\nLocator: x' } },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    })
    expect(summary).toEqual({
      passed: 12,
      failed: 2,
      skipped: 0,
      failures: [
        'playwright [no-js] share.spec.ts:106 › 390 px, dark › the credit line is shown whole: Error: expect(locator).toBeVisible() failed',
        'playwright: Error: webServer exited early',
      ],
    })
  })
})
