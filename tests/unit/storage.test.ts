import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createLocalStorage, isPublicKey, isValidKey, publicFileKey, publicFileUrl } from '~/platform/storage.server'

describe('storage keys', () => {
  it('refuses traversal and odd characters', () => {
    expect(isValidKey('public/abc/thumb.webp')).toBe(true)
    expect(isValidKey('public/../originals/x.png')).toBe(false)
    expect(isValidKey('/etc/passwd')).toBe(false)
    expect(isValidKey('public/a b.png')).toBe(false)
  })
  it('only keys under public/ are public', () => {
    expect(isPublicKey('public/abc/thumb.webp')).toBe(true)
    expect(isPublicKey('originals/abc.png')).toBe(false)
  })
  it('a public file is served at /images/ and its key read back from that URL', () => {
    expect(publicFileUrl('public/abc/thumb.png')).toBe('/images/abc/thumb.png')
    expect(publicFileUrl('public/blog/x.webp')).toBe('/images/blog/x.webp')
    expect(publicFileUrl(null)).toBe('')
    expect(publicFileKey('/images/abc/thumb.png')).toBe('public/abc/thumb.png')
    expect(publicFileKey('/og/site.png')).toBeNull()
  })
})

describe('local storage', () => {
  const dirs: string[] = []
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

  it('puts, reads, checks and deletes a file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'storage-'))
    dirs.push(dir)
    const storage = createLocalStorage(dir)
    await storage.put('public/x/file.txt', Buffer.from('hello'))
    expect(await storage.exists('public/x/file.txt')).toBe(true)
    const file = await storage.get('public/x/file.txt')
    expect(file?.size).toBe(5)
    const chunks: Buffer[] = []
    for await (const chunk of file!.stream) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).toString()).toBe('hello')
    await storage.delete('public/x/file.txt')
    expect(await storage.exists('public/x/file.txt')).toBe(false)
    expect(await storage.get('public/x/file.txt')).toBeNull()
    const check = await storage.check()
    expect(check.writable).toBe(true)
    expect(check.freeBytes).toBeGreaterThan(0)
  })
})
