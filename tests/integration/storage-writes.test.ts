import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalStorage } from '~/platform/storage.server'
import { sweepStorage } from '~/platform/storage-cleanup.server'
import { createTestContext, type TestContext } from '../support/context'

// Half-written files of the local folder: removed when the write fails, swept when a crash
// left them, left alone while they are being written.
let t: TestContext
let root: string
beforeAll(async () => {
  t = await createTestContext()
  root = mkdtempSync(path.join(tmpdir(), 'stock-writes-'))
})
afterAll(async () => {
  rmSync(root, { recursive: true, force: true })
  await t.close()
})

describe('half-written files', () => {
  it('a write that fails leaves nothing; an old leftover is swept, a fresh one is not', async () => {
    const storage = createLocalStorage(root)
    const writing = path.join(root, '.writing')
    // The rename fails: a folder stands where the file should go.
    mkdirSync(path.join(root, 'public', 'x', 'preview.png'), { recursive: true })
    await expect(storage.put('public/x/preview.png', Buffer.alloc(1024))).rejects.toThrow()
    expect(readdirSync(writing)).toEqual([])

    const old = path.join(writing, 'old.tmp')
    const fresh = path.join(writing, 'fresh.tmp')
    writeFileSync(old, 'half')
    writeFileSync(fresh, 'half')
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000)
    utimesSync(old, hourAgo, hourAgo)
    await sweepStorage(t.db, storage)
    expect(existsSync(old)).toBe(false)
    expect(existsSync(fresh)).toBe(true)

    await storage.put('public/x/thumb.png', Buffer.from('whole'))
    expect(await storage.exists('public/x/thumb.png')).toBe(true)
  })
})
