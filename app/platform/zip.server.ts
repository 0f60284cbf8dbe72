/**
 * A ZIP archive written as it is read: each entry's bytes pass through once, from its source to
 * the reader, and nothing but the central directory (under a hundred bytes an entry) is kept.
 * The archive is an async generator, so a slow reader (or none) stops the reading of the
 * sources; `ReadableStream.from()` or `Readable.from()` turn it into a stream.
 *
 * Entries are stored as they are (images and sounds are compressed already; deflating them
 * again costs CPU for nothing) unless given as bytes with `deflate`, as a text is. Sizes and
 * CRC-32 follow each entry in a data descriptor, so a source is never read twice; names are
 * UTF-8 (flag bit 11). Past 4 GiB of archive the central directory switches to ZIP64, which
 * every current unzipper reads; one entry stays under 4 GiB (uploads are far smaller).
 */
import { crc32, deflateRawSync } from 'node:zlib'

export interface ZipEntry {
  /** The path inside the archive, '/'-separated. */
  name: string
  /** The entry's bytes: given whole (a text), or opened when the archive reaches the entry. */
  data: Uint8Array | (() => Promise<AsyncIterable<Uint8Array>>)
  /** Deflate the entry (bytes given whole only). */
  deflate?: boolean
  modified?: Date
}

const MAX32 = 0xffffffff
const FLAGS = 0x0008 | 0x0800 // sizes in a data descriptor; UTF-8 names
const UNIX_FILE = (0o100644 << 16) >>> 0

/** MS-DOS time and date, in the local time of whoever reads it: written here as UTC. */
function dosTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getUTCFullYear())
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  }
}

/** The archive's bytes, in order: yield them to an HTTP response as they come. */
export async function* zipArchive(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): AsyncGenerator<Buffer> {
  const central: Buffer[] = []
  let offset = 0
  let count = 0
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const method = entry.deflate && entry.data instanceof Uint8Array ? 8 : 0
    const { time, date } = dosTime(entry.modified ?? new Date())
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(FLAGS, 6)
    local.writeUInt16LE(method, 8)
    local.writeUInt16LE(time, 10)
    local.writeUInt16LE(date, 12)
    // CRC and sizes stay 0 here: the data descriptor after the bytes carries them.
    local.writeUInt16LE(name.length, 26)
    const start = offset
    yield Buffer.concat([local, name])
    offset += 30 + name.length

    let crc = 0
    let size = 0
    let written = 0
    if (entry.data instanceof Uint8Array) {
      crc = crc32(entry.data)
      size = entry.data.length
      const body = method === 8 ? deflateRawSync(entry.data) : Buffer.from(entry.data)
      written = body.length
      yield body
    } else {
      for await (const chunk of await entry.data()) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
        crc = crc32(bytes, crc)
        size += bytes.length
        yield bytes
      }
      written = size
    }
    if (size > MAX32 || written > MAX32) throw new Error(`ZIP entry ${entry.name} is larger than 4 GiB`)
    offset += written

    const descriptor = Buffer.alloc(16)
    descriptor.writeUInt32LE(0x08074b50, 0)
    descriptor.writeUInt32LE(crc >>> 0, 4)
    descriptor.writeUInt32LE(written, 8)
    descriptor.writeUInt32LE(size, 12)
    yield descriptor
    offset += 16

    const far = start >= MAX32
    const extra = far ? Buffer.alloc(12) : Buffer.alloc(0)
    if (far) {
      extra.writeUInt16LE(0x0001, 0)
      extra.writeUInt16LE(8, 2)
      extra.writeBigUInt64LE(BigInt(start), 4)
    }
    const record = Buffer.alloc(46)
    record.writeUInt32LE(0x02014b50, 0)
    record.writeUInt16LE((3 << 8) | 45, 4) // made on Unix, ZIP 4.5
    record.writeUInt16LE(far ? 45 : 20, 6)
    record.writeUInt16LE(FLAGS, 8)
    record.writeUInt16LE(method, 10)
    record.writeUInt16LE(time, 12)
    record.writeUInt16LE(date, 14)
    record.writeUInt32LE(crc >>> 0, 16)
    record.writeUInt32LE(written, 20)
    record.writeUInt32LE(size, 24)
    record.writeUInt16LE(name.length, 28)
    record.writeUInt16LE(extra.length, 30)
    record.writeUInt32LE(UNIX_FILE, 38)
    record.writeUInt32LE(far ? MAX32 : start, 42)
    central.push(record, name, extra)
    count++
  }

  const directory = Buffer.concat(central)
  const directoryOffset = offset
  yield directory
  offset += directory.length

  const zip64 = count >= 0xffff || directoryOffset >= MAX32 || directory.length >= MAX32
  if (zip64) {
    const record = Buffer.alloc(56)
    record.writeUInt32LE(0x06064b50, 0)
    record.writeBigUInt64LE(44n, 4)
    record.writeUInt16LE((3 << 8) | 45, 12)
    record.writeUInt16LE(45, 14)
    record.writeBigUInt64LE(BigInt(count), 24)
    record.writeBigUInt64LE(BigInt(count), 32)
    record.writeBigUInt64LE(BigInt(directory.length), 40)
    record.writeBigUInt64LE(BigInt(directoryOffset), 48)
    const locator = Buffer.alloc(20)
    locator.writeUInt32LE(0x07064b50, 0)
    locator.writeBigUInt64LE(BigInt(offset), 8)
    locator.writeUInt32LE(1, 16)
    yield Buffer.concat([record, locator])
  }
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Math.min(count, 0xffff), 8)
  end.writeUInt16LE(Math.min(count, 0xffff), 10)
  end.writeUInt32LE(Math.min(directory.length, MAX32), 12)
  end.writeUInt32LE(Math.min(directoryOffset, MAX32), 16)
  yield end
}

/**
 * The archive as a web stream for a Response: a chunk is made only when the reader asks for one
 * (no read-ahead), and cancelling it (the client went away) closes the source being read.
 */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): ReadableStream<Uint8Array> {
  const archive = zipArchive(entries)
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await archive.next()
        if (next.done) controller.close()
        else controller.enqueue(next.value)
      },
      async cancel() {
        await archive.return(undefined)
      },
    },
    { highWaterMark: 0 },
  )
}
