import yauzl from 'yauzl'

// ZIP archives read back with yauzl, a reader written by others: each entry's name, bytes and
// CRC-32 as the archive declares them.

export interface UnzippedEntry {
  name: string
  data: Buffer
  crc32: number
}

export function unzip(zip: Buffer): Promise<UnzippedEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, decodeStrings: true }, (error, archive) => {
      if (error || !archive) return reject(error)
      const entries: UnzippedEntry[] = []
      archive.on('error', reject)
      archive.on('end', () => resolve(entries))
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError)
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('error', reject)
          stream.on('end', () => {
            entries.push({ name: entry.fileName, data: Buffer.concat(chunks), crc32: entry.crc32 })
            archive.readEntry()
          })
        })
      })
      archive.readEntry()
    })
  })
}

/** Reads a web stream to its end. */
export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}
