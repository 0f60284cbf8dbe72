import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { type ZipEntry, zipArchive, zipStream } from '~/platform/zip.server'
import { readAll, unzip } from '../support/unzip'

async function archive(entries: ZipEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of zipArchive(entries)) chunks.push(chunk)
  return Buffer.concat(chunks)
}

/** Python's zipfile, a reader written by others: each entry's name, size and CRC checked. */
function pythonList(zip: Buffer, pick = 'z.infolist()'): Array<{ name: string; size: number; sha: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'zip-test-'))
  try {
    const file = path.join(dir, 'a.zip')
    writeFileSync(file, zip)
    const script = [
      'import hashlib, json, sys, zipfile',
      'z = zipfile.ZipFile(sys.argv[1])',
      'assert z.testzip() is None',
      `print(json.dumps([{"name": i.filename, "size": i.file_size, "sha": hashlib.sha256(z.read(i)).hexdigest()} for i in (${pick})]))`,
    ].join('\n')
    return JSON.parse(execFileSync('python3', ['-c', script, file], { maxBuffer: 64 * 1024 * 1024 }).toString())
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex')

async function* chunks(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part)
}

describe('zipArchive', () => {
  it('writes entries that another reader unpacks byte for byte: stored, deflated, empty, UTF-8 names', async () => {
    const text = Buffer.from('Licence terms\r\n'.repeat(200))
    const zip = await archive([
      { name: 'README.txt', data: text, deflate: true },
      { name: 'Ünïcode café.png', data: async () => chunks('first ', 'second ', 'third') },
      { name: 'empty.txt', data: Buffer.alloc(0) },
    ])
    const ours = unzip(zip)
    expect(ours.map((e) => e.name)).toEqual(['README.txt', 'Ünïcode café.png', 'empty.txt'])
    expect(ours[0].data.equals(text)).toBe(true)
    expect(ours[1].data.toString()).toBe('first second third')
    expect(ours[1].crc32).toBe(crc32(Buffer.from('first second third')))
    // The text is deflated: the archive is smaller than what it holds.
    expect(zip.length).toBeLessThan(text.length)
    expect(pythonList(zip)).toEqual([
      { name: 'README.txt', size: text.length, sha: sha(text) },
      { name: 'Ünïcode café.png', size: 18, sha: sha(Buffer.from('first second third')) },
      { name: 'empty.txt', size: 0, sha: sha(Buffer.alloc(0)) },
    ])
  })

  it('switches to ZIP64 past 65 534 entries, and stays readable', async () => {
    const entries = Array.from({ length: 70_000 }, (_, i) => ({ name: `${i}.txt`, data: Buffer.from(String(i)) }))
    const zip = await archive(entries)
    const read = unzip(zip)
    expect(read).toHaveLength(70_000)
    expect(read[69_999].data.toString()).toBe('69999')
    const listed = pythonList(zip, '[z.infolist()[65535]] if len(z.infolist()) == 70000 else []')
    expect(listed[0]).toEqual({ name: '65535.txt', size: 5, sha: sha(Buffer.from('65535')) })
  })

  it('opens a source only when the reader reaches it, and reads nothing ahead of the reader', async () => {
    const opened: string[] = []
    let produced = 0
    async function* big(name: string) {
      opened.push(name)
      for (let i = 0; i < 100; i++) {
        produced += 65_536
        yield Buffer.alloc(65_536, i)
      }
    }
    const stream = zipStream([
      { name: 'a.bin', data: async () => big('a') },
      { name: 'b.bin', data: async () => big('b') },
    ])
    const reader = stream.getReader()
    let received = 0
    while (received < 300_000) received += (await reader.read()).value!.length
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
    // 6.5 MB per file; the writer has produced only what was read, give or take one chunk.
    expect(opened).toEqual(['a'])
    expect(produced).toBeLessThanOrEqual(received + 65_536)
    await reader.cancel()
  })

  it('zipStream gives the same bytes as the archive', async () => {
    const entries = (): ZipEntry[] => [
      { name: 'x.txt', data: Buffer.from('x'), modified: new Date('2026-01-02T03:04:06Z') },
      { name: 'y.txt', data: async () => chunks('y'), modified: new Date('2026-01-02T03:04:06Z') },
    ]
    expect((await readAll(zipStream(entries()))).equals(await archive(entries()))).toBe(true)
  })
})
