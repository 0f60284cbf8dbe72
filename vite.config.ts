/// <reference types="vitest/config" />
import { reactRouter } from '@react-router/dev/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const inVitest = Boolean(process.env.VITEST)

const ALONE = [
  'accounts',
  'database-fault',
  'request-bodies',
  'shutdown-drain',
  'start-and-stop',
  'startup-answers',
  'two-instances',
].map((name) => `tests/integration/${name}.test.ts`)

export default defineConfig({
  // The React Router plugin builds the app; vitest only needs the aliases.
  plugins: inVitest ? [] : [reactRouter()],
  environments: {
    // The server build's entry is our Express server, which imports React Router's build: one
    // bundle, run by plain `node build/server/index.js` (React Router's custom-server template).
    // Its first import, React's production build (server/react-production.ts), is a chunk of
    // its own, so it runs before any chunk that imports React.
    ssr: {
      build: {
        rollupOptions: {
          input: './server/index.ts',
          output: {
            manualChunks: (id) => (id.endsWith('/server/react-production.ts') ? 'react-production' : undefined),
          },
        },
      },
    },
  },
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '#db': fileURLToPath(new URL('./db', import.meta.url)),
      '#seed': fileURLToPath(new URL('./seed', import.meta.url)),
    },
  },
  ssr: {
    // Native or WASM packages, and those that find a bundled program beside them, stay outside
    // the server bundle.
    external: ['sharp', 'argon2', '@electric-sql/pglite', 'pg', '@ffmpeg-installer/ffmpeg', 'exiftool-vendored'],
  },
  test: {
    globalSetup: ['tests/integration/global-setup.ts'],
    setupFiles: ['tests/integration/setup-env.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // Two files at a time on two cores, each worker with a database of its own.
      {
        extends: true,
        test: {
          name: 'side by side',
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: ALONE,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      // Then, one at a time, the files that time what they measure (a response within a budget,
      // an exit within the documented time, two timings compared), which a neighbour's load
      // would skew.
      {
        extends: true,
        test: { name: 'alone', include: ALONE, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
})
