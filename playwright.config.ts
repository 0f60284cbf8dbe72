import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3210)
export const baseURL = `http://127.0.0.1:${port}`

// Debian's Chromium: Playwright cannot download its own browsers on this network.
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { baseURL, trace: 'off', launchOptions },
  projects: [
    // Every flow runs twice; a test tagged @js-only or @nojs-only belongs to one project.
    {
      name: 'js',
      grepInvert: /@nojs-only/,
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: true, launchOptions },
    },
    {
      name: 'no-js',
      grepInvert: /@js-only/,
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: false, launchOptions },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    // Ready, not just listening: migrations and the demo catalogue are in place.
    url: `${baseURL}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    // SIGTERM, so the e2e server drops its database and temporary folder before it exits.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
})
