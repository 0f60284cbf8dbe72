/**
 * A ZIP archive written as it is read, through yazl: each entry's source is opened only when the
 * archive reaches it and its bytes pass through once, so the memory held is a few chunks and the
 * central directory, whatever the archive's size. Images and sounds are stored as they are (they
 * are compressed already; deflating them again costs CPU for nothing); a text given as bytes may
 * be deflated. yazl writes ZIP64 records past 4 GiB and UTF-8 names.
 */
import { Readable } from 'node:stream'
import { ZipFile } from 'yazl'

export interface ZipEntry {
  /** The path inside the archive, '/'-separated. */
  name: string
  /** The entry's bytes: given whole (a text), or opened when the archive reaches the entry. */
  data: Uint8Array | (() => Promise<AsyncIterable<Uint8Array>>)
  /** Deflate the entry (bytes given whole only). */
  deflate?: boolean
  modified?: Date
}

/** A source opened on the first read, so an archive of many files keeps one open at a time. */
class LazySource {
  private opened: AsyncIterable<Uint8Array> | null = null
  readonly stream: Readable

  constructor(open: () => Promise<AsyncIterable<Uint8Array>>) {
    const self = this
    this.stream = Readable.from(
      (async function* () {
        self.opened = await open()
        yield* self.opened
      })(),
      { objectMode: false },
    )
  }

  /** Closes the source now (its file too), not when a generator next gets its turn. */
  close() {
    const opened = this.opened as { destroy?: () => void } | null
    opened?.destroy?.()
    this.stream.destroy()
  }
}

/**
 * The archive as a web stream for a Response, made only as fast as it is read. Cancelling it
 * (the client went away) ends the archive and closes the source being read before it resolves;
 * yazl itself never closes a source it was given.
 */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): ReadableStream<Uint8Array> {
  const zip = new ZipFile()
  const output = zip.outputStream as Readable
  const sources: LazySource[] = []
  const closeAll = () => {
    for (const source of sources) source.close()
  }
  void (async () => {
    try {
      for await (const entry of entries) {
        const options = { mtime: entry.modified ?? new Date(), mode: 0o100644 }
        if (entry.data instanceof Uint8Array) {
          zip.addBuffer(Buffer.from(entry.data), entry.name, { ...options, compress: entry.deflate === true })
        } else {
          const source = new LazySource(entry.data)
          sources.push(source)
          // A source that fails ends the archive with that error: the reader sees a broken
          // download, never a ZIP that silently lacks a file.
          source.stream.on('error', (error) => output.destroy(error))
          zip.addReadStream(source.stream, entry.name, { ...options, compress: false })
        }
      }
      zip.end()
    } catch (error) {
      output.destroy(error as Error)
    }
  })()
  output.on('close', closeAll)
  const chunks = output[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next()
          if (next.done) controller.close()
          else controller.enqueue(new Uint8Array(next.value as Buffer))
        } catch (error) {
          closeAll()
          controller.error(error)
        }
      },
      cancel() {
        closeAll()
        output.destroy()
      },
    },
    { highWaterMark: 0 },
  )
}
