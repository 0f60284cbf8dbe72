import { inflateRawSync } from 'node:zlib'

// A small ZIP reader for tests: the central directory, then each entry's bytes from its local
// header (stored or deflated), ZIP64 offsets included. Enough to read back what the site writes.

export interface UnzippedEntry {
  name: string
  data: Buffer
  crc32: number
}

export function unzip(zip: Buffer): UnzippedEntry[] {
  let end = zip.length - 22
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--
  if (end < 0) throw new Error('no end of central directory')
  let count = zip.readUInt16LE(end + 10)
  let offset = zip.readUInt32LE(end + 16)
  if (zip.readUInt32LE(end - 20) === 0x07064b50) {
    const record = Number(zip.readBigUInt64LE(end - 20 + 8))
    count = Number(zip.readBigUInt64LE(record + 32))
    offset = Number(zip.readBigUInt64LE(record + 48))
  }
  const entries: UnzippedEntry[] = []
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`bad central record ${i}`)
    const method = zip.readUInt16LE(offset + 10)
    const crc32 = zip.readUInt32LE(offset + 16)
    const compressed = zip.readUInt32LE(offset + 20)
    const nameLength = zip.readUInt16LE(offset + 28)
    const extraLength = zip.readUInt16LE(offset + 30)
    const commentLength = zip.readUInt16LE(offset + 32)
    let local = zip.readUInt32LE(offset + 42)
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8')
    if (local === 0xffffffff) local = Number(zip.readBigUInt64LE(offset + 46 + nameLength + 4))
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header for ${name}`)
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const raw = zip.subarray(start, start + compressed)
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw), crc32 })
    offset += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** Reads a web stream to its end. */
export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}
