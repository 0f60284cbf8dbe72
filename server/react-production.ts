// Loaded first by the server entry (index.ts), before any module that imports React.
import { createRequire } from 'node:module'

/**
 * The packages that pick their build by NODE_ENV when first loaded. Under anything but
 * 'production' that is their development build, with which React renders a page at about twice
 * the CPU; the browser's bundle is the production build whatever NODE_ENV says. So the
 * server renders with the production build in every mode: a `npm start` on a laptop and the
 * test servers serve what production serves. NODE_ENV keeps setting the app's own mode (the
 * demo catalogue, cookies; config.server.ts), and any other package's build.
 */
const PRODUCTION_BUILDS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/server',
  'use-sync-external-store/shim',
  'use-sync-external-store/shim/with-selector',
]

// Vite's dev server (`npm run dev`) keeps the development build, for its warnings.
if (!import.meta.env.DEV) {
  const mode = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    // Loaded once, then shared: the server's imports of these get the same modules.
    const require = createRequire(import.meta.url)
    for (const name of PRODUCTION_BUILDS) require(name)
  } finally {
    if (mode === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = mode
  }
}
