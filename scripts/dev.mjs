// `npm run dev`: the same server entry, with Vite's dev server for hot reload. Run with
// --conditions=development (package.json) so Node and Vite load the same copy of react-router.
import { createServer } from 'vite'

const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
const { startServer } = await vite.ssrLoadModule('/server/index.ts')
const running = await startServer({ vite })
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, async () => {
    await running.close()
    await vite.close()
    process.exit(0)
  })
}
