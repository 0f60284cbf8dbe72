import type { AddressInfo } from 'node:net'
import express from 'express'
import type { Storage } from '~/platform/storage.server'
import { imagesMiddleware } from '../../server/images'

/** The /images middleware of server/app.ts on a port of its own, over the given storage. */
export async function startImagesServer(
  storage: Storage,
): Promise<{ fetch(path: string, init?: RequestInit): Promise<Response>; close(): Promise<void> }> {
  const app = express()
  app.use(
    '/images',
    imagesMiddleware(() => storage),
  )
  const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    fetch: (path, init) => fetch(`${base}${path}`, init),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
